/**
 * How each request in the traffic ends: the one model, run by the core on the live record (which
 * stamps each request and tells the window by `traffic.outcomes`) and by whoever reads a saved
 * record (a session on disk, an exported file), so the two always agree.
 */
import type { Direction, JsonRpcId, RequestOutcome, TrafficEntry } from './traffic.js';

/** A request's outcome changed. */
export interface OutcomeUpdate {
  /** The request's seq. */
  seq: number;
  outcome: RequestOutcome;
  /** The entry that ended it: its response, the `notifications/cancelled`, or Loupe's note. */
  endSeq?: number;
  /** Why, in one sentence, where the entry that ended it does not say (or nothing did). */
  reason?: string;
  /** Its answer broke the MCP schema (one sentence): the row counts under `is:violation`. */
  violation?: string;
}

/** Most requests left open that one connection remembers per direction; the oldest are forgotten first. */
const MAX_OPEN_REQUESTS = 10_000;

/** Loupe's own client's reasons when it gives up on a request that timed out (exact texts, the SDK's and Loupe's). */
const TIMEOUT_REASONS: ReadonlySet<string> = new Set(['SdkError: Request timed out', 'McpError: MCP error -32001: Request timed out']);
/** Loupe's own timeouts of a call waiting for a person (see the core's CallTimedOut) start so. */
export const CALL_TIMED_OUT_PREFIX = 'CallTimedOut: ';

/** The sentence for requests whose connection ended first. */
export const CONNECTION_ENDED_REASON = 'The connection ended before an answer came.';

interface OpenRequest {
  seq: number;
  method: string | undefined;
  outcome: RequestOutcome;
}

function cancelled(message: unknown): { id: JsonRpcId; reason: string | undefined } | undefined {
  const params = (message as { params?: { requestId?: unknown; reason?: unknown } } | null)?.params;
  const id = params?.requestId;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { id, reason: typeof params?.reason === 'string' ? params.reason : undefined };
}

const METHOD_NOT_FOUND = -32601;

/** What an answer makes of its request (`method`: the request's). */
function answered(entry: TrafficEntry, method: string | undefined): RequestOutcome {
  if (entry.kind === 'error') {
    const code = (entry.message as { error?: { code?: unknown } } | undefined)?.error?.code;
    return method === 'server/discover' && code === METHOD_NOT_FOUND ? 'probe' : 'error';
  }
  if (entry.toolError) return 'tool-error';
  const result = (entry.message as { result?: { resultType?: unknown } } | undefined)?.result;
  return result?.resultType === 'input_required' ? 'input' : 'ok';
}

/** A cancel Loupe sent because its own clock ran out is a timeout; any other is a cancel. */
function cancelOutcome(direction: Direction, reason: string | undefined): RequestOutcome {
  if (direction !== 'out' || reason === undefined) return 'cancelled';
  return TIMEOUT_REASONS.has(reason) || reason.startsWith(CALL_TIMED_OUT_PREFIX) ? 'timeout' : 'cancelled';
}

/**
 * One connection's requests, paired with what ends them by JSON-RPC id and direction (map keys
 * keep 1 and "1" apart, as JSON-RPC does). The first ending counts: a late response after a cancel
 * is still paired, but the request stays cancelled. Entries go through `link` before they are
 * numbered and `remember` after.
 */
export class RequestOutcomes {
  private readonly open: Record<Direction, Map<JsonRpcId, OpenRequest>> = { in: new Map(), out: new Map() };

  /**
   * Completes an entry in place: a response gets its request's seq and method (or `orphan`), a
   * cancel and Loupe's note that ends a request get `requestSeq`; each of them `ends`, with the
   * outcome it gave the request, when it was the first to end it. Returns that request.
   */
  link(entry: TrafficEntry): { seq: number; outcome: RequestOutcome; reason?: string } | undefined {
    if (entry.kind === 'response' || entry.kind === 'error') return entry.id === undefined ? undefined : this.answer(entry);
    if (entry.kind === 'notification' && entry.method === 'notifications/cancelled') return this.cancel(entry);
    if (entry.kind === 'note' && entry.requestSeq !== undefined && entry.ends !== undefined) return this.ended(entry);
    return undefined;
  }

  /** A request (once numbered) waits for its ending. */
  remember(entry: TrafficEntry): void {
    if (entry.kind !== 'request' || entry.id === undefined) return;
    const requests = this.open[entry.direction];
    requests.set(entry.id, { seq: entry.seq, method: entry.method, outcome: 'pending' });
    if (requests.size > MAX_OPEN_REQUESTS) {
      const oldest = requests.keys().next().value;
      if (oldest !== undefined) requests.delete(oldest);
    }
  }

