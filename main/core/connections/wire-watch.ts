import type { RpcOutcome } from '../../../shared/mcp.js';
import type { JsonRpcId, TrafficEntry } from '../../../shared/traffic.js';
import type { TrafficLog } from '../traffic/traffic-log.js';

/** One round of a call on the wire: its request id and its response, as recorded. */
export interface WireWatch {
  rpcId?: JsonRpcId;
  requestSeq?: number;
  response?: TrafficEntry;
  stop: () => void;
}

/** The rounds of one logical call (2026-07-28 `input_required` retries share one flow). */
export interface Flow {
  id: string;
  round: number;
}

/**
 * Watches the record for the next request a connection sends and its response. The SDK sends
 * synchronously inside request(), so the first outgoing request seen is this one. Observers run
 * before an entry leaves for the UI, so the round (and a Replay's origin) is part of what the UI
 * gets. `onProgress` hears each `notifications/progress` that arrives meanwhile.
 */
export function watchWire(
  traffic: TrafficLog,
  connectionId: string,
  flow: Flow | undefined,
  replayOf: number | undefined,
  onProgress: (entry: TrafficEntry, rpcId: JsonRpcId | undefined) => void,
): WireWatch {
  const watch: WireWatch = { stop: () => {} };
  watch.stop = traffic.observe((entry) => {
    if (entry.connectionId !== connectionId) return;
    if (watch.rpcId === undefined) {
      if (entry.kind === 'request' && entry.direction === 'out' && entry.id !== undefined) {
        watch.rpcId = entry.id;
        watch.requestSeq = entry.seq;
        if (flow) entry.flow = { id: flow.id, round: flow.round };
        if (replayOf !== undefined) entry.replayOf = replayOf;
      }
    } else if (entry.direction === 'in' && (entry.kind === 'response' || entry.kind === 'error') && entry.id === watch.rpcId) {
      watch.response = entry;
      if (flow) entry.flow = { id: flow.id, round: flow.round };
    } else if (entry.method === 'notifications/progress' && entry.direction === 'in') {
      onProgress(entry, watch.rpcId);
    }
  });
  return watch;
}

/**
 * Adds the id and seq of the call's request on the wire, when it was sent. Set in place: spreading
 * optional parts into a literal costs V8 a slow copy per part, on every call.
 */
export function withWireIds(outcome: RpcOutcome, wire: WireWatch | undefined): RpcOutcome {
  if (wire?.rpcId !== undefined) outcome.rpcId = wire.rpcId;
  if (wire?.requestSeq !== undefined && wire.requestSeq >= 0) outcome.requestSeq = wire.requestSeq;
  return outcome;
}
