import type { Approval } from '../../../shared/approvals.js';
import type { Notice } from '../../../shared/contract.js';
import type { JsonObject } from '../../../shared/mcp.js';
import type { IncomingRequestContext } from '../connections/incoming-requests.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { approvalHandlers, type ApprovalHandlers } from './approval-handlers.js';
import { ApprovalQueue } from './approval-queue.js';
import { SamplingStore } from './sampling-store.js';

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
}

export interface Approvals {
  /** For 'sampling/createMessage' and 'elicitation/create' from IncomingRequests. */
  handle(method: string, params: JsonObject | undefined, context: IncomingRequestContext): Promise<JsonObject>;
  handlers: ApprovalHandlers;
}

/** Human in the loop: sampling and elicitation requests wait here for a person, a rule, or the server giving up. */
export async function createApprovals(deps: ApprovalsDeps): Promise<Approvals> {
  const store = await SamplingStore.open(deps.dataDir, deps.onNotice);
  const queue = new ApprovalQueue({
    serverName: deps.serverName,
    traffic: deps.traffic,
    emit: deps.emit,
    autoReply: (serverId) => store.autoReply(serverId),
  });
  if (deps.history) queue.restore(deps.history);
  return {
    handle: (method, params, context) => queue.handle(method, params, context),
    handlers: approvalHandlers(queue, store),
  };
}
