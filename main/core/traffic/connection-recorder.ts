/**
 * A connection's voice in the traffic record: a transport reports what it saw on the wire (a
 * message, a stderr line, an HTTP exchange), and its ConnectionRecorder builds the entry, pairs
 * requests with their answers (RequestOutcomes) and hands the entry to the log (`RecordTarget`).
 */
import type { HttpExchange } from '../../../shared/auth.js';
import type { HeaderVerdict } from '../../../shared/header-verdict.js';
import type { Direction, JsonRpcId, RequestOutcome, TrafficEntry } from '../../../shared/traffic.js';
import { CONNECTION_ENDED_REASON, RequestOutcomes, type OutcomeUpdate } from '../../../shared/traffic-outcomes.js';
import { exceedsDepth, MAX_MESSAGE_DEPTH, mayExceedDepth } from '../base/message-depth.js';
import { classifyMessage, type MessageClass } from './classify-message.js';
import { rememberResponseText } from './response-texts.js';

/**
 * What an MCP POST carried: the JSON-RPC request's id (to link the exchange to its messages) and,
 * on 2026-07-28, its mirrored headers judged (see shared/header-verdict.ts).
 */
export interface ExchangeLinks {
  rpcId?: JsonRpcId;
  headerVerdict?: HeaderVerdict;
}

/** What a transport reports about one connection's wire. */
export interface WireReport {
  /**
   * A parsed JSON value seen on the wire (a batch is split into its messages here). Returns its
   * class. `rawText` is its text; `rawIsWire: false` says it was serialized again, not read off the
   * wire, so the entry does not keep it as the bytes as received.
   */
  message(direction: Direction, value: unknown, size: number, rawText?: string, violation?: string, rawIsWire?: boolean): MessageClass;
  stderr(line: string): void;
  /** A line that is not JSON-RPC, recorded exactly as received (from the server unless `direction` says otherwise). */
  malformed(text: string, size: number, direction?: Direction): void;
  /** What Loupe itself did on the connection, in one sentence; with `violation`, what the other end did wrong. */
  note(text: string, violation?: string): void;
  /** A line past the size limit: its start, its length, and the sentence that says so. */
  oversized(stream: 'stdout' | 'stderr', preview: string, size: number, problem: string, direction?: Direction): void;
  /** The HTTP request headers an outgoing JSON-RPC request went out with (credentials already redacted). */
  httpRequestHeaders(id: JsonRpcId, headers: Record<string, string>): void;
  /**
   * One HTTP exchange (credentials already redacted); returns the entry's seq (-1 while recording is
   * paused). With `links`, the entry names the JSON-RPC request the POST carried, and a 2026-07-28
   * request's header verdict goes on both.
   */
  http(exchange: HttpExchange, links?: ExchangeLinks): number;
  /**
   * No answer will come on the wire to the outgoing request with this id (sending it failed, or
   * Loupe closed its stream): if it is still pending, a note says so and ends it with `outcome`.
   */
  noAnswer(id: JsonRpcId, outcome: Extract<RequestOutcome, 'failed' | 'cancelled' | 'timeout'>, why: string): void;
  /** The connection (or its process) ended: every request still pending is unanswered. */
  endOpenRequests(reason?: string): void;
  /**
   * The answer recorded as `responseSeq` broke the MCP schema: the sentence goes on it, and the
   * window's row (its request's) counts under `is:violation`, as the Tools pane already says.
   */
  schemaViolation(responseSeq: number, sentence: string): void;
}

/** An entry as a recorder builds it: the log gives it its seq. */
export type EntryFields = Omit<TrafficEntry, 'seq' | 'serverId' | 'connectionId'>;

