import { Interner, KIND, KIND_CODES, type RowStatus, type TrafficRows } from '../../../../shared/filter/traffic-rows.js';
import { isViolation, REQUEST_OUTCOMES, type JsonRpcId, type TrafficEntry, type TrafficKind } from '../../../../shared/traffic.js';
import type { OutcomeUpdate } from '../../../../shared/traffic-outcomes.js';
import { callSubject } from '../../../../shared/traffic-subject.js';

export type TrafficFlow = NonNullable<TrafficEntry['flow']>;

/**
 * The renderer's traffic, column by column: typed arrays in fixed-size chunks plus one string
 * per entry (the message's compact JSON, or the stderr/malformed line). Appending is O(1)
 * with no copy of earlier entries, the oldest entries are evicted past `capacity`, and the
 * parsed message objects the bridge delivered are not kept (the detail view parses the text
 * of the one entry it shows). A response is folded into its request's row on arrival; what became
 * of a request is the core's word (`outcome`, then `traffic.outcomes`), never worked out here.
 *
 * Entries are addressed by position: a number that grows by one per appended entry and is never
 * reused, so views can hold positions across appends and evictions. Older pages are prepended
 * below `start`, down to 0: a log that will load older pages starts higher up (`firstPosition`).
 */

export { KIND, KIND_CODES };

/** What became of a request (the core's outcome); other rows are `none`. */
export type RequestStatus = RowStatus;
export const STATUS_CODES: readonly RequestStatus[] = ['none', ...REQUEST_OUTCOMES];
const STATUS_CODE = new Map<RequestStatus, number>(STATUS_CODES.map((status, code) => [status, code]));
const PENDING = STATUS_CODE.get('pending')!;
const NONE = STATUS_CODE.get('none')!;
/** Room below the first position of a log that loads older pages: more than any log keeps. */
export const PREPEND_ROOM = 2 ** 30;

const FLAG_IN = 1;
/** A response folded into its request's row: not a row of its own. */
const FLAG_MERGED = 2;
const FLAG_TRUNCATED = 4;
const FLAG_HAS_MESSAGE = 8;
/** A response to an id that was never sent on its connection. */
const FLAG_ORPHAN = 16;
/** A tools/call result with isError: true. */
const FLAG_TOOL_ERROR = 32;
/** An MCP App ↔ host message (the app's frame is the other end, not the server). */
const FLAG_APP = 64;
/** What `is:violation` finds (shared/traffic.ts `isViolation`). */
const FLAG_VIOLATION = 128;

const CHUNK_BITS = 12;
const CHUNK_SIZE = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_SIZE - 1;
/** Responses remembered while their request is older than the log's start (a later, older page may bring it). */
const MAX_AWAITING = 10_000;

class Chunk {
  readonly seq = new Float64Array(CHUNK_SIZE);
  readonly time = new Float64Array(CHUNK_SIZE);
  readonly size = new Float64Array(CHUNK_SIZE);
  readonly batchSeq = new Float64Array(CHUNK_SIZE);
  readonly requestSeq = new Float64Array(CHUNK_SIZE);
  readonly errorCode = new Float64Array(CHUNK_SIZE);
  readonly replayOf = new Float64Array(CHUNK_SIZE);
  readonly kind = new Uint8Array(CHUNK_SIZE);
  readonly flags = new Uint8Array(CHUNK_SIZE);
  readonly status = new Uint8Array(CHUNK_SIZE);
  readonly server = new Uint16Array(CHUNK_SIZE);
  readonly connection = new Int32Array(CHUNK_SIZE);
  readonly method = new Int32Array(CHUNK_SIZE);
  /** What the message acts on (tool name, resource URI…), interned; -1 for none. */
  readonly subject = new Int32Array(CHUNK_SIZE);
  /** Request ↔ response position, or -1. */
  readonly partner = new Int32Array(CHUNK_SIZE);
  readonly id: Array<JsonRpcId | undefined> = new Array<JsonRpcId | undefined>(CHUNK_SIZE);
  readonly text: string[] = new Array<string>(CHUNK_SIZE);
  /** The rounds of one call (2026-07-28 `input_required` retries); sparse. */
  readonly flow: Array<TrafficFlow | undefined> = new Array<TrafficFlow | undefined>(CHUNK_SIZE);
  /** Why an entry is not the whole message (a line past the size limit); sparse. */
  readonly problem: Array<string | undefined> = new Array<string | undefined>(CHUNK_SIZE);
}

