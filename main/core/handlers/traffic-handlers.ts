import type { RequestHandlers } from '../../../shared/contract.js';
import type { TrafficLog } from '../traffic/traffic-log.js';

type TrafficHandlers = Pick<RequestHandlers, 'traffic.list' | 'traffic.get' | 'traffic.clear' | 'traffic.export' | 'traffic.settings'>;

export function trafficHandlers(traffic: TrafficLog, secrets: () => string[], cleared: () => void): TrafficHandlers {
  return {
    'traffic.list': async (params) => traffic.list(params?.afterSeq, params?.limit),
    'traffic.get': async (params) => traffic.get(params.seq) ?? null,
    'traffic.clear': async () => {
      traffic.clear();
      cleared();
    },
    'traffic.export': async (params) => traffic.exportJsonl(params?.seqs, secrets()),
    'traffic.settings': async (params) => {
      const { recording, maxEntries } = params ?? {};
      return traffic.configure({ ...(recording !== undefined ? { recording } : {}), ...(maxEntries !== undefined ? { maxEntries } : {}) });
    },
  };
}
