import { randomUUID } from 'node:crypto';
import { DEFAULT_REQUEST_TIMEOUT_MSEC, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { Approval, ApprovalDecision, ApprovalModelRecord } from '../../../shared/approvals.js';
import type { JsonObject } from '../../../shared/mcp.js';
import { LoupeError } from '../../../shared/wire.js';
import { abortedByClose, type IncomingRequestContext } from '../connections/incoming-requests.js';
import { CallTimedOut, InputAbandoned } from '../connections/input-rounds.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { outcomeOf, type Outcome } from './decision.js';
import { MAX_DECIDED_APPROVALS } from './limits.js';
import { rpcKey, TrafficLinks } from './traffic-links.js';
import { approvalKind, describeMalformed } from './validate-request.js';
import { isObject } from '../../../shared/is-object.js';
import type { ModelRuleReply, RulePlan } from './model-answers.js';

export const DEFAULT_REJECT_MESSAGE = 'Rejected by the user.';
export const CORE_STOPPED_PROBLEM = 'Loupe\'s core stopped before this request was answered, so it can no longer be answered.';
/** The JSON-RPC code for "connection closed" that the 2025 SDK answered abandoned requests with. */
const CONNECTION_CLOSED = -32000;

/** A sampling reply chosen by an enabled auto-reply rule: a template's result, or a model's (see ModelRuleReply). */
export type AutoReply = { ruleName: string; result: JsonObject } | ModelRuleReply;

export interface ApprovalQueueDeps {
  serverName: (serverId: string) => string;
  traffic: TrafficLog;
  emit: (approval: Approval) => void;
  autoReply: (serverId: string) => AutoReply | undefined;
  /** What a rule that answers with a model does with a request (without it, such rules leave requests to the person). */
  planModelRule?: (approval: Approval, rule: ModelRuleReply) => RulePlan;
}

interface Waiting {
  resolve: (result: JsonObject) => void;
  reject: (error: Error) => void;
  stopWatchingAbort: () => void;
  /** Set when the traffic shows the server's `notifications/cancelled` for this request. */
  cancelNotice?: { reason: string | undefined };
}

interface Entry {
  approval: Approval;
  connectionId: string;
  waiting?: Waiting | undefined;
}

type Patch = Partial<Omit<Approval, 'id' | 'serverId' | 'serverName' | 'kind' | 'rpcId' | 'request' | 'receivedAt'>>;

function notAnswerable(approval: Approval): string {
  switch (approval.status) {
    case 'cancelled':
      return approval.cancelledBy === 'you'
        ? 'This request was cancelled when you cancelled its call, and can no longer be answered.'
        : approval.cancelledBy === 'timeout'
          ? "This request ended with its call, on Loupe's timeout, and can no longer be answered."
          : 'This request was cancelled by the server and can no longer be answered.';
    case 'disconnected':
      return 'The server disconnected before this request was answered, so it can no longer be answered.';
    case 'invalid':
      return 'This request was malformed and was already answered with an error.';
    default:
      return approval.decidedBy?.startsWith('rule:')
        ? `This request was already answered by the auto-reply rule "${approval.decidedBy.slice('rule:'.length)}".`
        : 'This request was already answered.';
  }
}

/**
 * The requests servers sent that wait for a person, and the history of answered ones.
 * `handle` settles when the request is decided, or rejects when the server gives up on it.
 */
export class ApprovalQueue {
  private readonly entries = new Map<string, Entry>();
  private readonly waitingByRpc = new Map<string, Entry>();
  private decidedCount = 0;
  private readonly links: TrafficLinks;

  constructor(private readonly deps: ApprovalQueueDeps) {
    this.links = new TrafficLinks(deps.traffic, {
      cancelled: (connectionId, requestId, reason) => {
        const waiting = this.waitingByRpc.get(rpcKey(connectionId, requestId))?.waiting;
        if (waiting) waiting.cancelNotice = { reason };
      },
      elicitationComplete: (connectionId, elicitationId) => this.markCompleted(connectionId, elicitationId),
    });
  }

  /**
   * The history a previous core process left (its supervisor kept it). A request that was still
   * waiting can no longer be answered, and links into that process's traffic record are dropped.
   */
  restore(history: readonly Approval[]): void {
    for (const old of history) {
      if (this.entries.has(old.id)) continue;
      const { requestSeq: _requestSeq, responseSeq: _responseSeq, ...kept } = old;
      const approval: Approval = kept.status === 'pending' ? { ...kept, status: 'disconnected', problem: CORE_STOPPED_PROBLEM } : kept;
      // A draft that was running in that process stopped with it.
      if (approval.model?.status === 'drafting') approval.model = { ...approval.model, status: 'stopped' };
      this.entries.set(approval.id, { approval, connectionId: '' });
      this.countDecided();
    }
  }

  list(): Approval[] {
    return [...this.entries.values()].map((entry) => entry.approval);
  }

  async handle(method: string, params: JsonObject | undefined, context: IncomingRequestContext): Promise<JsonObject> {
    const kind = approvalKind(method, params);
    if (!kind) throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `Method not found: ${method}`);
    // An embedded request (2026-07-28) links to the `input_required` response it came in.
    const requestSeq = context.embedded ? context.embedded.responseSeq : this.links.takeRequestSeq(context.connectionId, context.rpcId);
    const approval: Approval = {
      id: randomUUID(),
      serverId: context.serverId,
      serverName: this.deps.serverName(context.serverId),
      kind,
      rpcId: context.rpcId,
      request: isObject(params) ? params : {},
      receivedAt: Date.now(),
      status: 'pending',
      ...(requestSeq !== undefined ? { requestSeq } : {}),
      ...(context.embedded
        ? { embedded: { key: context.embedded.key, round: context.embedded.round, ...(context.embedded.source ? { source: context.embedded.source } : {}) } }
        : {}),
      ...(context.duringCall ? { duringCall: context.duringCall } : {}),
    };

    const problem = describeMalformed(method, params);
    if (problem) {
      const error = { code: ProtocolErrorCode.InvalidParams, message: problem };
      this.addAnswered(context.connectionId, { ...approval, status: 'invalid', problem, response: { error } });
      throw new ProtocolError(error.code, error.message);
    }

    const auto = kind === 'sampling' ? this.deps.autoReply(context.serverId) : undefined;
    if (auto && 'result' in auto) {
      const result = structuredClone(auto.result);
      this.addAnswered(context.connectionId, { ...approval, status: 'approved', response: result, decidedAt: Date.now(), decidedBy: `rule:${auto.ruleName}` });
      return result;
    }
    if (auto && this.deps.planModelRule) return this.answerWithModel(approval, context, auto, this.deps.planModelRule);

    return this.wait(approval, context);
  }

  /**
   * A rule that answers with a model: the request waits in the queue (the person sees the draft
   * stream in) and is answered by the rule once the model's reply is in; if the model fails or the
   * rule's token cap is spent, it stays for the person, its record saying why.
   */
  private answerWithModel(approval: Approval, context: IncomingRequestContext, rule: ModelRuleReply, plan: NonNullable<ApprovalQueueDeps['planModelRule']>): Promise<JsonObject> {
    const { record, run } = plan(approval, rule);
    const waiting = this.wait({ ...approval, model: record }, context);
    void run?.().then((result) => {
      const entry = this.entries.get(approval.id);
      if (result && entry?.waiting) this.answer(entry, { status: 'approved', reply: { result } }, `rule:${rule.ruleName}`);
    });
    return waiting;
  }

  /** A pending sampling request, for a model to draft; anything else is refused with a sentence. */
  pendingSampling(id: string): Approval {
    const entry = this.entries.get(id);
    if (!entry) throw new LoupeError(`There is no request with id "${id}"; it may have left the history.`, 'unknown-approval');
    if (entry.approval.kind !== 'sampling') throw new LoupeError('Only sampling requests can be drafted with a model.', 'not-sampling');
    if (!entry.waiting) throw new LoupeError(notAnswerable(entry.approval), 'not-pending');
    return entry.approval;
  }

  /** Keeps a model's draft record on the approval (the window hears of it). */
  setModelRecord(id: string, record: ApprovalModelRecord): void {
    const entry = this.entries.get(id);
    if (!entry) throw new LoupeError(`There is no request with id "${id}".`, 'unknown-approval');
    this.update(entry, { model: record });
  }

  decide(id: string, decision: ApprovalDecision): Approval {
    const entry = this.entries.get(id);
    if (!entry) throw new LoupeError(`There is no request with id "${id}"; it may have left the history.`, 'unknown-approval');
    if (!entry.waiting) throw new LoupeError(notAnswerable(entry.approval), 'not-pending');
    this.answer(entry, outcomeOf(entry.approval.kind, decision), 'user');
    return entry.approval;
  }

  /** Rejects sampling requests and declines elicitations; returns how many were answered. */
  rejectAll(serverId: string | undefined, message = DEFAULT_REJECT_MESSAGE): number {
    const targets = [...this.entries.values()].filter((entry) => entry.waiting && (serverId === undefined || entry.approval.serverId === serverId));
    for (const entry of targets) {
      const decision: ApprovalDecision = entry.approval.kind === 'sampling' ? { action: 'reject', message } : { action: 'decline' };
      this.answer(entry, outcomeOf(entry.approval.kind, decision), 'user');
    }
    return targets.length;
  }

  private wait(approval: Approval, context: IncomingRequestContext): Promise<JsonObject> {
    const entry: Entry = { approval, connectionId: context.connectionId };
    this.entries.set(approval.id, entry);
    this.deps.emit(approval);
    const { signal } = context;
    return new Promise<JsonObject>((resolve, reject) => {
      const onAbort = () => this.abandon(entry, signal);
      entry.waiting = { resolve, reject, stopWatchingAbort: () => signal.removeEventListener('abort', onAbort) };
      // Embedded requests share their call's id and are never cancelled by a server notice.
      if (!context.embedded) this.waitingByRpc.set(rpcKey(context.connectionId, context.rpcId), entry);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The server cancelled, or the connection closed: nothing is sent, and the request can no longer be answered. */
  private abandon(entry: Entry, signal: AbortSignal): void {
    const waiting = entry.waiting;
    if (!waiting) return;
    const ended: unknown = signal.reason;
    if (ended instanceof InputAbandoned) {
      // The call that asked for this input ended on Loupe's side: cancelled, timed out or disconnected.
      const cancelledBy = ended instanceof CallTimedOut ? 'timeout' : 'you';
      this.finishWaiting(entry, {
        status: ended.status,
        problem: `The call stopped before this was answered: ${ended.message}`,
        ...(ended.status === 'cancelled' ? { cancelledBy } : {}),
      });
      waiting.reject(ended);
      return;
    }
    // A cancel without a reason aborts with an AbortError just like a close does; the traffic tells them apart.
    const byServer = waiting.cancelNotice !== undefined || !abortedByClose(signal);
    const reason = waiting.cancelNotice?.reason ?? (typeof signal.reason === 'string' ? signal.reason : undefined);
    const problem = byServer
      ? reason
        ? `The server cancelled this request: ${reason}`
        : 'The server cancelled this request.'
      : 'The server disconnected before this request was answered.';
    this.finishWaiting(entry, byServer ? { status: 'cancelled', cancelledBy: 'server', problem } : { status: 'disconnected', problem });
    waiting.reject(new ProtocolError(CONNECTION_CLOSED, problem));
  }

  private answer(entry: Entry, outcome: Outcome, decidedBy: string): void {
    const waiting = entry.waiting;
    if (!waiting) return;
    const decidedAt = Date.now();
    const { reply } = outcome;
    this.finishWaiting(entry, {
      status: outcome.status,
      response: 'result' in reply ? reply.result : { error: reply.error },
      decidedAt,
      decidedBy,
      // Past the SDK's default request timeout the server has likely stopped waiting; the reply still goes out.
      ...(decidedAt - entry.approval.receivedAt > DEFAULT_REQUEST_TIMEOUT_MSEC ? { late: true } : {}),
    });
    this.linkResponse(entry);
    if ('result' in reply) waiting.resolve(reply.result);
    else waiting.reject(new ProtocolError(reply.error.code, reply.error.message));
  }

  private finishWaiting(entry: Entry, patch: Patch): void {
    entry.waiting?.stopWatchingAbort();
    entry.waiting = undefined;
    const key = rpcKey(entry.connectionId, entry.approval.rpcId);
    if (this.waitingByRpc.get(key) === entry) this.waitingByRpc.delete(key);
    this.update(entry, patch);
    this.countDecided();
  }

  /** Records an approval that was answered on arrival (malformed, or by a rule). */
  private addAnswered(connectionId: string, approval: Approval): void {
    const entry: Entry = { approval, connectionId };
    this.entries.set(approval.id, entry);
    this.deps.emit(approval);
    this.linkResponse(entry);
    this.countDecided();
  }

  /** The SDK sends our response after the handler settles; its seq is known only once it is recorded. */
  private linkResponse(entry: Entry): void {
    // An embedded request's answer travels inside the call's next round, not as a response.
    if (entry.approval.embedded) return;
    this.links.awaitResponse(entry.connectionId, entry.approval.rpcId, (responseSeq) => {
      if (this.entries.get(entry.approval.id) === entry) this.update(entry, { responseSeq });
    });
  }

  private markCompleted(connectionId: string, elicitationId: string): void {
    for (const entry of this.entries.values()) {
      const { approval } = entry;
      if (approval.kind === 'elicitation-url' && entry.connectionId === connectionId && approval.request.elicitationId === elicitationId && !approval.completed) {
        this.update(entry, { completed: true });
      }
    }
  }

  private update(entry: Entry, patch: Patch): void {
    entry.approval = { ...entry.approval, ...patch };
    this.deps.emit(entry.approval);
  }

  private countDecided(): void {
    this.decidedCount += 1;
    if (this.decidedCount <= MAX_DECIDED_APPROVALS) return;
    for (const [id, entry] of this.entries) {
      if (this.decidedCount <= MAX_DECIDED_APPROVALS) break;
      if (entry.waiting) continue;
      this.entries.delete(id);
      this.decidedCount -= 1;
    }
  }
}