/** Receives the positions of rows whose status or response changed after they were appended. */
export interface RowChangeListener {
  rowChanged: (position: number) => void;
  /** Everything was cleared or replaced: positions before `start` are gone. */
  reset: () => void;
  /** The oldest entries were evicted: positions before `start` are gone. */
  evicted: (start: number) => void;
  /**
   * Older entries came in below the old start, from `start` up to `before`; `merged` are rows
   * further up that are rows no more (a response whose request came in with them).
   */
  prepended: (start: number, before: number, merged: readonly number[]) => void;
}

/** How a request ended: the entry that ended it (when known), and why in one sentence (when said). */
export interface Ending {
  seq?: number;
  reason?: string;
  /** How its answer broke the MCP schema, in one sentence. */
  violation?: string;
}

function jsonText(message: unknown): string {
  try {
    return JSON.stringify(message) ?? String(message);
  } catch {
    return String(message);
  }
}

export class CompactTrafficLog implements TrafficRows {
  private chunks: Chunk[] = [];
  /** The chunk number (position >> CHUNK_BITS) of `chunks[0]`. */
  private firstChunk = 0;
  /** Position of the oldest kept entry. */
  start = 0;
  /** Position after the newest entry. */
  end = 0;
  /** Entries evicted here because of `capacity`, since the last clear. */
  evicted = 0;
  /** Entries missing between consecutive seqs (never received), since the last clear. */
  missing = 0;
  lastSeq = -1;

  readonly servers = new Interner();
  readonly connections = new Interner();
  readonly methods = new Interner();
  readonly subjects = new Interner();
  /** Per server code: the connection code seen last (the current session). */
  readonly latestConnection: number[] = [];
  /** Connections of Compare sessions (`compare` entries): never a server's newest connection. */
  private readonly apartConnections = new Set<number>();
  /** Request position → how it ended; sparse. */
  private readonly endings = new Map<number, Ending>();
  /** Request seq → the position of its response, while the request is older than `start`. */
  private readonly awaiting = new Map<number, number>();
  private readonly listeners = new Set<RowChangeListener>();
  /** Bumped when a server starts a new connection (preserve-log filtering depends on it). */
  connectionEpoch = 0;

  constructor(
    public capacity: number,
    /** Where the first entry goes; older pages are prepended below it. */
    private readonly firstPosition = 0,
  ) {
    this.start = this.end = firstPosition;
    this.firstChunk = firstPosition >>> CHUNK_BITS;
  }

  get length(): number {
    return this.end - this.start;
  }

  listen(listener: RowChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.chunks = [];
    this.firstChunk = this.firstPosition >>> CHUNK_BITS;
    this.start = this.firstPosition;
    this.end = this.firstPosition;
    this.evicted = 0;
    this.missing = 0;
    this.lastSeq = -1;
    this.endings.clear();
    this.awaiting.clear();
    this.latestConnection.length = 0;
    this.apartConnections.clear();
    for (const listener of this.listeners) listener.reset();
  }

  setCapacity(capacity: number): void {
    this.capacity = capacity;
    this.evictOverflow();
  }

