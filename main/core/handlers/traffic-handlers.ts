import type { RequestHandlers } from '../../../shared/contract.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { LoupeError } from '../../../shared/wire.js';
import { optionalNumberParam, paramsObject } from './params.js';

type TrafficHandlers = Pick<RequestHandlers, 'traffic.list' | 'traffic.get' | 'traffic.clear' | 'traffic.export' | 'traffic.settings'>;

export function trafficHandlers(traffic: TrafficLog, secrets: () => string[], cleared: () => void): TrafficHandlers {
  return {
    'traffic.list': async (params) => traffic.list(optionalNumberParam(params, 'afterSeq'), optionalNumberParam(params, 'limit')),
    'traffic.get': async (params) => traffic.get(optionalNumberParam(params, 'seq') ?? -1) ?? null,
    'traffic.clear': async () => {
      traffic.clear();
      cleared();
    },
    'traffic.export': async (params) => {
      const seqs = params === undefined || params === null ? undefined : paramsObject(params).seqs;
      if (seqs !== undefined && !(Array.isArray(seqs) && seqs.every((seq) => typeof seq === 'number'))) {
        throw new LoupeError('"seqs" must be a list of entry numbers.', 'invalid-params');
      }
      return traffic.exportJsonl(seqs, secrets());
    },
    'traffic.settings': async (params) => {
      const { recording, maxEntries } = params === undefined || params === null ? {} : paramsObject(params);
      if (recording !== undefined && typeof recording !== 'boolean') throw new LoupeError('"recording" must be true or false.', 'invalid-params');
      if (maxEntries !== undefined && !(Number.isInteger(maxEntries) && (maxEntries as number) >= 1_000)) {
        throw new LoupeError('"maxEntries" must be a whole number of at least 1,000.', 'invalid-params');
      }
      return traffic.configure({
        ...(recording !== undefined ? { recording } : {}),
        ...(maxEntries !== undefined ? { maxEntries: maxEntries as number } : {}),
      });
    },
  };
}
