import type { Approval } from '../../../shared/approvals.js';
import type { Notice } from '../../../shared/contract.js';
import type { JsonObject } from '../../../shared/mcp.js';
import type { IncomingRequestContext } from '../connections/incoming-requests.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import type { DraftTarget, ModelRuleReply, RulePlan } from './model-answers.js';
import { approvalHandlers, type ApprovalHandlers } from './approval-handlers.js';
import { ApprovalQueue, type ApprovalQueueDeps } from './approval-queue.js';
import { SamplingStore } from './sampling-store.js';
import { readSavedApprovals, saveApprovalsOnChange } from './saved-history.js';
import type { UiStateStore } from '../config/ui-state-store.js';

export interface ApprovalsDeps {
  /** Templates and rules persist in `<dataDir>/sampling.json`. */
  dataDir: string;
  /** Display name for Approval.serverName. */
  serverName: (serverId: string) => string;
  /** Links approvals to the server's request and our response, and carries the server's notifications. */
  traffic: TrafficLog;
  /** Called on every add and state change. */
  emit: (approval: Approval) => void;
  /** Tells the user about a sampling.json that could not be read. */
  onNotice: (notice: Notice) => void;
  /** What a previous core process had, when this one replaces it. */
  history?: readonly Approval[];
  /** Where the history is kept between starts of the app (read when no `history` is handed over). */
  savedIn?: UiStateStore;
}

export interface Approvals {
  /** For 'sampling/createMessage' and 'elicitation/create' from IncomingRequests. */
  handle(method: string, params: JsonObject | undefined, context: IncomingRequestContext): Promise<JsonObject>;
  handlers: ApprovalHandlers;
  /** Where a model's drafts of sampling replies are kept. */
  drafting: DraftTarget;
  /** Hears every change of an approval (after the window does). */
  watch(listener: (approval: Approval) => void): void;
  /** Lets auto-reply rules that answer with a model do so (until then they leave requests to the person). */
  answerRulesWith(plan: (approval: Approval, rule: ModelRuleReply) => RulePlan): void;
  /** Writes the history now if a change is still waiting to be saved. */
  flush(): Promise<void>;
}

/** Human in the loop: sampling and elicitation requests wait here for a person, a rule, or the server giving up. */
export async function createApprovals(deps: ApprovalsDeps): Promise<Approvals> {
  const store = await SamplingStore.open(deps.dataDir, deps.onNotice);
  const listeners = new Set<(approval: Approval) => void>();
  const queueDeps: ApprovalQueueDeps = {
    serverName: deps.serverName,
    traffic: deps.traffic,
    emit: (approval) => {
      deps.emit(approval);
      for (const listener of listeners) listener(approval);
    },
    autoReply: (serverId) => store.autoReply(serverId),
  };
  const queue = new ApprovalQueue(queueDeps);
  // A supervisor hands over an empty list on the app's first start: then the saved history counts.
  const history = deps.history?.length ? deps.history : deps.savedIn ? readSavedApprovals(deps.savedIn) : undefined;
  if (history) queue.restore(history);
  const saved = deps.savedIn ? saveApprovalsOnChange(deps.savedIn, () => queue.list()) : undefined;
  if (saved) listeners.add(saved.changed);
  return {
    handle: (method, params, context) => queue.handle(method, params, context),
    handlers: approvalHandlers(queue, store),
    drafting: { pendingSampling: (id) => queue.pendingSampling(id), setModelRecord: (id, record) => queue.setModelRecord(id, record) },
    watch: (listener) => listeners.add(listener),
    answerRulesWith: (plan) => {
      queueDeps.planModelRule = plan;
    },
    flush: async () => saved?.flush(),
  };
}