  /** Appends an entry newer than every kept one (older or repeated seqs are ignored). Returns whether it was added. */
  append(entry: TrafficEntry): boolean {
    if (entry.seq <= this.lastSeq) return false;
    if (this.lastSeq >= 0 && entry.seq > this.lastSeq + 1) this.missing += entry.seq - this.lastSeq - 1;
    this.lastSeq = entry.seq;

    const position = this.end;
    if ((position & CHUNK_MASK) === 0 || this.chunks.length === 0) this.chunks.push(new Chunk());
    this.end = position + 1;
    const kind = this.write(position, entry);
    this.noteConnection(this.serverCode(position), this.connectionCode(position));
    if ((kind === KIND.response || kind === KIND.error) && entry.requestSeq !== undefined) this.pair(position, entry.requestSeq);
    if (kind === KIND.http && entry.carriedSeq !== undefined && isViolation(entry)) this.markViolation(entry.carriedSeq);
    this.evictOverflow();
    return true;
  }

  /**
   * The JSON-RPC request a failed header verdict's POST carried counts under `is:violation` too,
   * as it does in the core's record (where the verdict is set on the request), whichever of the
   * two entries reached the window first.
   */
  private markViolation(requestSeq: number): void {
    const position = this.positionOfSeq(requestSeq);
    if (position < 0 || this.isViolation(position)) return;
    const flags = this.chunkOf(position).flags;
    flags[position & CHUNK_MASK] = flags[position & CHUNK_MASK]! | FLAG_VIOLATION;
    this.rowChanged(position);
  }

  /**
   * Adds entries older than every kept one (ascending) below the start, as far as the capacity
   * and the room below allow. Returns how many were added.
   */
  prepend(entries: readonly TrafficEntry[]): number {
    const before = this.start;
    let oldest = this.length > 0 ? this.seq(this.start) : Number.POSITIVE_INFINITY;
    let added = 0;
    for (let index = entries.length - 1; index >= 0; index--) {
      const entry = entries[index]!;
      if (entry.seq >= oldest) continue;
      if (this.length >= this.capacity || this.start === 0) break;
      const position = this.start - 1;
      if (this.chunks.length === 0 || position >>> CHUNK_BITS < this.firstChunk) {
        this.chunks.unshift(new Chunk());
        this.firstChunk = position >>> CHUNK_BITS;
      }
      this.start = position;
      this.write(position, entry);
      oldest = entry.seq;
      added++;
    }
    if (added === 0) return 0;
    if (this.lastSeq < 0) this.lastSeq = this.seq(this.end - 1);
    for (let position = this.start; position < before; position++) this.noteConnection(this.serverCode(position), this.connectionCode(position));
    // Requests that came in may have their responses further up: fold those in.
    const merged: number[] = [];
    for (let position = this.start; position < before; position++) {
      const kind = this.kindCode(position);
      if ((kind === KIND.response || kind === KIND.error) && this.partner(position) < 0) {
        const requestSeq = this.chunkOf(position).requestSeq[position & CHUNK_MASK]!;
        if (!Number.isNaN(requestSeq)) this.pair(position, requestSeq);
        continue;
      }
      if (kind !== KIND.request) continue;
      const response = this.awaiting.get(this.seq(position));
      if (response === undefined) continue;
      this.awaiting.delete(this.seq(position));
      if (this.partner(position) >= 0) continue;
      this.link(position, response);
      merged.push(response);
    }
    for (const listener of this.listeners) listener.prepended(this.start, before, merged);
    return added;
  }

  /** A request's outcome changed (the core said so): its row is told. */
  applyOutcome(update: OutcomeUpdate): void {
    const position = this.positionOfSeq(update.seq);
    if (position < 0 || this.kindCode(position) !== KIND.request) return;
    this.chunkOf(position).status[position & CHUNK_MASK] = STATUS_CODE.get(update.outcome) ?? PENDING;
    this.endings.set(position, {
      ...(update.endSeq !== undefined ? { seq: update.endSeq } : {}),
      ...(update.reason !== undefined ? { reason: update.reason } : {}),
      ...(update.violation !== undefined ? { violation: update.violation } : {}),
    });
    if (update.violation !== undefined) this.markViolation(update.seq);
    this.rowChanged(position);
  }