  /** The seq of a request that is still pending, by direction and id. */
  pendingSeq(direction: Direction, id: JsonRpcId): number | undefined {
    const request = this.open[direction].get(id);
    return request?.outcome === 'pending' ? request.seq : undefined;
  }

  /** The seq of a request not answered yet (pending, or ended without an answer), by direction and id. */
  openSeq(direction: Direction, id: JsonRpcId): number | undefined {
    return this.open[direction].get(id)?.seq;
  }

  /** The connection ended: every request still pending is unanswered. Returns their seqs. */
  endAll(): number[] {
    const seqs: number[] = [];
    for (const requests of Object.values(this.open)) {
      for (const request of requests.values()) {
        if (request.outcome !== 'pending') continue;
        request.outcome = 'unanswered';
        seqs.push(request.seq);
      }
    }
    return seqs;
  }

  private answer(entry: TrafficEntry): { seq: number; outcome: RequestOutcome } | undefined {
    const requests = this.open[entry.direction === 'in' ? 'out' : 'in'];
    const request = requests.get(entry.id!);
    if (!request) {
      entry.orphan = true;
      return undefined;
    }
    requests.delete(entry.id!);
    entry.requestSeq = request.seq;
    if (request.method && !entry.method) entry.method = request.method;
    // A connection that ended is no answer: a response that came after all still is.
    if (request.outcome !== 'pending' && request.outcome !== 'unanswered') return undefined;
    const outcome = answered(entry, request.method);
    entry.ends = outcome;
    return { seq: request.seq, outcome };
  }

  private cancel(entry: TrafficEntry): { seq: number; outcome: RequestOutcome; reason?: string } | undefined {
    const named = cancelled(entry.message);
    // A cancel names a request sent in its own direction.
    const request = named ? this.open[entry.direction].get(named.id) : undefined;
    if (!named || !request) return undefined;
    entry.requestSeq = request.seq;
    if (request.outcome !== 'pending' && request.outcome !== 'unanswered') return undefined;
    request.outcome = cancelOutcome(entry.direction, named.reason);
    entry.ends = request.outcome;
    return { seq: request.seq, outcome: request.outcome, ...(named.reason !== undefined ? { reason: named.reason } : {}) };
  }

  /** Loupe's note that a request will get no answer names it by its direction, id and seq. */
  private ended(entry: TrafficEntry): { seq: number; outcome: RequestOutcome; reason?: string } | undefined {
    const request = entry.id === undefined ? undefined : this.open[entry.direction].get(entry.id);
    if (!request || request.seq !== entry.requestSeq || (request.outcome !== 'pending' && request.outcome !== 'unanswered')) return undefined;
    request.outcome = entry.ends!;
    return { seq: request.seq, outcome: request.outcome, ...(entry.text !== undefined ? { reason: entry.text } : {}) };
  }
}

/**
 * The outcome of every request in a saved record (a session on disk, an exported file), oldest
 * first: the same pairing the core did live, then what was still pending when the record ended is
 * unanswered. Only requests whose outcome is not `pending` are listed.
 */
export function recordedOutcomes(entries: Iterable<TrafficEntry>): OutcomeUpdate[] {
  const byConnection = new Map<string, RequestOutcomes>();
  const updates = new Map<number, OutcomeUpdate>();
  for (const entry of entries) {
    let outcomes = byConnection.get(entry.connectionId);
    if (!outcomes) byConnection.set(entry.connectionId, (outcomes = new RequestOutcomes()));
    // Linking completes the entry in place: the reader's own copy, which a saved record already has complete.
    const ended = outcomes.link(entry);
    outcomes.remember(entry);
    if (ended) updates.set(ended.seq, { seq: ended.seq, outcome: ended.outcome, endSeq: entry.seq, ...(ended.reason !== undefined ? { reason: ended.reason } : {}) });
    // The core's note that an answer broke the MCP schema marks its request, as the live log did.
    const marked = entry.kind === 'note' && entry.requestSeq !== undefined ? updates.get(entry.requestSeq) : undefined;
    if (marked && entry.violation !== undefined) marked.violation = entry.violation;
  }
  for (const outcomes of byConnection.values()) {
    for (const seq of outcomes.endAll()) updates.set(seq, { seq, outcome: 'unanswered', reason: CONNECTION_ENDED_REASON });
  }
  return [...updates.values()];
}
