import type { JsonRpcId, TrafficEntry, TrafficKind } from '../../../../shared/traffic.js';
import { callSubject } from './call-subject';

export type TrafficFlow = NonNullable<TrafficEntry['flow']>;

/**
 * The renderer's traffic, column by column: typed arrays in fixed-size chunks plus one string
 * per entry (the message's compact JSON, or the stderr/malformed line). Appending is O(1)
 * with no copy of earlier entries, the oldest entries are evicted past `capacity`, and the
 * parsed message objects the bridge delivered are not kept (the detail view parses the text
 * of the one entry it shows). Requests are paired with their responses here, once, on arrival.
 *
 * Entries are addressed by position: a number that grows by one per appended entry and is
 * never reused, so views can hold positions across appends and evictions.
 */

export const KIND_CODES: readonly TrafficKind[] = ['request', 'response', 'error', 'notification', 'batch', 'stderr', 'malformed', 'note', 'http'];
export const KIND = { request: 0, response: 1, error: 2, notification: 3, batch: 4, stderr: 5, malformed: 6, note: 7, http: 8 } as const;

/** What became of a request. Stored for requests only; other rows are `none`. */
export type RequestStatus = 'none' | 'pending' | 'ok' | 'error' | 'cancelled' | 'timeout' | 'unanswered' | 'input' | 'tool-error';
export const STATUS_CODES: readonly RequestStatus[] = ['none', 'pending', 'ok', 'error', 'cancelled', 'timeout', 'unanswered', 'input', 'tool-error'];
const STATUS = { none: 0, pending: 1, ok: 2, error: 3, cancelled: 4, timeout: 5, unanswered: 6, input: 7, 'tool-error': 8 } as const;
/** How a 2026-07-28 `input_required` result reads in a response's compact JSON. */
const INPUT_REQUIRED_MARK = '"resultType":"input_required"';

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

const CHUNK_BITS = 12;
const CHUNK_SIZE = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_SIZE - 1;
/** How far back a `notifications/cancelled` looks for the request it cancels. */
const CANCEL_LOOKBACK = 50_000;
const TIMEOUT_REASON = /time(?:d)?[\s-]?out/i;

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

/** Interns strings to small integers, so columns hold numbers and filters compare numbers. */
class Interner {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();

  intern(value: string): number {
    let code = this.index.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.index.set(value, code);
    }
    return code;
  }
}

/** Receives the positions of rows whose status or response changed after they were appended. */
export interface RowChangeListener {
  rowChanged(position: number): void;
  /** Everything was cleared or replaced: positions before `start` are gone. */
  reset(): void;
  /** The oldest entries were evicted: positions before `start` are gone. */
  evicted(start: number): void;
}

/** A request cancelled with `notifications/cancelled`: which entry cancelled it and why. */
export interface Cancellation {
  position: number;
  reason: string | undefined;
}

function jsonText(message: unknown): string {
  try {
    return JSON.stringify(message) ?? String(message);
  } catch {
    return String(message);
  }
}

function cancelledRequestId(message: unknown): { id: JsonRpcId; reason: string | undefined } | undefined {
  const params = (message as { params?: { requestId?: unknown; reason?: unknown } } | null)?.params;
  const id = params?.requestId;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { id, reason: typeof params?.reason === 'string' ? params.reason : undefined };
}

export class CompactTrafficLog {
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
  private readonly closedConnections = new Set<number>();
  private ended = false;
  private readonly cancellations = new Map<number, Cancellation>();
  private readonly cancelTargets = new Map<number, number>();
  private readonly listeners = new Set<RowChangeListener>();
  /** Bumped when request statuses may have changed without a row change (a connection closed). */
  statusEpoch = 0;
  /** Bumped when a server starts a new connection (preserve-log filtering depends on it). */
  connectionEpoch = 0;

  constructor(public capacity: number) {}

  get length(): number {
    return this.end - this.start;
  }

