import type { Approval } from '../../shared/approvals.js';
import { MAX_DECIDED_APPROVALS } from '../core/approvals/limits.js';

/** Room for the decided history plus requests still waiting. */
const MAX_KEPT = MAX_DECIDED_APPROVALS * 2;

/**
 * The supervisor's copy of the approvals, taken from `approvals.changed`, so a core that has to be
 * restarted can hand the person's history to the next one.
 */
export class ApprovalHistory {
  private readonly byId = new Map<string, Approval>();

  record(approval: Approval): void {
    if (typeof approval?.id !== 'string') return;
    this.byId.set(approval.id, approval);
    for (const id of this.byId.keys()) {
      if (this.byId.size <= MAX_KEPT) break;
      this.byId.delete(id);
    }
  }

  /** Oldest first, as the core lists them. */
  list(): Approval[] {
    return [...this.byId.values()];
  }
}