  /** Writes an entry's columns at a position whose chunk exists; returns its kind code. */
  private write(position: number, entry: TrafficEntry): number {
    const chunk = this.chunkOf(position);
    const offset = position & CHUNK_MASK;
    const kind = KIND[entry.kind] ?? KIND.malformed;
    const server = this.servers.intern(entry.serverId);
    const connection = this.connections.intern(entry.connectionId);
    chunk.seq[offset] = entry.seq;
    chunk.time[offset] = entry.time;
    chunk.size[offset] = entry.size;
    chunk.batchSeq[offset] = entry.batchSeq ?? Number.NaN;
    chunk.requestSeq[offset] = entry.requestSeq ?? Number.NaN;
    chunk.errorCode[offset] = entry.errorCode ?? Number.NaN;
    chunk.replayOf[offset] = entry.replayOf ?? Number.NaN;
    chunk.kind[offset] = kind;
    chunk.server[offset] = server;
    chunk.connection[offset] = connection;
    chunk.method[offset] = entry.method === undefined ? -1 : this.methods.intern(entry.method);
    const subject = callSubject(entry.method, entry.message);
    chunk.subject[offset] = subject === undefined ? -1 : this.subjects.intern(subject);
    chunk.partner[offset] = -1;
    chunk.id[offset] = entry.id;
    chunk.flow[offset] = entry.flow;
    // What an MCP App did wrong is shown where a message's problem is.
    chunk.problem[offset] = entry.problem ?? entry.violation ?? (entry.headerVerdict?.ok === false ? entry.headerVerdict.sentence : undefined);
    chunk.status[offset] = kind === KIND.request ? (STATUS_CODE.get(entry.outcome ?? 'pending') ?? PENDING) : NONE;
    if (entry.ending && kind === KIND.request) this.endings.set(position, entry.ending);
    const hasMessage = entry.message !== undefined;
    chunk.text[offset] = hasMessage ? (entry.raw ?? jsonText(entry.message)) : (entry.text ?? '');
    chunk.flags[offset] =
      (entry.direction === 'in' ? FLAG_IN : 0) |
      (entry.truncated ? FLAG_TRUNCATED : 0) |
      (hasMessage ? FLAG_HAS_MESSAGE : 0) |
      (entry.orphan ? FLAG_ORPHAN : 0) |
      (entry.toolError ? FLAG_TOOL_ERROR : 0) |
      (entry.app ? FLAG_APP : 0) |
      (isViolation(entry) ? FLAG_VIOLATION : 0);
    if (entry.compare) this.apartConnections.add(connection);
    return kind;
  }

  // ---- columns ----

  private chunkOf(position: number): Chunk {
    return this.chunks[(position >>> CHUNK_BITS) - this.firstChunk]!;
  }

  has(position: number): boolean {
    return position >= this.start && position < this.end;
  }

