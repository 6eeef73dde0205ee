import type { Approval } from '../../../../shared/approvals';
import { approvalsSlots } from './slots';

/** Jumps to the server's request and to our response in the traffic log, beside the panel. */
export function TrafficLinks({ approval }: { approval: Approval }) {
  const show = (seq: number) => approvalsSlots.showTraffic.get()(seq);
  if (approval.requestSeq === undefined && approval.responseSeq === undefined) return null;
  return (
    <span className="traffic-links">
      {approval.requestSeq !== undefined && (
        <button
          type="button"
          className="link-button"
          aria-label={
            approval.embedded?.source === 'url-required-error'
              ? `Show the error response #${approval.requestSeq} in the traffic log`
              : approval.embedded
                ? `Show the input_required response #${approval.requestSeq} (round ${approval.embedded.round}) in the traffic log`
                : `Show request #${approval.requestSeq} in the traffic log`
          }
          onClick={() => show(approval.requestSeq!)}
        >
          {approval.embedded?.source === 'url-required-error'
            ? `error #${approval.requestSeq}`
            : approval.embedded
              ? `round ${approval.embedded.round} · input_required #${approval.requestSeq}`
              : `request #${approval.requestSeq}`}
        </button>
      )}
      {approval.responseSeq !== undefined && (
        <button
          type="button"
          className="link-button"
          aria-label={`Show response #${approval.responseSeq} in the traffic log`}
          onClick={() => show(approval.responseSeq!)}
        >
          response #{approval.responseSeq}
        </button>
      )}
    </span>
  );
}
