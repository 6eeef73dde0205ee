import { useRef, type ReactNode } from 'react';
import { ClearIcon } from '../../ui/icons';
import { plural } from '../../ui/format';
import { ExportMenu, type ExportChoice } from './ExportMenu';

export const RETENTION_CHOICES = [10_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

interface Props {
  live: boolean;
  recording: boolean;
  preserveLog: boolean;
  maxEntries: number;
  shownRows: number;
  totalRows: number;
  filtered: boolean;
  /** What hides rows (the filter, a type chip, Preserve log off), in words. */
  hiddenBy: string[];
  dropped: number;
  catchingUp: boolean;
  /** A new filter is still being applied to older entries. */
  filtering: boolean;
  /** The filter box and its Invert toggle. */
  filter: ReactNode;
  onToggleRecording: () => void;
  onClear: () => void;
  onPreserveLog: (preserve: boolean) => void;
  onMaxEntries: (maxEntries: number) => void;
  onExport: (which: ExportChoice) => void;
  onImport: (file: File) => void;
  /** Opens the list of sessions saved on disk. */
  onSessions: () => void;
  /** Opens the OpenTelemetry export settings. */
  onTraces: () => void;
}

/** Record, clear, preserve log, the filter, counts, export/import and retention, in one bar. */
export function TrafficToolbar(props: Props) {
  const { live, recording, preserveLog, maxEntries, shownRows, totalRows, filtered, hiddenBy, dropped, catchingUp, filtering, filter } = props;
  const fileRef = useRef<HTMLInputElement>(null);
  const choices = RETENTION_CHOICES.includes(maxEntries) ? RETENTION_CHOICES : [...RETENTION_CHOICES, maxEntries].sort((a, b) => a - b);
  return (
    <header className="panel-header traffic__toolbar">
      <h2 className="panel-header__title">Traffic</h2>
      {live && (
        <>
          <button
            type="button"
            className={`record-button ${recording ? 'record-button--on' : 'record-button--off'}`}
            aria-label={recording ? 'Pause recording' : 'Resume recording'}
            title={recording ? 'Recording: click to pause (the core stops recording new traffic)' : 'Paused: click to resume recording'}
            onClick={props.onToggleRecording}
          >
            <span className="record-button__dot" aria-hidden="true" />
            {recording ? 'Recording' : 'Paused'}
          </button>
          <button type="button" className="icon-button" aria-label="Clear traffic" title="Clear traffic" onClick={props.onClear}>
            <ClearIcon />
          </button>
          <label className="traffic-check" title="Keep the traffic of earlier connections when a server reconnects">
            <input type="checkbox" checked={preserveLog} onChange={(event) => props.onPreserveLog(event.target.checked)} />
            Preserve log
          </label>
        </>
      )}
      {filter}
      <span className="panel-header__count traffic__count" aria-busy={filtering}>
        {filtered ? `${shownRows.toLocaleString()} of ${plural(totalRows, 'row')} shown` : plural(totalRows, 'row')}

        {dropped > 0 && (
          <span title="Older entries dropped by the retention limit (Keep), or never received">
            {' '}
            · {dropped.toLocaleString()} dropped
          </span>
        )}
      </span>
      {filtered && hiddenBy.length > 0 && shownRows < totalRows && (
        <span className="traffic__hidden-by" title={`Rows are hidden by ${joinAnd(hiddenBy)}`}>
          {(totalRows - shownRows).toLocaleString()} hidden by {joinAnd(hiddenBy)}
        </span>
      )}
      {catchingUp && (
        <span className="traffic__catching-up" role="status">
          catching up…
        </span>
      )}
      <span className="traffic__actions">
        <ExportMenu visibleRows={shownRows} filtered={filtered} disabled={totalRows === 0} live={props.live} onExport={props.onExport} />
        <button type="button" className="button button--small" onClick={() => fileRef.current?.click()}>
          Import…
        </button>
        <button type="button" className="button button--small" title="Traffic of this and earlier sessions, saved on disk" onClick={props.onSessions}>
          Sessions…
        </button>
        <button type="button" className="button button--small" title="Send a span per MCP request to an OpenTelemetry collector" onClick={props.onTraces}>
          Traces…
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".jsonl,.ndjson,.json,application/x-ndjson,application/json"
          aria-label="Import traffic file"
          className="visually-hidden"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) props.onImport(file);
          }}
        />
        {live && (
          <label className="traffic-keep" title="Most entries kept (in the core and here); older ones are dropped">
            Keep
            <select
              aria-label="Entries to keep"
              className="input input--small traffic-keep__select"
              value={maxEntries}
              onChange={(event) => props.onMaxEntries(Number(event.target.value))}
            >
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice.toLocaleString()}
                </option>
              ))}
            </select>
          </label>
        )}
      </span>
    </header>
  );
}

/** "a", "a and b", "a, b and c". */
function joinAnd(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}