  seq(position: number): number {
    return this.chunkOf(position).seq[position & CHUNK_MASK]!;
  }
  time(position: number): number {
    return this.chunkOf(position).time[position & CHUNK_MASK]!;
  }
  size(position: number): number {
    return this.chunkOf(position).size[position & CHUNK_MASK]!;
  }
  kindCode(position: number): number {
    return this.chunkOf(position).kind[position & CHUNK_MASK]!;
  }
  kind(position: number): TrafficKind {
    return KIND_CODES[this.kindCode(position)]!;
  }
  isIncoming(position: number): boolean {
    return (this.chunkOf(position).flags[position & CHUNK_MASK]! & FLAG_IN) !== 0;
  }
  isTruncated(position: number): boolean {
    return (this.chunkOf(position).flags[position & CHUNK_MASK]! & FLAG_TRUNCATED) !== 0;
  }
  hasMessage(position: number): boolean {
    return (this.chunkOf(position).flags[position & CHUNK_MASK]! & FLAG_HAS_MESSAGE) !== 0;
  }
  /** An MCP App ↔ host message. */
  isApp(position: number): boolean {
    return (this.chunkOf(position).flags[position & CHUNK_MASK]! & FLAG_APP) !== 0;
  }
  /** A response to an id its connection never sent. */
  isOrphan(position: number): boolean {
    return (this.chunkOf(position).flags[position & CHUNK_MASK]! & FLAG_ORPHAN) !== 0;
  }
  isViolation(position: number): boolean {
    return (this.chunkOf(position).flags[position & CHUNK_MASK]! & FLAG_VIOLATION) !== 0;
  }
  /** False for a response shown in its request's row. */
  isRow(position: number): boolean {
    return (this.chunkOf(position).flags[position & CHUNK_MASK]! & FLAG_MERGED) === 0;
  }
  serverCode(position: number): number {
    return this.chunkOf(position).server[position & CHUNK_MASK]!;
  }
  serverId(position: number): string {
    return this.servers.values[this.serverCode(position)]!;
  }
  connectionCode(position: number): number {
    return this.chunkOf(position).connection[position & CHUNK_MASK]!;
  }
  methodCode(position: number): number {
    return this.chunkOf(position).method[position & CHUNK_MASK]!;
  }
  method(position: number): string | undefined {
    const code = this.methodCode(position);
    return code < 0 ? undefined : this.methods.values[code];
  }
  subjectCode(position: number): number {
    return this.chunkOf(position).subject[position & CHUNK_MASK]!;
  }
  /** The Name column: the tool, prompt or resource the message is about. */
  subject(position: number): string | undefined {
    const code = this.subjectCode(position);
    return code < 0 ? undefined : this.subjects.values[code];
  }
  id(position: number): JsonRpcId | undefined {
    return this.chunkOf(position).id[position & CHUNK_MASK];
  }
  problem(position: number): string | undefined {
    return this.chunkOf(position).problem[position & CHUNK_MASK];
  }
  /** The call this round belongs to, on a 2026-07-28 connection. */
  flow(position: number): TrafficFlow | undefined {
    return this.chunkOf(position).flow[position & CHUNK_MASK];
  }
  /** The message as it was on the wire (else as compact JSON), or the raw stderr/malformed line, or a large message's preview. */
  text(position: number): string {
    return this.chunkOf(position).text[position & CHUNK_MASK] ?? '';
  }
  errorCode(position: number): number | undefined {
    const code = this.chunkOf(position).errorCode[position & CHUNK_MASK]!;
    return Number.isNaN(code) ? undefined : code;
  }
  /** For a replayed request: the seq of the request it repeats. */
  replayOf(position: number): number | undefined {
    const seq = this.chunkOf(position).replayOf[position & CHUNK_MASK]!;
    return Number.isNaN(seq) ? undefined : seq;
  }
  batchSeq(position: number): number | undefined {
    const seq = this.chunkOf(position).batchSeq[position & CHUNK_MASK]!;
    return Number.isNaN(seq) ? undefined : seq;
  }
  /** The other half of a request/response pair, if it is still kept. */
  partner(position: number): number {
    const partner = this.chunkOf(position).partner[position & CHUNK_MASK]!;
    return partner >= this.start ? partner : -1;
  }

  /** A request's outcome, as the core stamped it; `none` for other rows. */
  status(position: number): RequestStatus {
    return STATUS_CODES[this.chunkOf(position).status[position & CHUNK_MASK]!]!;
  }

  /** How a request ended, when it has: the entry that ended it and why. */
  ending(requestPosition: number): Ending | undefined {
    return this.endings.get(requestPosition);
  }

  /** For a `notifications/cancelled` or Loupe's note that ended a request: that request's position, while kept. */
  endedRequest(position: number): number | undefined {
    const kind = this.kindCode(position);
    if (kind !== KIND.notification && kind !== KIND.note) return undefined;
    const seq = this.chunkOf(position).requestSeq[position & CHUNK_MASK]!;
    if (Number.isNaN(seq)) return undefined;
    const target = this.positionOfSeq(seq);
    return target >= 0 ? target : undefined;
  }

