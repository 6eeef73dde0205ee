import { createElement, useEffect, useId, useRef, useState } from 'react';
import type { ServerConfig } from '../../../../shared/server-config';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { PencilIcon, TrashIcon } from '../../ui/icons';
import { applyConnectionResult, isActive, statusOf, useConnection } from '../../state/connections/connections-store';
import { ConnectionProblem } from '../../ui/connection/ConnectionProblem';
import { StatusBadge } from '../../ui/connection/StatusBadge';
import { ExportIcon, ExportSnippetsDialog } from './ExportSnippetsDialog';
import { useServersStore } from '../../state/servers';
import { TRANSPORT_NAMES, transportTarget } from './transport-label';
import { serversSlots } from './slots';

export function ServerListItem({ server, selected }: { server: ServerConfig; selected: boolean }) {
  const api = getApi();
  const connection = useConnection(server.id);
  const select = useServersStore((state) => state.select);
  const openEditor = useServersStore((state) => state.openEditor);
  const status = statusOf(connection);
  const [pending, setPending] = useState<'connect' | 'disconnect' | 'remove' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [exporting, setExporting] = useState(false);
  const nameId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  // A server selected from elsewhere (just added, the next after a removal, restored) comes into view.
  useEffect(() => {
    if (selected) itemRef.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const perform = async (action: 'connect' | 'disconnect' | 'remove') => {
    // Connect on a live connection reconnects it, with the saved settings.
    setPending(action);
    setActionError(null);
    try {
      if (action === 'remove') await api.invoke('servers.remove', { id: server.id });
      else applyConnectionResult(await api.invoke(`connections.${action}`, { serverId: server.id }));
    } catch (error) {
      setActionError(errorMessage(error));
    } finally {
      setPending(null);
    }
  };

  const active = isActive(status);
  const target = transportTarget(server.transport);

  return (
    <li
      ref={itemRef}
      className={`server-item ${selected ? 'server-item--selected' : ''}`}
      aria-labelledby={nameId}
      onClick={() => select(server.id)}
    >
      <div className="server-item__head">
        <button
          type="button"
          id={nameId}
          className="server-item__name"
          aria-current={selected ? 'true' : undefined}
          onClick={() => select(server.id)}
        >
          {server.name}
        </button>
        <StatusBadge status={status} />
      </div>
      <div className="server-item__transport">
        <span className="transport-tag">{TRANSPORT_NAMES[server.transport.type]}</span>
        <span className="server-item__target" title={target}>
          {target}
        </span>
      </div>

      {(status === 'failed' || status === 'exited' || status === 'disconnected') && (
        <ConnectionProblem connection={connection} actions={createElement(serversSlots.DiagnoseButton.get(), { server, failed: true })} />
      )}
      {active && connection?.settingsChanged && (
        <div className="server-item__stale" role="status">
          <p>
            Edited since it connected: the connection still uses the old {listOf(connection.settingsChanged)}.
          </p>
          <button type="button" className="button button--small" disabled={pending === 'connect'} onClick={() => void perform('connect')}>
            Reconnect to apply
          </button>
        </div>
      )}
      {actionError && (
        <p className="connection-problem__message" role="alert">
          {actionError}
        </p>
      )}

      {confirmingRemove ? (
        <div className="server-item__actions server-item__confirm" role="group" aria-label={`Confirm removing ${server.name}`}>
          <span className="server-item__confirm-text">Remove this server?</span>
          <button
            type="button"
            className="button button--danger button--small"
            disabled={pending === 'remove'}
            onClick={() => void perform('remove')}
          >
            Remove
          </button>
          <button type="button" className="button button--small" onClick={() => setConfirmingRemove(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="server-item__actions">
          {active ? (
            <button
              type="button"
              className="button button--small"
              disabled={pending === 'disconnect'}
              onClick={() => void perform('disconnect')}
            >
              Disconnect
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={pending === 'connect'}
              onClick={() => void perform('connect')}
            >
              Connect
            </button>
          )}
          <span className="server-item__spacer" />
          <button
            type="button"
            className="icon-button"
            aria-label={`Edit ${server.name}`}
            title="Edit"
            onClick={() => openEditor({ mode: 'edit', serverId: server.id })}
          >
            <PencilIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Export snippets for ${server.name}`}
            title="Export snippets: this server's config for each MCP client"
            onClick={() => setExporting(true)}
          >
            <ExportIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove ${server.name}`}
            title="Remove"
            onClick={() => setConfirmingRemove(true)}
          >
            <TrashIcon />
          </button>
        </div>
      )}
      {exporting && <ExportSnippetsDialog server={server} onClose={() => setExporting(false)} />}
    </li>
  );
}

/** "URL", "URL and headers", "command, arguments and environment". */
function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
