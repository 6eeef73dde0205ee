import { useState } from 'react';
import type { Approval } from '../../../../shared/approvals';
import { formatClockTime } from '../../ui/format';
import { ExternalIcon } from './approval-icons';
import { useDecide } from './use-decide';
import { readUrlRequest } from './url-request';

/**
 * URL-mode elicitation: the server wants the person to open a page. The host and the whole URL
 * are shown before anything opens, and the page opens in the OS browser only after a confirmation.
 */
export function UrlElicitation({ approval }: { approval: Approval }) {
  const target = readUrlRequest(approval.request);
  const pending = approval.status === 'pending';
  const [confirming, setConfirming] = useState(false);
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const { decide, busy, error } = useDecide(approval.id);

  const open = () => {
    if (!target.safe) return;
    // In Electron a window.open of an http(s) URL goes to the OS browser; in browser mode, a new tab.
    window.open(target.url, '_blank', 'noopener,noreferrer');
    setOpenedAt(Date.now());
    setConfirming(false);
  };

  return (
    <div className="url-elicitation">
      {target.host ? (
        <p className="url-elicitation__lead">
          <strong className="url-elicitation__host">{target.host}</strong> wants you to open:
        </p>
      ) : (
        <p className="url-elicitation__lead">The server wants you to open:</p>
      )}
      <p className="url-elicitation__url mono">{target.shownUrl}</p>
      {!target.safe && (
        <p className="form-error" role="note">
          Loupe opens only http and https addresses; this one cannot be opened from here.
        </p>
      )}
      {approval.completed && (
        <p className="url-elicitation__completed" role="status">
          The server reports that this flow is complete (notifications/elicitation/complete).
        </p>
      )}

      {pending && target.safe && (
        <div className="url-elicitation__open">
          {confirming ? (
            <div className="url-elicitation__confirm" role="group" aria-label="Confirm opening the page">
              <span>
                Open <strong>{target.host}</strong> in your browser? The page is outside MCP Loupe.
              </span>
              <button type="button" className="button button--primary button--small" autoFocus onClick={open}>
                Open page
              </button>
              <button type="button" className="button button--small" onClick={() => setConfirming(false)}>
                Don’t open
              </button>
            </div>
          ) : (
            <button type="button" className="button" onClick={() => setConfirming(true)}>
              <ExternalIcon /> Open in browser…
            </button>
          )}
          {openedAt !== null && <span className="field__hint">Opened at {formatClockTime(openedAt)}. When you are done there, accept.</span>}
        </div>
      )}

      {pending && (
        <div className="reply-form__actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void decide({ action: 'accept' })}>
            Accept
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void decide({ action: 'decline' })}>
            Decline
          </button>
          <button type="button" className="button button--subtle" disabled={busy} onClick={() => void decide({ action: 'cancel' })}>
            Cancel
          </button>
          <span className="field__hint">Accept tells the server you will complete the flow on that page.</span>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
