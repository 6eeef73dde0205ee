import type { RequestHandlers } from '../../../shared/contract.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { optionalNumberParam } from './params.js';

type TrafficHandlers = Pick<RequestHandlers, 'traffic.list' | 'traffic.get' | 'traffic.clear'>;

export function trafficHandlers(traffic: TrafficLog, cleared: () => void): TrafficHandlers {
  return {
    'traffic.list': async (params) => traffic.list(optionalNumberParam(params, 'afterSeq'), optionalNumberParam(params, 'limit')),
    'traffic.get': async (params) => traffic.get(optionalNumberParam(params, 'seq') ?? -1) ?? null,
    'traffic.clear': async () => {
      traffic.clear();
      cleared();
    },
  };
}
