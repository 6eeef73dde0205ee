import { useMemo } from 'react';
import { LOGGING_LEVELS } from '../../../../shared/mcp';
import { formatClockTime, plural } from '../../ui/format';
import { ClearIcon, CloseIcon } from '../../ui/icons';
import { JsonText } from '../../ui/JsonText';
import { statusOf, useConnection } from '../../state/connections/connections-store';
import { findServer, useServersStore } from '../../state/servers';
import { filterLogs, isLoggingLevel, LOG_FILTER_KEYS } from './log-entries';
import { LogLevelControl, supportsLogging } from './LogLevelControl';
import { LogList } from './LogList';
import { useLogsStore } from './logs-store';
import './logs.css';
import { FilterInput } from '../../ui/filter/FilterInput';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/** The selected server's log messages (`notifications/message`), filtered by level and text. */
export function LogsPanel() {
  const server = useServersStore((state) => findServer(state.servers, state.selectedServerId));
  const serverId = server?.id;
  const connection = useConnection(serverId);
  const revision = useLogsStore((state) => state.revision);
  const entries = useLogsStore((state) => state.entries);
  const minLevel = useLogsStore((state) => state.minLevel);
  const query = useLogsStore((state) => state.query);
  const selectedSeq = useLogsStore((state) => (serverId ? state.selected[serverId] : undefined));
  const dropped = useLogsStore((state) => (serverId ? (state.dropped[serverId] ?? 0) : 0));
  const capacity = useLogsStore((state) => state.capacity);

  // `revision` changes whenever the entries (mutated in place) do.
  const own = useMemo(() => (serverId && revision >= 0 ? entries.filter((entry) => entry.serverId === serverId) : []), [entries, revision, serverId]);
  const visible = useMemo(() => (serverId ? filterLogs(own, { serverId, minLevel, query }) : []), [own, serverId, minLevel, query]);
  const selected = selectedSeq === undefined ? undefined : visible.find((entry) => entry.seq === selectedSeq);

  if (!server || !serverId) {
    return (
      <section className="logs panel" aria-label="Logs">
        <p className="empty-state">Select a server to see its log messages.</p>
      </section>
    );
  }

  const connected = statusOf(connection) === 'connected';
  const capable = supportsLogging(connection?.server?.capabilities);
  const countText = visible.length === own.length ? plural(own.length, 'message') : `${visible.length.toLocaleString()} of ${plural(own.length, 'message')}`;

  return (
    <section className="logs panel" aria-label="Logs">
      <header className="panel-header logs__header">
        <h2 className="panel-header__title">Logs</h2>
        <span className="panel-header__count" aria-live="polite">
          {countText}
        </span>
        {dropped > 0 && (
          <span className="logs__dropped" role="note" title={`Loupe keeps the newest ${capacity.toLocaleString()} log messages across servers, as the traffic log's Keep setting says.`}>
            {dropped.toLocaleString()} older dropped (keeps the newest {capacity.toLocaleString()}, the traffic log&apos;s Keep)
          </span>
        )}
        <span className="panel-header__spacer" />
        <LogLevelControl serverId={serverId} />
        <select
          className="input input--small logs__min-level"
          aria-label="Show messages from level"
          value={minLevel}
          onChange={(event) => {
            if (isLoggingLevel(event.target.value)) useLogsStore.getState().setMinLevel(event.target.value);
          }}
        >
          {LOGGING_LEVELS.map((level, index) => (
            <option key={level} value={level}>
              {index === 0 ? 'Show all levels' : `Show ${level} and above`}
            </option>
          ))}
        </select>
        <FilterInput
          label="Filter logs"
          className="input input--small logs__filter"
          placeholder="Filter: words, level:, logger:, /regex/"
          text={query}
          onText={(text) => useLogsStore.getState().setQuery(text)}
          keys={LOG_FILTER_KEYS}
          valuesOf={(key) => (key === 'level' ? LOGGING_LEVELS : key === 'logger' ? [...new Set(own.flatMap((entry) => (entry.logger ? [entry.logger] : [])))] : undefined)}
        />
        <button
          type="button"
          className="icon-button"
          aria-label="Clear logs of this server"
          title="Clear logs of this server"
          disabled={own.length === 0}
          onClick={() => useLogsStore.getState().clearServer(serverId)}
        >
          <ClearIcon />
        </button>
      </header>
      {connected && !capable && (
        <p className="logs__note" role="note">
          {server.name} does not announce the logging capability, so it may send no log messages and may refuse a log level.
        </p>
      )}
      {own.length === 0 ? (
        <p className="empty-state">
          {connected
            ? `No log messages from ${server.name} yet. They appear here as the server sends notifications/message.`
            : `Connect ${server.name} to receive its log messages.`}
        </p>
      ) : visible.length === 0 ? (
        <p className="empty-state">No message matches the level and filter.</p>
      ) : (
        <div className="logs__body">
          <LogList entries={visible} selectedSeq={selected?.seq} onSelect={(seq) => useLogsStore.getState().select(serverId, seq)} />
          {selected && (
            <section className="logs__detail" aria-label="Log message detail">
              <header className="logs__detail-header">
                <span className={`log-level log-level--${selected.rank >= 0 ? selected.level : 'unknown'}`}>{revealInvisible(selected.level)}</span>
                {selected.logger !== undefined && <span className="log-row__logger">{revealInvisible(selected.logger)}</span>}
                <span className="log-row__time">{formatClockTime(selected.time)}</span>
                <span className="muted">traffic #{selected.seq}</span>
                {selected.truncated && <span className="muted">(too large to show whole: this is its start)</span>}
                <span className="panel-header__spacer" />
                <button
                  type="button"
                  className="icon-button"
                  aria-label="Close message detail"
                  title="Close"
                  onClick={() => useLogsStore.getState().select(serverId, null)}
                >
                  <CloseIcon />
                </button>
              </header>
              {typeof selected.data === 'string' ? (
                <JsonText text={selected.data} label="Log data" className="logs__data" />
              ) : (
                <JsonText value={selected.data} label="Log data" className="logs__data" />
              )}
            </section>
          )}
        </div>
      )}
    </section>
  );
}
