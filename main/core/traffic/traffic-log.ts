import type { HttpExchange } from '../../../shared/auth.js';
import type { ExchangeLinks } from '../transports/recording-fetch.js';
import type { Direction, JsonRpcId, TrafficEntry, TrafficExportPiece, TrafficExportQuery, TrafficPage, TrafficSettings } from '../../../shared/traffic.js';
import { classifyMessage, type MessageClass } from './classify-message.js';
import { exportPiece } from './traffic-export.js';
import { RequestPairing } from './request-pairing.js';
import { rememberResponseText } from './response-texts.js';
import { toInlineEntry } from './inline-entry.js';
import { exceedsDepth, MAX_MESSAGE_DEPTH, mayExceedDepth } from './message-depth.js';
import { TrafficBatcher } from './traffic-batcher.js';
import type { TrafficJournal } from './traffic-journal.js';
import { trafficPage, type PageQuery } from './traffic-pager.js';
import { DEFAULT_RETENTION, TrafficRecord, type RetentionLimits } from './traffic-record.js';

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
}

export type EntryObserver = (entry: TrafficEntry) => void;

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

  constructor(
    emitBatch: (entries: TrafficEntry[]) => void,
    limits: RetentionLimits = DEFAULT_RETENTION,
    /** Where every recorded entry is also saved (the record on disk). */
    private readonly journal?: TrafficJournal,
  ) {
    this.record = new TrafficRecord(limits);
    // What the window is shown is on disk first: a core killed a moment later has lost none of it.
    this.batcher = new TrafficBatcher((batch) => {
      this.journal?.flush();
      emitBatch(batch);
    });
  }

  /**
   * `tag` marks every entry of the connection (an MCP App's conversation, a model provider's
   * exchanges). `clock` gives entries their time when it is not now (a proxy's entries carry the
   * time the proxy saw the bytes).
   */
  recorderFor(serverId: string, connectionId: string, tag?: Pick<TrafficEntry, 'app' | 'model'>, clock: () => number = now): ConnectionRecorder {
    const pairing = new RequestPairing();
    // The traffic path is hot: each entry is built once and completed in place.
    const append = (fields: Omit<TrafficEntry, 'seq' | 'serverId' | 'connectionId'>, rawText?: string): TrafficEntry => {
      const entry = fields as TrafficEntry;
      entry.seq = -1; // stays -1 while recording is paused: core features still see the traffic, the log does not
      entry.serverId = serverId;
      entry.connectionId = connectionId;
      if (tag) Object.assign(entry, tag);
      pairing.link(entry);
      if (this.recording) {
        this.record.append(entry);
        this.journal?.append(entry);
      }
      pairing.remember(entry);
      for (const observer of this.observers) observer(entry);
      if (this.recording) this.batcher.push(toInlineEntry(entry, rawText));
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
        const carriedSeq = links?.rpcId === undefined ? undefined : pairing.openSeq('out', links.rpcId);
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
      httpRequestHeaders: (id, headers) => {
        // The request was recorded when the SDK handed it over; its POST goes out a moment later.
        const seq = pairing.openSeq('out', id);
        const entry = seq === undefined ? undefined : this.record.get(seq);
        if (entry) entry.httpHeaders = headers;
      },
    };
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

  /** A bounded page of inline entries, for the window. */
  page(query: PageQuery): TrafficPage {
    return trafficPage(this.record, query);
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