  listen(listener: RowChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear(): void {
    this.chunks = [];
    this.firstChunk = 0;
    this.start = 0;
    this.end = 0;
    this.evicted = 0;
    this.missing = 0;
    this.lastSeq = -1;
    this.cancellations.clear();
    this.cancelTargets.clear();
    this.latestConnection.length = 0;
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
    const offset = position & CHUNK_MASK;
    if (offset === 0 || this.chunks.length === 0) this.chunks.push(new Chunk());
    const chunk = this.chunks[this.chunks.length - 1]!;
    this.end = position + 1;

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
    chunk.problem[offset] = entry.problem ?? entry.violation;
    chunk.status[offset] = kind === KIND.request ? STATUS.pending : STATUS.none;
    const hasMessage = entry.message !== undefined;
    chunk.text[offset] = hasMessage ? (entry.raw ?? jsonText(entry.message)) : (entry.text ?? '');
    chunk.flags[offset] =
      (entry.direction === 'in' ? FLAG_IN : 0) |
      (entry.truncated ? FLAG_TRUNCATED : 0) |
      (hasMessage ? FLAG_HAS_MESSAGE : 0) |
      (entry.orphan ? FLAG_ORPHAN : 0) |
      (entry.toolError ? FLAG_TOOL_ERROR : 0) |
      (entry.app ? FLAG_APP : 0);

    this.noteConnection(server, connection);
    if ((kind === KIND.response || kind === KIND.error) && entry.requestSeq !== undefined) this.pair(position, entry.requestSeq);
    if (kind === KIND.notification && entry.method === 'notifications/cancelled') this.noteCancel(position, entry.message);
    this.evictOverflow();
    return true;
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

  /** A request's status; `pending` becomes `unanswered` once its connection has ended. */
  status(position: number): RequestStatus {
    const code = this.chunkOf(position).status[position & CHUNK_MASK]!;
    if (code === STATUS.pending && (this.ended || this.closedConnections.has(this.connectionCode(position)))) return 'unanswered';
    return STATUS_CODES[code]!;
  }

  cancellation(requestPosition: number): Cancellation | undefined {
    const cancel = this.cancellations.get(requestPosition);
    return cancel && cancel.position >= this.start ? cancel : undefined;
  }

  /** For a `notifications/cancelled` entry: the position of the request it cancelled. */
  cancelTarget(cancelPosition: number): number | undefined {
    const target = this.cancelTargets.get(cancelPosition);
    return target !== undefined && target >= this.start ? target : undefined;
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

  /** Marks connections that have ended: their unanswered requests stop being `pending`. */
  setClosedConnections(connectionIds: Iterable<string>): void {
    let changed = false;
    for (const connectionId of connectionIds) {
      // Interned even before its first entry: a connection's last messages may arrive after its end is known.
      const code = this.connections.intern(connectionId);
      if (this.closedConnections.has(code)) continue;
      this.closedConnections.add(code);
      changed = true;
    }
    if (changed) this.statusEpoch++;
  }

  /** An imported session: nothing in it is still running, so no request is pending. */
  markEnded(): void {
    this.ended = true;
    this.statusEpoch++;
  }

  isLatestConnection(position: number): boolean {
    return this.latestConnection[this.serverCode(position)] === this.connectionCode(position);
  }

  // ---- pairing ----

  private noteConnection(server: number, connection: number): void {
    const latest = this.latestConnection[server];
    if (latest === connection) return;
    if (latest !== undefined && latest < connection) this.closedConnections.add(latest);
    if (latest === undefined || latest < connection) {
      this.latestConnection[server] = connection;
      this.connectionEpoch++;
      this.statusEpoch++;
    }
  }

  private pair(responsePosition: number, requestSeq: number): void {
    const request = this.positionOfSeq(requestSeq);
    if (request < 0 || this.kindCode(request) !== KIND.request || this.partner(request) >= 0) return;
    const requestChunk = this.chunkOf(request);
    const requestOffset = request & CHUNK_MASK;
    const responseChunk = this.chunkOf(responsePosition);
    const responseOffset = responsePosition & CHUNK_MASK;
    requestChunk.partner[requestOffset] = responsePosition;
    responseChunk.partner[responseOffset] = request;
    responseChunk.flags[responseOffset]! |= FLAG_MERGED;
    if (requestChunk.status[requestOffset] === STATUS.pending) {
      requestChunk.status[requestOffset] =
        responseChunk.kind[responseOffset] === KIND.error
          ? STATUS.error
          : (responseChunk.flags[responseOffset]! & FLAG_TOOL_ERROR) !== 0
            ? STATUS['tool-error']
            : responseChunk.flow[responseOffset] && responseChunk.text[responseOffset]!.includes(INPUT_REQUIRED_MARK)
              ? STATUS.input
              : STATUS.ok;
    }
    this.rowChanged(request);
  }

  /** Finds the request a `notifications/cancelled` names: same connection, same sender, same id. */
  private noteCancel(cancelPosition: number, message: unknown): void {
    const cancelled = cancelledRequestId(message);
    if (!cancelled) return;
    const connection = this.connectionCode(cancelPosition);
    const incoming = this.isIncoming(cancelPosition);
    const stop = Math.max(this.start, cancelPosition - CANCEL_LOOKBACK);
    for (let position = cancelPosition - 1; position >= stop; position--) {
      if (this.kindCode(position) !== KIND.request || this.connectionCode(position) !== connection) continue;
      if (this.isIncoming(position) !== incoming || this.id(position) !== cancelled.id) continue;
      this.cancellations.set(position, { position: cancelPosition, reason: cancelled.reason });
      this.cancelTargets.set(cancelPosition, position);
      const chunk = this.chunkOf(position);
      const offset = position & CHUNK_MASK;
      // The first outcome counts: a late response after a cancel does not undo it (the client
      // had given up), and a cancel that crossed the response on the wire does not undo that.
      if (chunk.status[offset] === STATUS.pending) {
        chunk.status[offset] = cancelled.reason && TIMEOUT_REASON.test(cancelled.reason) ? STATUS.timeout : STATUS.cancelled;
      }
      this.rowChanged(position);
      return;
    }
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
      for (const [request, cancel] of this.cancellations) {
        if (request < this.start) {
          this.cancellations.delete(request);
          this.cancelTargets.delete(cancel.position);
        }
      }
    }
  }
}
