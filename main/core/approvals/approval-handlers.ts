import type { RequestHandlers } from '../../../shared/contract.js';
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

export function approvalHandlers(queue: ApprovalQueue, store: SamplingStore): ApprovalHandlers {
  return {
    'approvals.list': async () => queue.list(),
    'approvals.decide': async (params) => queue.decide(params.id, parseDecision(params.decision)),
    'approvals.rejectAll': async (params) => queue.rejectAll(params?.serverId, params?.message),
    'sampling.templates.list': async () => store.templates(),
    'sampling.templates.save': async (params) => store.saveTemplate(params),
    'sampling.templates.remove': async (params) => store.removeTemplate(params.id),
    'sampling.rules.list': async () => store.rules(),
    'sampling.rules.save': async (params) => store.saveRule(params),
    'sampling.rules.remove': async (params) => store.removeRule(params.id),
  };
}
