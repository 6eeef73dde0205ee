import type { RequestHandlers } from '../../../shared/contract.js';
import { isReplayableMethod } from '../../../shared/traffic.js';
import { LoupeError } from '../../../shared/wire.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import type { TrafficLog } from '../traffic/traffic-log.js';

type ReplayHandlers = Pick<RequestHandlers, 'traffic.replay'>;

/** Replay and Edit and replay from the traffic log: a logged request, sent again on today's connection. */
export function replayHandlers(traffic: TrafficLog, connections: ConnectionManager): ReplayHandlers {
  return {
    'traffic.replay': async (params) => {
      const { seq } = params;
      const entry = traffic.get(seq);
      if (!entry) throw new LoupeError(`There is no entry #${seq} in the traffic log (it may have been cleared or dropped).`, 'unknown-entry');
      if (entry.kind !== 'request' || entry.direction !== 'out' || !entry.method) {
        throw new LoupeError(`#${seq} is not a request Loupe sent, so there is nothing to replay.`, 'not-replayable');
      }
      if (!isReplayableMethod(entry.method)) {
        throw new LoupeError(`${entry.method} sets up the connection; reconnect the server instead of replaying it.`, 'not-replayable');
      }
      const message = entry.message as { params?: unknown } | undefined;
      if (!message) throw new LoupeError(`#${seq} was kept as text only (${entry.problem ?? 'not parsed'}), so it cannot be replayed.`, 'not-replayable');
      const sent = params.params ?? (message.params as Record<string, unknown> | undefined);
      return connections.connected(entry.serverId).request(entry.method, sent, { replayOf: seq });
    },
  };
}
