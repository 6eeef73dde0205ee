import { useId, useState } from 'react';
import { DEFAULT_CALL_TIMEOUTS, type CallTimeouts } from '../../../../shared/server-config';
import { formatDuration } from '../../ui/format';

interface Props {
  /** The server's own defaults (from its config). */
  serverDefaults: CallTimeouts | undefined;
  override: CallTimeouts | undefined;
  onChange: (override: CallTimeouts | undefined) => void;
}

const seconds = (ms: number) => String(Math.round(ms / 100) / 10);

/** Per-call timeouts for this tool, instead of the server's defaults. */
export function CallOptions({ serverDefaults, override, onChange }: Props) {
  const id = useId();
  const defaults = serverDefaults ?? DEFAULT_CALL_TIMEOUTS;
  const current = override ?? defaults;
  const [timeoutText, setTimeoutText] = useState(seconds(current.timeoutMs));
  const [maxText, setMaxText] = useState(seconds(current.maxTotalTimeoutMs));
  const [problem, setProblem] = useState<string | null>(null);

  const apply = (patch: { timeout?: string; max?: string; reset?: boolean }) => {
    const timeout = Number(patch.timeout ?? timeoutText);
    const max = Number(patch.max ?? maxText);
    if (!(timeout > 0) || !(max > 0)) {
      setProblem('Enter a number of seconds greater than 0.');
      return;
    }
    if (max < timeout) {
      setProblem('The maximum total must be at least the timeout.');
      return;
    }
    setProblem(null);
    onChange({
      timeoutMs: Math.round(timeout * 1000),
      maxTotalTimeoutMs: Math.round(max * 1000),
      resetTimeoutOnProgress: patch.reset ?? current.resetTimeoutOnProgress,
    });
  };

  return (
    <details className="call-options">
      <summary>
        Call options
        <span className="call-options__summary">
          {override ? ' (this tool)' : ' (server defaults)'}: timeout {formatDuration(current.timeoutMs)}
          {current.resetTimeoutOnProgress ? ', reset on progress' : ''}, at most {formatDuration(current.maxTotalTimeoutMs)}
        </span>
      </summary>
      <div className="call-options__body">
        <label className="call-options__field" htmlFor={`${id}-timeout`}>
          <span className="field__label">Timeout (seconds)</span>
          <input
            id={`${id}-timeout`}
            className="input input--small"
            inputMode="decimal"
            value={timeoutText}
            onChange={(event) => {
              setTimeoutText(event.target.value);
              apply({ timeout: event.target.value });
            }}
          />
        </label>
        <label className="call-options__check">
          <input type="checkbox" checked={current.resetTimeoutOnProgress} onChange={(event) => apply({ reset: event.target.checked })} />
          Progress notifications restart the timeout
        </label>
        <label className="call-options__field" htmlFor={`${id}-max`}>
          <span className="field__label">Maximum total (seconds)</span>
          <input
            id={`${id}-max`}
            className="input input--small"
            inputMode="decimal"
            value={maxText}
            onChange={(event) => {
              setMaxText(event.target.value);
              apply({ max: event.target.value });
            }}
          />
        </label>
        {override && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              onChange(undefined);
              setTimeoutText(seconds(defaults.timeoutMs));
              setMaxText(seconds(defaults.maxTotalTimeoutMs));
              setProblem(null);
            }}
          >
            Use the server’s defaults
          </button>
        )}
        {problem && <p className="field-error">{problem}</p>}
      </div>
    </details>
  );
}
