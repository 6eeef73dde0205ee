import type { HttpExchange } from '../../../shared/auth.js';
import type { Direction, JsonRpcId, RequestOutcome, TrafficEntry, TrafficExportPiece, TrafficExportQuery, TrafficListFilter, TrafficPage, TrafficSettings } from '../../../shared/traffic.js';
import { CONNECTION_ENDED_REASON, RequestOutcomes, type OutcomeUpdate } from '../../../shared/traffic-outcomes.js';
import type { HeaderVerdict } from '../../../shared/header-verdict.js';
import { classifyMessage, type MessageClass } from './classify-message.js';
import { exportPiece } from './traffic-export.js';
import { rememberResponseText } from './response-texts.js';
import { toInlineEntry } from './inline-entry.js';
import { exceedsDepth, MAX_MESSAGE_DEPTH, mayExceedDepth } from '../base/message-depth.js';
import { TrafficBatcher } from './traffic-batcher.js';
import type { TrafficJournal } from './traffic-journal.js';
import { compileRowFilter } from '../../../shared/filter/traffic-filter.js';
import { parseTrafficQuery } from '../../../shared/filter/traffic-query.js';
import { RecordRows } from './record-rows.js';
import { olderPage, trafficPage, type PageQuery } from './traffic-pager.js';
import { DEFAULT_RETENTION, TrafficRecord, type RetentionLimits } from './traffic-record.js';

/**
 * What an MCP POST carried: the JSON-RPC request's id (to link the exchange to its messages) and,
 * on 2026-07-28, its mirrored headers judged (see shared/header-verdict.ts).
 */
export interface ExchangeLinks {
  rpcId?: JsonRpcId;
  headerVerdict?: HeaderVerdict;
}

/** What a transport reports about one connection's wire. */
export interface ConnectionRecorder {
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

export type EntryObserver = (entry: TrafficEntry) => void;

/** Distinct methods remembered for `method:` terms; a server inventing more gets fragment matching past it. */
const MAX_METHODS_SEEN = 10_000;

function now(): number {
  return performance.timeOrigin + performance.now();
}

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

/**
 * The core's traffic record plus its outlets: batched events for the UI and synchronous
 * observers for core features that react to traffic (progress, pairing).
 */
export class TrafficLog {
  private readonly record: TrafficRecord;
  private readonly batcher: TrafficBatcher;
  private readonly observers = new Set<EntryObserver>();
  private recording = true;
  /** Entries up to this seq were cleared: they stay on disk, but are no longer the log's. */
  private clearedThrough = 0;
  /** Methods seen (a filter's `method:` term that names one exactly matches only it), up to a bound. */
  private readonly methodsSeen = new Set<string>();
  /** Each server's newest connection: the one whose first entry came last (as the window counts it). */
  private readonly latestConnection = new Map<string, string>();

  constructor(
    emitBatch: (entries: TrafficEntry[]) => void,
    limits: RetentionLimits = DEFAULT_RETENTION,
    /** Where every recorded entry is also saved (the record on disk). */
    private readonly journal?: TrafficJournal,
    /** Requests whose outcome changed, always after the entries they name. */
    emitOutcomes?: (updates: OutcomeUpdate[]) => void,
  ) {
    this.record = new TrafficRecord(limits);
    // What the window is shown is on disk first: a core killed a moment later has lost none of it.
    this.batcher = new TrafficBatcher(
      (batch) => {
        this.journal?.flush();
        emitBatch(batch);
      },
      (updates) => emitOutcomes?.(updates),
    );
  }

