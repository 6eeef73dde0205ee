import type { Approval, ApprovalModelRecord } from '../../../shared/approvals.js';
import type { JsonObject } from '../../../shared/mcp.js';
import type { AutoReplyModel } from '../../../shared/models.js';

/** What a model's drafts need of the approvals queue. */
export interface DraftTarget {
  /** The approval, if it is a pending sampling request; else a LoupeError that says why not. */
  pendingSampling(id: string): Approval;
  /** Keeps the draft's record on the approval (and tells the window). */
  setModelRecord(id: string, record: ApprovalModelRecord): void;
}

/** An enabled auto-reply rule that answers with a model. */
export interface ModelRuleReply {
  ruleId: string;
  ruleName: string;
  answerWithModel: AutoReplyModel;
}

/** What a model rule does with a new request: its record, and (unless it cannot answer) the run that drafts the reply. */
export interface RulePlan {
  record: ApprovalModelRecord;
  /** Resolves with the reply to send, or undefined: the request then waits for the person, its record saying why. */
  run?: () => Promise<JsonObject | undefined>;
}
