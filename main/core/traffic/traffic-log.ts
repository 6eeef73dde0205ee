import type { TrafficEntry, TrafficExportPiece, TrafficExportQuery, TrafficListFilter, TrafficPage, TrafficSettings } from '../../../shared/traffic.js';
import type { OutcomeUpdate, RequestOutcomes } from '../../../shared/traffic-outcomes.js';
import { ConnectionRecorder, type EntryTag, type RecordTarget } from './connection-recorder.js';
import { exportPiece } from './traffic-export.js';
import { toInlineEntry } from './inline-entry.js';
import { TrafficBatcher } from './traffic-batcher.js';
import type { TrafficJournal } from './traffic-journal.js';
import { compileRowFilter } from '../../../shared/filter/traffic-filter.js';
import { parseTrafficQuery } from '../../../shared/filter/traffic-query.js';
import { RecordRows } from './record-rows.js';
import { olderPage, trafficPage, type PageQuery } from './traffic-pager.js';
import { DEFAULT_RETENTION, TrafficRecord, type RetentionLimits } from './traffic-record.js';

export { ConnectionRecorder, type ExchangeLinks, type WireReport } from './connection-recorder.js';

export type EntryObserver = (entry: TrafficEntry) => void;

/** Distinct methods remembered for `method:` terms; a server inventing more gets fragment matching past it. */
const MAX_METHODS_SEEN = 10_000;

function now(): number {
  return performance.timeOrigin + performance.now();
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
  recorderFor(serverId: string, connectionId: string, tag?: EntryTag, clock: () => number = now): ConnectionRecorder {
    return new ConnectionRecorder(this.target, serverId, connectionId, tag, clock);
  }

  /** What the connections' recorders may do to the log: record, and complete what is kept. */
  private readonly target: RecordTarget = {
    connectionStarted: (serverId, connectionId, tag) => {
      if (!tag?.compare) this.latestConnection.set(serverId, connectionId);
    },
    admit: (entry, outcomes, rawText) => this.admit(entry, outcomes, rawText),
    kept: (seq) => this.record.get(seq),
    settle: (update) => this.settle(update),
    outcomeMarked: (update) => {
      if (this.recording) this.batcher.pushOutcome(update);
    },
  };

  private admit(entry: TrafficEntry, outcomes: RequestOutcomes, rawText: string | undefined): void {
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
