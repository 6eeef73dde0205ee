import { useId } from 'react';
import { LOGGING_LEVELS, type LoggingLevel } from '../../../../shared/mcp';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { statusOf, useConnection } from '../../state/connections/connections-store';
import { isLoggingLevel } from './log-entries';
import { useLogsStore } from './logs-store';

/** Whether the server announced the `logging` capability (so `logging/setLevel` is meant to work). */
export function supportsLogging(capabilities: Record<string, unknown> | undefined): boolean {
  return capabilities?.logging !== undefined && capabilities.logging !== null && capabilities.logging !== false;
}

/** Sets the minimum level the server sends (`logging/setLevel`). Shared by Server details and the Logs tab. */
export function LogLevelControl({ serverId }: { serverId: string }) {
  const api = getApi();
  const id = useId();
  const connection = useConnection(serverId);
  const connected = statusOf(connection) === 'connected';
  const connectionId = connection?.connectionId;
  const state = useLogsStore((store) => (connectionId ? store.levels[connectionId] : undefined));
  const capable = supportsLogging(connection?.server?.capabilities);
  const disabled = !connected || !capable || !connectionId || state?.status === 'setting';

  const setLevel = async (connectionId: string, level: LoggingLevel) => {
    const { setLevelState } = useLogsStore.getState();
    setLevelState(connectionId, { level, status: 'setting' });
    try {
      const outcome = await api.invoke('logging.setLevel', { serverId, level });
      setLevelState(connectionId, outcome.failure ? { level, status: 'failed', error: outcome.failure.message } : { level, status: 'set' });
    } catch (error) {
      setLevelState(connectionId, { level, status: 'failed', error: errorMessage(error) });
    }
  };

  const note = !connected
    ? 'Connect to set the level.'
    : !capable
      ? 'This server does not announce the logging capability.'
      : state?.status === 'failed'
        ? `Not set: ${state.error ?? 'the server refused.'}`
        : state?.status === 'setting'
          ? 'Setting…'
          : state
            ? undefined
            : 'The server decides until you choose.';

  return (
    <span className="log-level-control">
      <label htmlFor={id} className="log-level-control__label">
        Server log level
      </label>
      <select
        id={id}
        className="input input--small log-level-control__select"
        value={state?.level ?? ''}
        disabled={disabled}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(event) => {
          const level = event.target.value;
          if (connectionId && isLoggingLevel(level)) void setLevel(connectionId, level);
        }}
      >
        <option value="" disabled>
          Not set
        </option>
        {LOGGING_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </select>
      {note && (
        <span id={`${id}-note`} className={`log-level-control__note ${state?.status === 'failed' ? 'field-error' : ''}`} role={state?.status === 'failed' ? 'alert' : undefined}>
          {note}
        </span>
      )}
    </span>
  );
}