  /** Binary search: seqs grow strictly with position. Returns -1 when not kept. */
  positionOfSeq(seq: number): number {
    let low = this.start;
    let high = this.end - 1;
    while (low <= high) {
      const middle = low + ((high - low) >>> 1);
      const found = this.seq(middle);
      if (found === seq) return middle;
      if (found < seq) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** The entry as the core sent it (the message re-parsed from its text). */
  entry(position: number): TrafficEntry {
    const chunk = this.chunkOf(position);
    const offset = position & CHUNK_MASK;
    const flags = chunk.flags[offset]!;
    const entry: TrafficEntry = {
      seq: chunk.seq[offset]!,
      serverId: this.servers.values[chunk.server[offset]!]!,
      connectionId: this.connections.values[chunk.connection[offset]!]!,
      direction: flags & FLAG_IN ? 'in' : 'out',
      time: chunk.time[offset]!,
      kind: KIND_CODES[chunk.kind[offset]!]!,
      size: chunk.size[offset]!,
    };
    const method = this.method(position);
    if (method !== undefined) entry.method = method;
    const id = chunk.id[offset];
    if (id !== undefined) entry.id = id;
    const text = chunk.text[offset] ?? '';
    if (flags & FLAG_HAS_MESSAGE) entry.message = JSON.parse(text) as unknown;
    else entry.text = text;
    if (flags & FLAG_TRUNCATED) entry.truncated = true;
    const batchSeq = this.batchSeq(position);
    if (batchSeq !== undefined) entry.batchSeq = batchSeq;
    const requestSeq = chunk.requestSeq[offset]!;
    if (!Number.isNaN(requestSeq)) entry.requestSeq = requestSeq;
    const errorCode = this.errorCode(position);
    if (errorCode !== undefined) entry.errorCode = errorCode;
    return entry;
  }

  isLatestConnection(position: number): boolean {
    return this.latestConnection[this.serverCode(position)] === this.connectionCode(position);
  }

  // ---- pairing ----

  private noteConnection(server: number, connection: number): void {
    if (this.apartConnections.has(connection)) return;
    const latest = this.latestConnection[server];
    if (latest === connection) return;
    if (latest === undefined || latest < connection) {
      this.latestConnection[server] = connection;
      this.connectionEpoch++;
    }
  }

  private pair(responsePosition: number, requestSeq: number): void {
    const request = this.positionOfSeq(requestSeq);
    if (request < 0) {
      // Its request is older than the log's start: an older page may bring it.
      if (this.length > 0 && requestSeq < this.seq(this.start) && this.awaiting.size < MAX_AWAITING) this.awaiting.set(requestSeq, responsePosition);
      return;
    }
    if (this.kindCode(request) !== KIND.request || this.partner(request) >= 0) return;
    this.link(request, responsePosition);
    this.rowChanged(request);
  }

  /** Folds a response into its request's row. */
  private link(request: number, response: number): void {
    this.chunkOf(request).partner[request & CHUNK_MASK] = response;
    const responseChunk = this.chunkOf(response);
    const responseOffset = response & CHUNK_MASK;
    responseChunk.partner[responseOffset] = request;
    responseChunk.flags[responseOffset]! |= FLAG_MERGED;
  }

  private rowChanged(position: number): void {
    for (const listener of this.listeners) listener.rowChanged(position);
  }

  private evictOverflow(): void {
    const overflow = this.length - this.capacity;
    if (overflow <= 0) return;
    this.start += overflow;
    this.evicted += overflow;
    for (const listener of this.listeners) listener.evicted(this.start);
    const dropChunks = (this.start >>> CHUNK_BITS) - this.firstChunk;
    if (dropChunks > 0) {
      this.chunks.splice(0, dropChunks);
      this.firstChunk += dropChunks;
      for (const request of this.endings.keys()) if (request < this.start) this.endings.delete(request);
      for (const [seq, response] of this.awaiting) if (response < this.start) this.awaiting.delete(seq);
    }
  }
}
