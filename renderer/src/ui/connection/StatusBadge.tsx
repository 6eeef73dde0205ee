import type { ConnectionStatus } from '../../../../shared/connection';
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

/** A coloured dot plus the status in words, so colour is never the only signal. */
export function StatusBadge({ status }: { status: ConnectionStatus }) {
  return (
    <span className={`status-badge status-badge--${status}`} data-status={status}>
      <span className="status-badge__dot" aria-hidden="true" />
      {LABELS[status]}
    </span>
  );
}