  /**
   * `tag` marks every entry of the connection (an MCP App's conversation, a model provider's
   * exchanges). `clock` gives entries their time when it is not now (a proxy's entries carry the
   * time the proxy saw the bytes).
   */
  recorderFor(serverId: string, connectionId: string, tag?: Pick<TrafficEntry, 'app' | 'model' | 'compare'>, clock: () => number = now): ConnectionRecorder {
    const outcomes = new RequestOutcomes();
    let announced = false;
    // The traffic path is hot: each entry is built once and completed in place.
    const append = (fields: Omit<TrafficEntry, 'seq' | 'serverId' | 'connectionId'>, rawText?: string): TrafficEntry => {
      const entry = fields as TrafficEntry;
      entry.seq = -1; // stays -1 while recording is paused: core features still see the traffic, the log does not
      entry.serverId = serverId;
      entry.connectionId = connectionId;
      if (tag) Object.assign(entry, tag);
      if (!announced) {
        announced = true;
        if (!tag?.compare) this.latestConnection.set(serverId, connectionId);
      }
      if (entry.method !== undefined && this.methodsSeen.size < MAX_METHODS_SEEN) this.methodsSeen.add(entry.method);
      const ended = outcomes.link(entry);
      if (this.recording) {
        this.record.append(entry);
        this.journal?.append(entry);
      }
      outcomes.remember(entry);
      // After the journal: on disk a request's ending is the entry that ended it, not a stamp.
      if (entry.kind === 'request' && entry.seq >= 0) entry.outcome = 'pending';
      for (const observer of this.observers) observer(entry);
      if (this.recording) this.batcher.push(toInlineEntry(entry, rawText));
      if (ended && entry.seq >= 0) {
        this.settle({ seq: ended.seq, outcome: ended.outcome, endSeq: entry.seq, ...(ended.reason !== undefined ? { reason: ended.reason } : {}) });
      }
      return entry;
    };
    return {
      message: (direction, value, size, rawText, violation, rawIsWire = true) => {
        const wire = rawIsWire && rawText !== undefined ? rawText : undefined;
        const time = clock();
        const cls = classifyMessage(value);
        cls.tooDeep = mayExceedDepth(size) && exceedsDepth(value);
        if (cls.kind === 'batch' && Array.isArray(value) && !cls.tooDeep) {
          const batch = append({ direction, time, kind: 'batch', size, message: value, ...(wire !== undefined ? { raw: wire } : {}) }, rawText);
          for (const item of value) {
            const inner = classifyMessage(item);
            append({ direction, time, ...inner, size: utf8Size(JSON.stringify(item) ?? ''), message: item, batchSeq: batch.seq });
          }
          return cls;
        }
        const entry: Omit<TrafficEntry, 'seq' | 'serverId' | 'connectionId'> = { direction, time, kind: cls.kind, size, message: value };
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
        append(entry, rawText);
        return cls;
      },
      stderr: (line) => {
        append({ direction: 'in', time: clock(), kind: 'stderr', size: utf8Size(line), text: line });
      },
      malformed: (text, size, direction = 'in') => {
        append({ direction, time: clock(), kind: 'malformed', size, text });
      },
      oversized: (stream, preview, size, problem, direction = 'in') => {
        append({ direction, time: clock(), kind: stream === 'stdout' ? 'malformed' : 'stderr', size, text: preview, truncated: true, problem });
      },
      note: (text, violation) => {
        append({ direction: violation === undefined ? 'out' : 'in', time: clock(), kind: 'note', size: 0, text, ...(violation !== undefined ? { violation } : {}) });
      },
      http: (exchange, links) => {
        const summary = `${exchange.status ?? 'no response'} ${exchange.method} ${exchange.url}${exchange.error ? ` (${exchange.error})` : ''}`;
        // The request is still open: its answer is read from the body after this exchange is recorded.
        const carriedSeq = links?.rpcId === undefined ? undefined : outcomes.openSeq('out', links.rpcId);
        const request = carriedSeq === undefined ? undefined : this.record.get(carriedSeq);
        if (request && links?.headerVerdict) request.headerVerdict = links.headerVerdict;
        return append({
          direction: 'out',
          time: clock(),
          kind: 'http',
          size: 0,
          text: summary,
          http: exchange,
          ...(carriedSeq !== undefined && carriedSeq >= 0 ? { carriedSeq } : {}),
          ...(links?.headerVerdict ? { headerVerdict: links.headerVerdict } : {}),
        }).seq;
      },
      noAnswer: (id, outcome, why) => {
        const seq = outcomes.pendingSeq('out', id);
        if (seq === undefined || seq < 0) return;
        append({ direction: 'out', time: clock(), kind: 'note', size: 0, id, requestSeq: seq, ends: outcome, text: `No answer to #${seq} will come: ${why}` });
      },
      endOpenRequests: (reason = CONNECTION_ENDED_REASON) => {
        for (const seq of outcomes.endAll()) if (seq >= 0) this.settle({ seq, outcome: 'unanswered', reason });
      },
      schemaViolation: (responseSeq, sentence) => {
        const response = this.record.get(responseSeq);
        const request = response?.requestSeq === undefined ? undefined : this.record.get(response.requestSeq);
        if (!response || !request?.outcome) return;
        response.violation = sentence;
        // The answer may be on disk already: a note, saved like any entry, carries the mark for whoever reads the record later.
        append({ direction: response.direction, time: clock(), kind: 'note', size: 0, requestSeq: request.seq, violation: sentence, text: `The answer #${response.seq} to #${request.seq} breaks the MCP schema.` });
        if (this.recording) this.batcher.pushOutcome({ seq: request.seq, outcome: request.outcome, endSeq: response.seq, violation: sentence });
      },
      httpRequestHeaders: (id, headers) => {
        // The request was recorded when the SDK handed it over; its POST goes out a moment later.
        const seq = outcomes.openSeq('out', id);
        const entry = seq === undefined ? undefined : this.record.get(seq);
        if (entry) entry.httpHeaders = headers;
      },
    };
  }