/** What a ConnectionRecorder needs of the log it records into (TrafficLog). */
export interface RecordTarget {
  /** A connection's first entry: it is now its server's newest connection (unless it is a comparison's). */
  connectionStarted(serverId: string, connectionId: string, tag: EntryTag | undefined): void;
  /**
   * Records the entry (numbered, kept, on disk, told to observers, batched for the window) and
   * settles the request it ends, if any; `outcomes` is the connection's pairing.
   */
  admit(entry: TrafficEntry, outcomes: RequestOutcomes, rawText: string | undefined): void;
  /** The entry kept in memory under `seq`, to complete in place. */
  kept(seq: number): TrafficEntry | undefined;
  /** A request's new outcome, for memory and the window. */
  settle(update: OutcomeUpdate): void;
  /** A request's answer was found to break the schema after its outcome reached the window. */
  outcomeMarked(update: OutcomeUpdate): void;
}

/** Marks every entry of a connection: an MCP App's conversation, a model provider's exchanges, a comparison. */
export type EntryTag = Pick<TrafficEntry, 'app' | 'model' | 'compare'>;

/**
 * Keeps a message too deep to serialize safely as its text: the exact bytes when the transport
 * had them. Everything else about the entry (kind, method, id, pairing) still comes from the parse.
 */
function keepAsText(entry: Omit<TrafficEntry, 'seq' | 'serverId' | 'connectionId'>, rawText: string | undefined): void {
  delete entry.message;
  entry.text = rawText ?? '';
  entry.problem = `Nested more than ${MAX_MESSAGE_DEPTH} levels deep, so Loupe keeps it as text, not as a JSON tree.`;
}

function isToolError(message: unknown): boolean {
  const result = (message as { result?: { isError?: unknown } } | null)?.result;
  return typeof result === 'object' && result !== null && result.isError === true;
}

function utf8Size(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** One connection's recorder; `clock` gives entries their time (a proxy's carry the time it saw the bytes). */
export class ConnectionRecorder implements WireReport {
  private readonly outcomes = new RequestOutcomes();
  private started = false;

  constructor(
    private readonly log: RecordTarget,
    private readonly serverId: string,
    private readonly connectionId: string,
    private readonly tag: EntryTag | undefined,
    private readonly clock: () => number,
  ) {}

  message(direction: Direction, value: unknown, size: number, rawText?: string, violation?: string, rawIsWire = true): MessageClass {
    const wire = rawIsWire && rawText !== undefined ? rawText : undefined;
    const time = this.clock();
    const cls = classifyMessage(value);
    cls.tooDeep = mayExceedDepth(size) && exceedsDepth(value);
    if (cls.kind === 'batch' && Array.isArray(value) && !cls.tooDeep) {
      const batch = this.append({ direction, time, kind: 'batch', size, message: value, ...(wire !== undefined ? { raw: wire } : {}) }, rawText);
      for (const item of value) {
        const inner = classifyMessage(item);
        this.append({ direction, time, ...inner, size: utf8Size(JSON.stringify(item) ?? ''), message: item, batchSeq: batch.seq });
      }
      return cls;
    }
    const entry: EntryFields = { direction, time, kind: cls.kind, size, message: value };
    if (cls.tooDeep) keepAsText(entry, rawText);
    else if (wire !== undefined) {
      entry.raw = wire;
      if (cls.kind === 'response') rememberResponseText(value, wire);
    }
    if (cls.method !== undefined) entry.method = cls.method;
    if (cls.id !== undefined) entry.id = cls.id;
    if (cls.errorCode !== undefined) entry.errorCode = cls.errorCode;
    if (cls.kind === 'response' && !cls.tooDeep && isToolError(value)) entry.toolError = true;
    if (violation !== undefined) entry.violation = violation;
    this.append(entry, rawText);
    return cls;
  }

  stderr(line: string): void {
    this.append({ direction: 'in', time: this.clock(), kind: 'stderr', size: utf8Size(line), text: line });
  }

  malformed(text: string, size: number, direction: Direction = 'in'): void {
    this.append({ direction, time: this.clock(), kind: 'malformed', size, text });
  }

