import { useRef } from 'react';
import { useApprovalsStore } from '../../state/approvals/approvals-store';
import { useAuthStore } from '../../state/auth/auth-store';
import { isWebUrl } from '../../state/auth/sign-in-window';
import { plural } from '../../ui/format';
import { useBringIntoView } from '../../ui/use-bring-into-view';

/**
 * Under a running call: what the call may be waiting for on the person's side, with the way
 * there. Requests of its server waiting in Approvals (sampling, elicitation: Loupe's timeout is
 * paused meanwhile), and a sign-in the server asked for (a step-up to more scopes, or a new one),
 * which in browser mode cannot open a tab by itself.
 */
export function WaitingForYou({ serverId }: { serverId: string }) {
  return (
    <>
      <SignInWaiting serverId={serverId} />
      <ApprovalsWaiting serverId={serverId} />
    </>
  );
}

function ApprovalsWaiting({ serverId }: { serverId: string }) {
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

function SignInWaiting({ serverId }: { serverId: string }) {
  const status = useAuthStore((state) => state.byServer[serverId]);
  const url = status?.state === 'waiting-for-browser' && status.authorizationUrl && isWebUrl(status.authorizationUrl) ? status.authorizationUrl : undefined;
  const notice = useRef<HTMLParagraphElement>(null);
  // Nothing happens until the person acts, so the notice comes into view when it appears.
  useBringIntoView(notice, url);
  if (!status || !url) return null;
  const stepUp = status.steps.some((step) => step.kind === 'step-up');
  return (
    <p className="waiting-for-you" role="status" ref={notice}>
      <strong>{stepUp ? 'The server asks for more access:' : 'The server asks you to sign in:'}</strong>{' '}
      {stepUp ? 'the call needs scopes the current sign-in lacks (403 insufficient_scope), and waits for you to sign in again.' : 'the call waits for you to sign in.'}{' '}
      <a href={url} target="_blank" rel="noopener noreferrer">
        Open the sign-in page
      </a>
    </p>
  );
}
