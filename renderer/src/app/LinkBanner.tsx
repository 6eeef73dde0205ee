import { getApi } from '../bridge/api';
import { LOST_CONNECTION_MESSAGE } from '../bridge/types';
import type { LinkLoss } from '../bridge/types';
import { useNow } from '../ui/use-now';
import { useLinkState } from '../bridge/use-link-state';

/** What the tab found at its address, in one sentence with what to do. */
export function whyText(why: LinkLoss | undefined): string {
  switch (why) {
    case 'unreachable':
      return 'Nothing answers at this address: Loupe has stopped, or started again on another port. Start it again, or open the new link it printed. What this tab shows is from before the link was lost.';
    case 'refused':
      return 'Loupe answers at this address but no longer knows this tab (it started again with a new session): open the new link it printed.';
    default:
      return 'If this lasts, check that Loupe is still running and open the address it printed.';
  }
}

/** Shown while browser mode has lost its WebSocket to the host; the bridge keeps retrying. */
export function LinkBanner() {
  const api = getApi();
  const link = useLinkState();
  const lost = link.status === 'lost';
  const now = useNow(lost, 500);
  if (!lost) return null;
  const seconds = link.retryAt === null ? 0 : Math.max(0, Math.ceil((link.retryAt - now) / 1000));
  return (
    <div className="banner banner--error banner--link" role="alert">
      <span className="banner__level">Offline</span>
      <p className="banner__message">
        <strong>{LOST_CONNECTION_MESSAGE}.</strong>{' '}
        {link.retryAt === null || seconds === 0 ? 'Reconnecting…' : `Retrying in ${seconds} s.`}{' '}
        <span className="muted">{whyText(link.why)}</span>
      </p>
      <button
        type="button"
        className="button button--small"
        disabled={link.retryAt === null}
        onClick={() => api.reconnectNow()}
      >
        Retry now
      </button>
    </div>
  );
}
