import type { RequestHandlers } from '../../../shared/contract.js';
import type { DraftTarget } from '../approvals/model-answers.js';
import type { Drafts } from '../models/drafts.js';
import { listModels, testConnection } from '../models/list-models.js';
import type { ModelClients } from '../models/model-client.js';
import { describeModelFailure } from '../models/model-failure.js';
import { chooseModel } from '../models/model-preferences.js';
import { parseProviderInput } from '../models/provider-settings.js';
import type { ProviderStore } from '../models/provider-store.js';
import type { RuleSpending } from '../models/rule-spending.js';
import { LoupeError } from '../../../shared/wire.js';

type ModelHandlers = Pick<
  RequestHandlers,
  | 'models.providers.list'
  | 'models.providers.add'
  | 'models.providers.update'
  | 'models.providers.remove'
  | 'models.list'
  | 'models.test'
  | 'models.preferences.get'
  | 'models.preferences.set'
  | 'models.choose'
  | 'models.draft'
  | 'models.draftStop'
  | 'models.ruleSpending'
>;

export interface ModelHandlerDeps {
  store: ProviderStore;
  clients: ModelClients;
  drafts: Drafts;
  spending: RuleSpending;
  approvals: DraftTarget;
  /** The providers changed (the window keeps its list). */
  changed: () => void;
}

export function modelHandlers({ store, clients, drafts, spending, approvals, changed }: ModelHandlerDeps): ModelHandlers {
  const notify = <T>(value: T): T => {
    changed();
    return value;
  };
  return {
    'models.providers.list': async () => store.list(),
    'models.providers.add': async (params) => notify(await store.add(parseProviderInput(params))),
    'models.providers.update': async (params) => notify(await store.update(params.id, parseProviderInput(params.provider))),
    'models.providers.remove': async (params) => notify(await store.remove(params.id)),
    'models.list': async (params) => {
      const session = await clients.open(params.providerId, { purpose: 'list-models' });
      try {
        return await listModels(session);
      } catch (error) {
        throw new LoupeError(describeModelFailure(error, session.failureContext()), 'model-failed');
      }
    },
    'models.test': async (params) => testConnection(await clients.open(params.providerId, { purpose: 'test' })),
    'models.preferences.get': async () => store.preferences(),
    'models.preferences.set': async (params) => store.setPreferences(params),
    'models.choose': async (params) => chooseModel(approvals.pendingSampling(params.approvalId).request.modelPreferences, store.preferences(), store.providers()),
    'models.draft': async (params) => drafts.start(params.approvalId, params.model),
    'models.draftStop': async (params) => drafts.stop(params.draftId),
    'models.ruleSpending': async () => spending.list(),
  };
}
