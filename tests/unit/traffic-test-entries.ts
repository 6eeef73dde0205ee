/** Builds TrafficEntry values as the core would send them, for the renderer's traffic tests. */
import type { Direction, JsonRpcId, TrafficEntry } from '../../shared/traffic.js';
import { RequestOutcomes } from '../../shared/traffic-outcomes.js';
import type { CompactTrafficLog } from '../../renderer/src/state/traffic/compact-traffic-log.js';

export class EntryFactory {
  private seq = 0;
  private time = 1_700_000_000_000;

  constructor(
    private serverId = 'server-a',
    private connectionId = 'conn-1',
  ) {}

  on(serverId: string, connectionId: string): this {
    this.serverId = serverId;
    this.connectionId = connectionId;
    return this;
  }

  /** Moves the clock forward, so latencies are predictable. */
  wait(ms: number): this {
    this.time += ms;
    return this;
  }

  private base(direction: Direction, message: unknown): TrafficEntry {
    const text = JSON.stringify(message);
    return {
      seq: ++this.seq,
      serverId: this.serverId,
      connectionId: this.connectionId,
      direction,
      time: this.time,
      kind: 'request',
      size: text.length,
      message,
    };
  }

  request(id: JsonRpcId, method: string, params: unknown = {}, direction: Direction = 'out'): TrafficEntry {
    return { ...this.base(direction, { jsonrpc: '2.0', id, method, params }), kind: 'request', method, id };
  }

  response(request: TrafficEntry, result: unknown = {}): TrafficEntry {
    const direction: Direction = request.direction === 'out' ? 'in' : 'out';
    return {
      ...this.base(direction, { jsonrpc: '2.0', id: request.id, result }),
      kind: 'response',
      id: request.id!,
      method: request.method!,
      requestSeq: request.seq,
    };
  }

  error(request: TrafficEntry, code: number, message = 'failed'): TrafficEntry {
    const direction: Direction = request.direction === 'out' ? 'in' : 'out';
    return {
      ...this.base(direction, { jsonrpc: '2.0', id: request.id, error: { code, message } }),
      kind: 'error',
      id: request.id!,
      method: request.method!,
      requestSeq: request.seq,
      errorCode: code,
    };
  }

  notification(method: string, params: unknown = {}, direction: Direction = 'in'): TrafficEntry {
    return { ...this.base(direction, { jsonrpc: '2.0', method, params }), kind: 'notification', method };
  }

  cancel(request: TrafficEntry, reason?: string): TrafficEntry {
    return this.notification('notifications/cancelled', { requestId: request.id, ...(reason ? { reason } : {}) }, request.direction);
  }

  stderr(line: string): TrafficEntry {
    const { message: _message, ...entry } = this.base('in', null);
    return { ...entry, kind: 'stderr', size: line.length, text: line };
  }

  malformed(line: string): TrafficEntry {
    const { message: _message, ...entry } = this.base('in', null);
    return { ...entry, kind: 'malformed', size: line.length, text: line };
  }

  /** Skips seqs, as entries the renderer never received would. */
  skip(count: number): this {
    this.seq += count;
    return this;
  }
}

const coreModels = new WeakMap<CompactTrafficLog, Map<string, RequestOutcomes>>();

/**
 * Appends entries to a compact log as the live core sends them: each request's outcome comes
 * after the entry that ended it, worked out by the one model (shared/traffic-outcomes.ts) as the
 * core runs it, one instance per connection.
 */
export function appendAsCore(log: CompactTrafficLog, entries: readonly TrafficEntry[]): void {
  let byConnection = coreModels.get(log);
  if (!byConnection) coreModels.set(log, (byConnection = new Map()));
  for (const entry of entries) {
    let outcomes = byConnection.get(entry.connectionId);
    if (!outcomes) byConnection.set(entry.connectionId, (outcomes = new RequestOutcomes()));
    const ended = outcomes.link(entry);
    log.append(entry);
    outcomes.remember(entry);
    if (ended) log.applyOutcome({ seq: ended.seq, outcome: ended.outcome, endSeq: entry.seq, ...(ended.reason !== undefined ? { reason: ended.reason } : {}) });
  }
}
