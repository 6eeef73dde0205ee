import type { Direction, JsonRpcId, TrafficEntry } from '../../../shared/traffic.js';

/** Most requests left unanswered that one connection remembers; the oldest are forgotten first. */
const MAX_OPEN_REQUESTS = 10_000;

type Unsequenced = Omit<TrafficEntry, 'seq'>;

/**
 * Pairs responses with their requests on one connection, by JSON-RPC id and direction, so a
 * response entry carries its request's method and seq (`tools/call` filters find both halves).
 */
export class RequestPairing {
  private readonly open = new Map<string, { seq: number; method: string | undefined }>();

  link(entry: Unsequenced): Unsequenced {
    if ((entry.kind !== 'response' && entry.kind !== 'error') || entry.id === undefined) return entry;
    const key = this.key(opposite(entry.direction), entry.id);
    const request = this.open.get(key);
    if (!request) return entry;
    this.open.delete(key);
    return { ...entry, requestSeq: request.seq, ...(request.method && !entry.method ? { method: request.method } : {}) };
  }

  remember(entry: TrafficEntry): void {
    if (entry.kind !== 'request' || entry.id === undefined) return;
    this.open.set(this.key(entry.direction, entry.id), { seq: entry.seq, method: entry.method });
    if (this.open.size > MAX_OPEN_REQUESTS) {
      const oldest = this.open.keys().next().value;
      if (oldest !== undefined) this.open.delete(oldest);
    }
  }

  private key(direction: Direction, id: JsonRpcId): string {
    return `${direction}:${typeof id}:${String(id)}`;
  }
}

function opposite(direction: Direction): Direction {
  return direction === 'in' ? 'out' : 'in';
}