  oversized(stream: 'stdout' | 'stderr', preview: string, size: number, problem: string, direction: Direction = 'in'): void {
    this.append({ direction, time: this.clock(), kind: stream === 'stdout' ? 'malformed' : 'stderr', size, text: preview, truncated: true, problem });
  }

  note(text: string, violation?: string): void {
    this.append({ direction: violation === undefined ? 'out' : 'in', time: this.clock(), kind: 'note', size: 0, text, ...(violation !== undefined ? { violation } : {}) });
  }

  http(exchange: HttpExchange, links?: ExchangeLinks): number {
    const summary = `${exchange.status ?? 'no response'} ${exchange.method} ${exchange.url}${exchange.error ? ` (${exchange.error})` : ''}`;
    // The request is still open: its answer is read from the body after this exchange is recorded.
    const carriedSeq = links?.rpcId === undefined ? undefined : this.outcomes.openSeq('out', links.rpcId);
    const request = carriedSeq === undefined ? undefined : this.log.kept(carriedSeq);
    if (request && links?.headerVerdict) request.headerVerdict = links.headerVerdict;
    return this.append({
      direction: 'out',
      time: this.clock(),
      kind: 'http',
      size: 0,
      text: summary,
      http: exchange,
      ...(carriedSeq !== undefined && carriedSeq >= 0 ? { carriedSeq } : {}),
      ...(links?.headerVerdict ? { headerVerdict: links.headerVerdict } : {}),
    }).seq;
  }

  noAnswer(id: JsonRpcId, outcome: Extract<RequestOutcome, 'failed' | 'cancelled' | 'timeout'>, why: string): void {
    const seq = this.outcomes.pendingSeq('out', id);
    if (seq === undefined || seq < 0) return;
    this.append({ direction: 'out', time: this.clock(), kind: 'note', size: 0, id, requestSeq: seq, ends: outcome, text: `No answer to #${seq} will come: ${why}` });
  }

  endOpenRequests(reason = CONNECTION_ENDED_REASON): void {
    for (const seq of this.outcomes.endAll()) if (seq >= 0) this.log.settle({ seq, outcome: 'unanswered', reason });
  }

  schemaViolation(responseSeq: number, sentence: string): void {
    const response = this.log.kept(responseSeq);
    const request = response?.requestSeq === undefined ? undefined : this.log.kept(response.requestSeq);
    if (!response || !request?.outcome) return;
    response.violation = sentence;
    // The answer may be on disk already: a note, saved like any entry, carries the mark for whoever reads the record later.
    this.append({ direction: response.direction, time: this.clock(), kind: 'note', size: 0, requestSeq: request.seq, violation: sentence, text: `The answer #${response.seq} to #${request.seq} breaks the MCP schema.` });
    this.log.outcomeMarked({ seq: request.seq, outcome: request.outcome, endSeq: response.seq, violation: sentence });
  }

  httpRequestHeaders(id: JsonRpcId, headers: Record<string, string>): void {
    // The request was recorded when the SDK handed it over; its POST goes out a moment later.
    const seq = this.outcomes.openSeq('out', id);
    const entry = seq === undefined ? undefined : this.log.kept(seq);
    if (entry) entry.httpHeaders = headers;
  }

  /** The traffic path is hot: each entry is built once and completed in place. */
  private append(fields: EntryFields, rawText?: string): TrafficEntry {
    const entry = fields as TrafficEntry;
    entry.seq = -1; // stays -1 while recording is paused: core features still see the traffic, the log does not
    entry.serverId = this.serverId;
    entry.connectionId = this.connectionId;
    if (this.tag) Object.assign(entry, this.tag);
    if (!this.started) {
      this.started = true;
      this.log.connectionStarted(this.serverId, this.connectionId, this.tag);
    }
    this.log.admit(entry, this.outcomes, rawText);
    return entry;
  }
}
