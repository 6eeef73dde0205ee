import { useApprovalsStore } from '../../state/approvals/approvals-store';
import { plural } from '../../ui/format';

/**
 * Under a running call: when its server has requests waiting in Approvals (sampling, elicitation,
 * often the very thing the call waits for), says so, with the way there. Loupe's own timeout is
 * paused meanwhile, so the person may take their time.
 */
export function WaitingForYou({ serverId }: { serverId: string }) {
  const waiting = useApprovalsStore((state) => Object.values(state.byId).filter((approval) => approval.status === 'pending' && approval.serverId === serverId).length);
  if (waiting === 0) return null;
  return (
    <p className="waiting-for-you" role="status">
      <strong>The server is waiting for you:</strong> {plural(waiting, 'request')} in Approvals. Loupe’s timeout is paused while they wait.{' '}
      <button type="button" className="link-button" onClick={() => useApprovalsStore.setState({ open: true, view: 'queue' })}>
        Open Approvals
      </button>
    </p>
  );
}
