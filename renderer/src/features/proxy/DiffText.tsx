/** Lines rendered at most: a config file's diff is small, but the file is not Loupe's. */
const MAX_LINES = 5_000;

/** A unified diff as text, its added and removed lines marked (colour and a +/- sign, never colour alone). */
export function DiffText({ diff, label }: { diff: string; label: string }) {
  const all = diff.split('\n');
  const lines = all.slice(0, MAX_LINES);
  return (
    <pre className="route-diff" tabIndex={0} aria-label={label}>
      {all.length > MAX_LINES && <span className="route-diff__hunk">{`(The first ${MAX_LINES} of ${all.length} lines.)\n`}</span>}
      {lines.map((line, index) => (
        <span key={index} className={lineClass(line)}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

function lineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---')) return 'route-diff__file';
  if (line.startsWith('@@')) return 'route-diff__hunk';
  if (line.startsWith('+')) return 'route-diff__added';
  if (line.startsWith('-')) return 'route-diff__removed';
  return '';
}
