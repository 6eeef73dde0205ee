import type { Direction, JsonRpcId, TrafficEntry } from '../../../shared/traffic.js';

/** Most requests left unanswered that one connection remembers per direction; the oldest are forgotten first. */
const MAX_OPEN_REQUESTS = 10_000;

interface OpenRequest {
  seq: number;
  method: string | undefined;
}

/**
 * Pairs responses with their requests on one connection, by JSON-RPC id and direction, so a
 * response entry carries its request's method and seq (`tools/call` filters find both halves).
 * Map keys keep 1 and "1" apart, as JSON-RPC does.
 */
export class RequestPairing {
  private readonly open: Record<Direction, Map<JsonRpcId, OpenRequest>> = { in: new Map(), out: new Map() };

  /** Completes a response entry in place with its request's seq and method. */
  link(entry: TrafficEntry): void {
    if ((entry.kind !== 'response' && entry.kind !== 'error') || entry.id === undefined) return;
    const requests = this.open[entry.direction === 'in' ? 'out' : 'in'];
    const request = requests.get(entry.id);
    if (!request) {
      entry.orphan = true;
      return;
    }
    requests.delete(entry.id);
    entry.requestSeq = request.seq;
    if (request.method && !entry.method) entry.method = request.method;
  }

  /** The seq of a request still waiting for its response, by direction and id. */
  openSeq(direction: Direction, id: JsonRpcId): number | undefined {
    return this.open[direction].get(id)?.seq;
  }

  remember(entry: TrafficEntry): void {
    if (entry.kind !== 'request' || entry.id === undefined) return;
    const requests = this.open[entry.direction];
    requests.set(entry.id, { seq: entry.seq, method: entry.method });
    if (requests.size > MAX_OPEN_REQUESTS) {
      const oldest = requests.keys().next().value;
      if (oldest !== undefined) requests.delete(oldest);
    }
  }
}
