import type { RequestHandlers } from '../../../shared/contract.js';
import { LoupeError } from '../../../shared/wire.js';
import { paramsObject, stringParam } from '../handlers/params.js';
import type { ApprovalQueue } from './approval-queue.js';
import { parseDecision } from './decision.js';
import type { SamplingStore } from './sampling-store.js';

export type ApprovalHandlers = Pick<
  RequestHandlers,
  | 'approvals.list'
  | 'approvals.decide'
  | 'approvals.rejectAll'
  | 'sampling.templates.list'
  | 'sampling.templates.save'
  | 'sampling.templates.remove'
  | 'sampling.rules.list'
  | 'sampling.rules.save'
  | 'sampling.rules.remove'
>;

function optionalStringParam(params: unknown, key: string): string | undefined {
  if (params === undefined || params === null) return undefined;
  const value = paramsObject(params)[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new LoupeError(`The parameter "${key}" must be text.`, 'invalid-params');
  return value;
}

export function approvalHandlers(queue: ApprovalQueue, store: SamplingStore): ApprovalHandlers {
  return {
    'approvals.list': async () => queue.list(),
    'approvals.decide': async (params) => queue.decide(stringParam(params, 'id'), parseDecision(paramsObject(params).decision)),
    'approvals.rejectAll': async (params) => queue.rejectAll(optionalStringParam(params, 'serverId'), optionalStringParam(params, 'message')),
    'sampling.templates.list': async () => store.templates(),
    'sampling.templates.save': async (params) => store.saveTemplate(params),
    'sampling.templates.remove': async (params) => store.removeTemplate(stringParam(params, 'id')),
    'sampling.rules.list': async () => store.rules(),
    'sampling.rules.save': async (params) => store.saveRule(params),
    'sampling.rules.remove': async (params) => store.removeRule(stringParam(params, 'id')),
  };
}
