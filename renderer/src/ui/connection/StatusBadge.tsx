import type { ConnectionStatus } from '../../../../shared/connection';
import { useLinkState } from '../../bridge/use-link-state';
import './connection.css';

const LABELS: Record<ConnectionStatus, string> = {
  idle: 'Idle',
  connecting: 'Connecting',
  connected: 'Connected',
  disconnected: 'Disconnected',
  failed: 'Failed',
  exited: 'Exited',
};

export function statusLabel(status: ConnectionStatus): string {
  return LABELS[status];
}

/** A live status the window cannot vouch for while its link to the core is lost. */
const STALE_WHEN_OFFLINE: ReadonlySet<ConnectionStatus> = new Set(['connecting', 'connected']);

/**
 * A coloured dot plus the status in words, so colour is never the only signal. While the link to
 * the core is lost, a connection last seen live reads "Unknown (offline)", not a stale "Connected".
 */
export function StatusBadge({ status }: { status: ConnectionStatus }) {
  const offline = useLinkState().status === 'lost';
  if (offline && STALE_WHEN_OFFLINE.has(status)) {
    return (
      <span className="status-badge status-badge--unknown" data-status="unknown" title={`${LABELS[status]} when the link was lost`}>
        <span className="status-badge__dot" aria-hidden="true" />
        Unknown (offline)
      </span>
    );
  }
  return (
    <span className={`status-badge status-badge--${status}`} data-status={status}>
      <span className="status-badge__dot" aria-hidden="true" />
      {LABELS[status]}
    </span>
  );
}
