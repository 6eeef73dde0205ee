import type { RequestHandlers } from '../../../shared/contract.js';
import type { TrafficSettings } from '../../../shared/traffic.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import type { TrafficSessions } from '../traffic/traffic-sessions.js';
import { exportHar } from '../traffic/har-export.js';

type TrafficHandlers = Pick<
  RequestHandlers,
  | 'traffic.list'
  | 'traffic.get'
  | 'traffic.clear'
  | 'traffic.export'
  | 'traffic.settings'
  | 'traffic.sessions.list'
  | 'traffic.sessions.read'
  | 'traffic.sessions.remove'
  | 'traffic.exportHar'
>;

export function trafficHandlers(
  traffic: TrafficLog,
  sessions: TrafficSessions,
  secrets: () => string[],
  cleared: () => void,
  /** A server's name as the person gave it, for `server:` terms. */
  serverName: (serverId: string) => string | undefined = () => undefined,
  version = 'dev',
): TrafficHandlers {
  const settings = (): TrafficSettings => ({ ...traffic.settings, diskBudgetBytes: sessions.diskBudget });
  return {
    'traffic.list': async (params) => traffic.page(params ?? {}, serverName),
    'traffic.get': async (params) => traffic.get(params.seq) ?? null,
    'traffic.clear': async () => {
      traffic.clear();
      cleared();
    },
    'traffic.export': async (params) => traffic.exportPiece(params ?? {}, secrets()),
    'traffic.settings': async (params) => {
      const { recording, maxEntries, diskBudgetBytes } = params ?? {};
      traffic.configure({ ...(recording !== undefined ? { recording } : {}), ...(maxEntries !== undefined ? { maxEntries } : {}) });
      if (diskBudgetBytes !== undefined) await sessions.setDiskBudget(diskBudgetBytes);
      return settings();
    },
    'traffic.sessions.list': async () => sessions.list(),
    'traffic.sessions.read': async ({ id, offset }) => sessions.read(id, offset),
    'traffic.sessions.remove': async ({ id }) => sessions.remove(id),
    'traffic.exportHar': async () => exportHar(traffic, secrets(), version),
  };
}
