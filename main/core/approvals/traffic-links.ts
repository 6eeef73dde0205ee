import type { JsonRpcId, TrafficEntry } from '../../../shared/traffic.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { ELICITATION_METHOD, SAMPLING_METHOD } from './validate-request.js';

/** Requests seen but not yet handed to the queue; more means something never arrived, forget the oldest. */
const MAX_UNCLAIMED_REQUESTS = 1_000;
/** How long to wait for the SDK to send our response before giving up on linking it. */
const RESPONSE_WAIT_MS = 30_000;

/** Identifies one JSON-RPC request on one connection (1 and "1" are different ids). */
export function rpcKey(connectionId: string, id: JsonRpcId): string {
  return `${connectionId}\u0000${typeof id}:${String(id)}`;
}

export interface TrafficSignals {
  /** The server sent `notifications/cancelled` for one of its requests. */
  cancelled(connectionId: string, requestId: JsonRpcId, reason: string | undefined): void;
  /** The server sent `notifications/elicitation/complete`. */
  elicitationComplete(connectionId: string, elicitationId: string): void;
}

function paramsOf(entry: TrafficEntry): Record<string, unknown> | undefined {
  const params = (entry.message as { params?: unknown } | undefined)?.params;
  return typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : undefined;
}

function isRpcId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || typeof value === 'number';
}

/**
 * Links approvals to the traffic record: the seq of the server's request, the seq of our
 * response once the SDK sends it, and the notifications that change an approval's state.
 */
export class TrafficLinks {
  private readonly requestSeqs = new Map<string, number>();
  private readonly responseWaiters = new Map<string, { found: (seq: number) => void; timer: NodeJS.Timeout }>();

  constructor(
    traffic: TrafficLog,
    private readonly signals: TrafficSignals,
  ) {
    traffic.observe((entry) => this.see(entry));
  }

  /** The seq of the server's request, once: each request is handled once. */
  takeRequestSeq(connectionId: string, rpcId: JsonRpcId): number | undefined {
    const key = rpcKey(connectionId, rpcId);
    const seq = this.requestSeqs.get(key);
    this.requestSeqs.delete(key);
    return seq;
  }

  /** Calls `found` with the seq of our response to that request when it is recorded. */
  awaitResponse(connectionId: string, rpcId: JsonRpcId, found: (seq: number) => void): void {
    const key = rpcKey(connectionId, rpcId);
    this.forgetWaiter(key);
    // The response may never be recorded (connection closed, recording paused): do not wait forever.
    const timer = setTimeout(() => this.responseWaiters.delete(key), RESPONSE_WAIT_MS);
    timer.unref();
    this.responseWaiters.set(key, { found, timer });
  }

  private forgetWaiter(key: string): void {
    const waiter = this.responseWaiters.get(key);
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.responseWaiters.delete(key);
  }

  private see(entry: TrafficEntry): void {
    // An entry seen while recording is paused has no seq (-1): there is nothing in the log to link to.
    if (entry.seq < 0) return;
    if (entry.direction === 'out') {
      if ((entry.kind === 'response' || entry.kind === 'error') && entry.id !== undefined) this.seeResponse(entry, entry.id);
      return;
    }
    if (entry.kind === 'request' && entry.id !== undefined && (entry.method === SAMPLING_METHOD || entry.method === ELICITATION_METHOD)) {
      this.rememberRequest(rpcKey(entry.connectionId, entry.id), entry.seq);
    } else if (entry.kind === 'notification') {
      this.seeNotification(entry);
    }
  }

  private seeResponse(entry: TrafficEntry, id: JsonRpcId): void {
    const key = rpcKey(entry.connectionId, id);
    const waiter = this.responseWaiters.get(key);
    if (!waiter) return;
    this.forgetWaiter(key);
    waiter.found(entry.seq);
  }

  private rememberRequest(key: string, seq: number): void {
    this.requestSeqs.delete(key);
    this.requestSeqs.set(key, seq);
    if (this.requestSeqs.size > MAX_UNCLAIMED_REQUESTS) {
      const oldest = this.requestSeqs.keys().next().value;
      if (oldest !== undefined) this.requestSeqs.delete(oldest);
    }
  }

  private seeNotification(entry: TrafficEntry): void {
    const params = paramsOf(entry);
    if (!params) return;
    if (entry.method === 'notifications/cancelled' && isRpcId(params.requestId)) {
      this.signals.cancelled(entry.connectionId, params.requestId, typeof params.reason === 'string' ? params.reason : undefined);
    } else if (entry.method === 'notifications/elicitation/complete' && typeof params.elicitationId === 'string') {
      this.signals.elicitationComplete(entry.connectionId, params.elicitationId);
    }
  }
}
