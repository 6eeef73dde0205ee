import { Interner, KIND, type RowStatus, type TrafficRows } from '../../../shared/filter/traffic-rows.js';
import { isViolation, TRAFFIC_INLINE_LIMIT, TRAFFIC_PREVIEW_CHARS, type JsonRpcId, type TrafficEntry } from '../../../shared/traffic.js';
import { callSubject } from '../../../shared/traffic-subject.js';
import type { TrafficRecord } from './traffic-record.js';

/**
 * The core's record as the traffic filter sees it (shared/filter/traffic-rows.ts), addressed by
 * seq: the same rows and texts as the window's compact log, so a filter run here over entries
 * the window has not loaded means what it means there. A response folds into its request's row.
 */
export class RecordRows implements TrafficRows {
  readonly methods: Interner;
  readonly subjects = new Interner();
  readonly servers = new Interner();
  private readonly subjectOf = new Map<number, number>();

  constructor(
    private readonly record: TrafficRecord,
    /** Every method the log has seen: a `method:` term that names one exactly matches only it. */
    knownMethods: Iterable<string>,
    /** Each server's newest connection. */
    private readonly latestConnection: ReadonlyMap<string, string>,
  ) {
    this.methods = new Interner(knownMethods);
  }

  private entry(row: number): TrafficEntry {
    return this.record.get(row)!;
  }

  /** False for a response shown in its request's row. */
  isRow(row: number): boolean {
    const entry = this.entry(row);
    if ((entry.kind !== 'response' && entry.kind !== 'error') || entry.requestSeq === undefined) return true;
    return this.record.get(entry.requestSeq) === undefined || this.partner(entry.requestSeq) !== row;
  }

  methodCode(row: number): number {
    const method = this.entry(row).method;
    return method === undefined ? -1 : this.methods.intern(method);
  }

  subjectCode(row: number): number {
    let code = this.subjectOf.get(row);
    if (code === undefined) {
      const entry = this.entry(row);
      const subject = callSubject(entry.method, entry.message);
      code = subject === undefined ? -1 : this.subjects.intern(subject);
      this.subjectOf.set(row, code);
    }
    return code;
  }

  serverCode(row: number): number {
    return this.servers.intern(this.entry(row).serverId);
  }

  kindCode(row: number): number {
    return KIND[this.entry(row).kind] ?? KIND.malformed;
  }

  isIncoming(row: number): boolean {
    return this.entry(row).direction === 'in';
  }

  isOrphan(row: number): boolean {
    return this.entry(row).orphan === true;
  }

  /** The row's own violation, or its answer's (one that broke the MCP schema), as the window marks it. */
  isViolation(row: number): boolean {
    if (isViolation(this.entry(row))) return true;
    const answer = this.partner(row);
    return answer >= 0 && isViolation(this.entry(answer));
  }

  status(row: number): RowStatus {
    const entry = this.entry(row);
    return entry.kind === 'request' ? (entry.outcome ?? 'pending') : 'none';
  }

  size(row: number): number {
    return this.entry(row).size;
  }

  id(row: number): JsonRpcId | undefined {
    return this.entry(row).id;
  }

  /** What the window keeps of the entry: the message as on the wire, its preview when large, or the line. */
  text(row: number): string {
    const entry = this.entry(row);
    if (entry.message === undefined) {
      const text = entry.text ?? '';
      return text.length > TRAFFIC_INLINE_LIMIT ? text.slice(0, TRAFFIC_PREVIEW_CHARS) : text;
    }
    const whole = entry.raw ?? JSON.stringify(entry.message) ?? '';
    return entry.size > TRAFFIC_INLINE_LIMIT ? whole.slice(0, TRAFFIC_PREVIEW_CHARS) : whole;
  }

  /** A request's response, when its ending was one and is still kept. */
  partner(row: number): number {
    const entry = this.entry(row);
    const end = entry.kind === 'request' ? entry.ending?.seq : undefined;
    if (end === undefined) return -1;
    const answer = this.record.get(end);
    return answer && (answer.kind === 'response' || answer.kind === 'error') && answer.requestSeq === row ? end : -1;
  }

  isLatestConnection(row: number): boolean {
    const entry = this.entry(row);
    return this.latestConnection.get(entry.serverId) === entry.connectionId;
  }
}
