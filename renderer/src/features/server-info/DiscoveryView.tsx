import type { DiscoveryInfo } from '../../../../shared/connection';

function extensionNames(result: Record<string, unknown>): string[] {
  const capabilities = result.capabilities;
  const extensions =
    typeof capabilities === 'object' && capabilities !== null ? (capabilities as Record<string, unknown>).extensions : undefined;
  return typeof extensions === 'object' && extensions !== null ? Object.keys(extensions) : [];
}

/** What a 2026-07-28 server said in its `server/discover` result: one line, the whole result on demand. */
export function DiscoveryView({ discovery }: { discovery: DiscoveryInfo }) {
  const extensions = extensionNames(discovery.result);
  return (
    <details className="discovery" aria-label="Discovery">
      <summary>
        <span className="capabilities__title">Discovery</span> supported versions{' '}
        <span className="mono">{discovery.supportedVersions.join(', ') || '(none listed)'}</span> · extensions{' '}
        <span className="mono">{extensions.length > 0 ? extensions.join(', ') : '(none)'}</span>
      </summary>
      <p className="muted">The server/discover result as Loupe read it; the exact bytes are in the traffic log.</p>
      <pre className="discovery__json">{JSON.stringify(discovery.result, null, 2)}</pre>
    </details>
  );
}
