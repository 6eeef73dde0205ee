import type { RequestHandlers } from '../../../shared/contract.js';
import type { JsonObject } from '../../../shared/mcp.js';
import { isReplayableMethod } from '../../../shared/traffic.js';
import { LoupeError } from '../../../shared/wire.js';
import type { ConfigStore } from '../config/config-store.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { optionalNumberParam, paramsObject } from './params.js';

type ReplayHandlers = Pick<RequestHandlers, 'traffic.replay'>;

/** Replay and Edit and replay from the traffic log: a logged request, sent again on today's connection. */
export function replayHandlers(traffic: TrafficLog, connections: ConnectionManager, store: ConfigStore): ReplayHandlers {
  return {
    'traffic.replay': async (params) => {
      const seq = optionalNumberParam(params, 'seq');
      const entry = seq === undefined ? undefined : traffic.get(seq);
      if (seq === undefined || !entry) throw new LoupeError(`There is no entry #${seq ?? '?'} in the traffic log (it may have been cleared or dropped).`, 'unknown-entry');
      if (entry.kind !== 'request' || entry.direction !== 'out' || !entry.method) {
        throw new LoupeError(`#${seq} is not a request Loupe sent, so there is nothing to replay.`, 'not-replayable');
      }
      if (!isReplayableMethod(entry.method)) {
        throw new LoupeError(`${entry.method} sets up the connection; reconnect the server instead of replaying it.`, 'not-replayable');
      }
      const message = entry.message as { params?: unknown } | undefined;
      if (!message) throw new LoupeError(`#${seq} was kept as text only (${entry.problem ?? 'not parsed'}), so it cannot be replayed.`, 'not-replayable');
      const edited = paramsObject(params).params;
      if (edited !== undefined && (typeof edited !== 'object' || edited === null || Array.isArray(edited))) {
        throw new LoupeError('The edited params must be a JSON object.', 'invalid-params');
      }
      const sent = (edited ?? message.params) as JsonObject | undefined;
      const timeouts = store.get(entry.serverId)?.timeouts;
      return connections.connected(entry.serverId).request(entry.method, sent, { replayOf: seq, ...(timeouts ? { timeouts } : {}) });
    },
  };
}
