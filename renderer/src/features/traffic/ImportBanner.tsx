import { plural } from '../../ui/format';
import type { ImportedTraffic } from './traffic-panel-store';

/** Says that an imported file (or a saved session) is on screen, read-only, and how to go back to the live log. */
export function ImportBanner({ imported, entries, onBackToLive }: { imported: ImportedTraffic; entries: number; onBackToLive: () => void }) {
  const { errors } = imported;
  return (
    <div className="traffic-import" role="status" aria-label="Imported traffic">
      <div className="traffic-import__line">
        <span className="traffic-import__badge">{imported.source === 'session' ? 'Saved session' : 'Imported'}</span>
        <span className="traffic-import__name" title={imported.fileName}>
          {imported.fileName}
        </span>
        <span className="muted">
          {imported.loading ? 'reading…' : plural(entries, 'entry', 'entries')} · read-only, offline
          {imported.duplicates > 0 && ` · ${plural(imported.duplicates, 'repeated entry', 'repeated entries')} skipped`}
        </span>
        <span className="panel-header__spacer" />
        <button type="button" className="button button--small button--primary" onClick={onBackToLive}>
          Back to live traffic
        </button>
      </div>
      {imported.note && <p className="traffic-import__note muted">{imported.note}</p>}
      {errors.length > 0 && (
        <details className="traffic-import__errors">
          <summary className="field-error">
            {plural(errors.length, 'line')} could not be read
          </summary>
          <ul aria-label="Lines that could not be read">
            {errors.slice(0, 200).map((error) => (
              <li key={error.line}>
                Line {error.line}: {error.message}
              </li>
            ))}
            {errors.length > 200 && <li>…and {(errors.length - 200).toLocaleString()} more.</li>}
          </ul>
        </details>
      )}
    </div>
  );
}