  /** Stamps a request with its new outcome (while memory keeps it) and tells the window, after the entries it names. */
  private settle(update: OutcomeUpdate): void {
    const request = this.record.get(update.seq);
    if (request) {
      request.outcome = update.outcome;
      request.ending = { ...(update.endSeq !== undefined ? { seq: update.endSeq } : {}), ...(update.reason !== undefined ? { reason: update.reason } : {}) };
    }
    if (this.recording) this.batcher.pushOutcome(update);
  }

  /** Observers see each entry synchronously as it is recorded. */
  observe(observer: EntryObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** The whole entry: from memory, else read back from the record on disk. */
  get(seq: number): TrafficEntry | undefined {
    return this.record.get(seq) ?? this.journal?.read(seq);
  }

  /** Where an entry's line is in the record on disk (see TrafficJournal.lineFile). */
  lineFile(seq: number): { file: string; offset: number; length: number } | undefined {
    return this.journal?.lineFile(seq);
  }

  /** Whole entries kept in memory (core features and tests); the window asks for `page`s. */
  list(afterSeq?: number, limit?: number): TrafficPage {
    return this.record.list(afterSeq, limit);
  }

  /**
   * A bounded page of inline entries, for the window: forward from `afterSeq`, or back from
   * `beforeSeq`, then with `filter` only the rows that match it, as the window's filter box would.
   */
  page(query: PageQuery & { filter?: TrafficListFilter | undefined }, serverName: (serverId: string) => string | undefined = () => undefined): TrafficPage {
    if (query.beforeSeq === undefined) return trafficPage(this.record, query);
    const { filter } = query;
    if (!filter) return olderPage(this.record, query);
    const rows = new RecordRows(this.record, this.methodsSeen, this.latestConnection);
    const test = compileRowFilter(rows, parseTrafficQuery(filter.text), {
      serverName,
      invert: filter.invert === true,
      preserveLog: filter.latestOnly !== true,
      ...(filter.type ? { type: filter.type } : {}),
    });
    return olderPage(this.record, query, { rows, test });
  }

  get settings(): Omit<TrafficSettings, 'diskBudgetBytes'> {
    return { recording: this.recording, maxEntries: this.record.maxEntries };
  }

  configure(settings: Partial<Omit<TrafficSettings, 'diskBudgetBytes'>>): Omit<TrafficSettings, 'diskBudgetBytes'> {
    if (settings.recording !== undefined) this.recording = settings.recording;
    if (settings.maxEntries !== undefined) this.record.maxEntries = settings.maxEntries;
    return this.settings;
  }

  /** One piece of an export (see traffic-export.ts). */
  exportPiece(query: TrafficExportQuery, secrets: readonly string[]): TrafficExportPiece {
    return exportPiece({ memory: this.record, journal: this.journal, clearedThrough: this.clearedThrough }, query, secrets);
  }

  clear(): void {
    this.batcher.discard();
    this.record.clear();
    this.clearedThrough = this.record.lastSeq;
  }

  /** Writes every recorded entry to disk now (a proxy is told its entries are saved after this). */
  flushToDisk(): void {
    this.journal?.flush();
  }

  /** Sends every queued entry to the UI, and writes every queued one to disk, now. */
  flush(): void {
    this.batcher.drain();
    this.journal?.flush();
  }
}
