import { useEffect, useMemo, useState } from 'react';
import type { Approval } from '../../../../shared/approvals';
import { NO_PROVIDER_SENTENCE, type ModelChoice, type ModelProvider, type TokenUsage } from '../../../../shared/models';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { modelLabel, ruleCondition } from '../../state/models/model-labels';
import { providerName, useModelsStore } from '../../state/models/models-store';
import { fetchModelList } from '../../state/models/models-sync';
import { modelChoices } from '../../state/models/model-choices';
import { formatDuration } from '../../ui/format';
import { useDraftsStore } from './drafts-store';
import { useModelDraftsStore, type ModelDraft } from './model-draft-store';
import type { ReplyDraft } from './sampling-reply';
import { approvalsSlots } from './slots';

const RULES_CHOICE = '';

function tokensText(usage: TokenUsage): string {
  const parts = [usage.inputTokens !== undefined ? `${usage.inputTokens} in` : '', usage.outputTokens !== undefined ? `${usage.outputTokens} out` : ''].filter(Boolean);
  return parts.length > 0 ? `${parts.join(' + ')} tokens` : 'tokens not reported';
}

/**
 * Draft with model: the chosen model (the preference rules' pick unless the person picks one)
 * answers the sampling request, its text streams into the reply editor below, and the person
 * edits, then approves or rejects as for a reply written by hand.
 */
export function ModelDraftBar({ approval, reply }: { approval: Approval; reply: ReplyDraft }) {
  const providers = useModelsStore((state) => state.providers);
  const loaded = useModelsStore((state) => state.loaded);
  const lists = useModelsStore((state) => state.lists);
  const draft = useModelDraftsStore((state) => state.byApproval[approval.id]);
  const [rulesChoice, setRulesChoice] = useState<{ choice?: ModelChoice; problem?: string } | null>(null);
  const [picked, setPicked] = useState(RULES_CHOICE);
  const choices = useMemo(() => modelChoices(providers, lists), [providers, lists]);
  const openSettings = () => approvalsSlots.openModelsSettings.get()();

  useEffect(() => {
    if (providers.length === 0) return;
    let live = true;
    getApi()
      .invoke('models.choose', { approvalId: approval.id })
      .then(
        (choice) => live && setRulesChoice({ choice }),
        (failure: unknown) => live && setRulesChoice({ problem: errorMessage(failure) }),
      );
    // Each provider's models are listed once per window, for the picker.
    for (const provider of providers) if (!useModelsStore.getState().lists[provider.id]) void fetchModelList(provider.id);
    return () => {
      live = false;
    };
  }, [approval.id, providers]);

  if (!loaded) return null;
  if (providers.length === 0) {
    return (
      <section className="model-draft" aria-label="Draft with model">
        <p className="muted">
          {NO_PROVIDER_SENTENCE}{' '}
          <button type="button" className="link-button" onClick={openSettings}>
            Open Models settings
          </button>
        </p>
      </section>
    );
  }

  const running = draft?.status === 'starting' || draft?.status === 'drafting';
  const start = async () => {
    const model = picked === RULES_CHOICE ? undefined : choices[Number(picked)];
    useModelDraftsStore.getState().begin(approval.id);
    // A new draft starts afresh: no text and no tool uses from an earlier one.
    const { toolUses: _earlier, ...rest } = reply;
    useDraftsStore.getState().setReply(approval.id, { ...rest, contentKind: 'text', text: '' });
    try {
      useModelDraftsStore.getState().started(await getApi().invoke('models.draft', { approvalId: approval.id, ...(model ? { model } : {}) }));
    } catch (failure) {
      useModelDraftsStore.getState().failedToStart(approval.id, errorMessage(failure));
    }
  };
  const stop = () => {
    if (draft?.draftId) void getApi().invoke('models.draftStop', { draftId: draft.draftId }).catch(() => {});
  };

  return (
    <section className="model-draft" aria-label="Draft with model">
      <div className="model-draft__row">
        <label className="field__label" htmlFor={`model-draft-${approval.id}`}>
          Model
        </label>
        <select id={`model-draft-${approval.id}`} className="input input--small model-draft__select" value={picked} disabled={running} onChange={(event) => setPicked(event.target.value)}>
          <option value={RULES_CHOICE}>
            {rulesChoice?.choice ? `By the rules: ${modelLabel(rulesChoice.choice.model, providers)}` : 'By the rules'}
          </option>
          {choices.map((ref, index) => (
            <option key={`${ref.providerId}/${ref.modelId}`} value={String(index)}>
              {modelLabel(ref, providers)}
            </option>
          ))}
        </select>
        {running ? (
          <button type="button" className="button button--small" disabled={!draft.draftId} onClick={stop}>
            Stop
          </button>
        ) : (
          <button type="button" className="button button--small button--primary" onClick={() => void start()}>
            Draft with model
          </button>
        )}
      </div>
      {picked === RULES_CHOICE && !draft && (rulesChoice?.choice || rulesChoice?.problem) && (
        <p className={rulesChoice.problem ? 'field-error' : 'field__hint'}>{rulesChoice.choice?.why ?? rulesChoice.problem}</p>
      )}
      {draft && <DraftStatus draft={draft} providers={providers} />}
      {!draft && approval.model?.status === 'failed' && approval.model.by.startsWith('rule:') && (
        <p className="field-error" role="alert">
          {approval.model.failure ?? approval.model.why}
        </p>
      )}
      {approval.model && approval.model.trafficSeqs.length > 0 && (
        <p className="field__hint">
          The model's exchange in the traffic log:{' '}
          {approval.model.trafficSeqs.map((seq) => (
            <button key={seq} type="button" className="link-button" aria-label={`Show the model's exchange #${seq} in the traffic log`} onClick={() => approvalsSlots.showTraffic.get()(seq)}>
              #{seq}
            </button>
          ))}
        </p>
      )}
      <RulesSummary onEdit={openSettings} />
    </section>
  );
}

function DraftStatus({ draft, providers }: { draft: ModelDraft; providers: readonly ModelProvider[] }) {
  const chosen = 'started' in draft && draft.started ? modelLabel(draft.started.model, providers) : 'the model';
  switch (draft.status) {
    case 'starting':
    case 'drafting':
      return (
        <p className="model-draft__status" role="status">
          Drafting with {chosen}…
        </p>
      );
    case 'done':
      return (
        <p className="model-draft__status model-draft__status--done" role="status">
          Drafted by <strong>{draft.modelName}</strong>
          {draft.started?.model.modelId === draft.modelName ? ` · ${providerName(providers, draft.started.model.providerId)}` : ` (${chosen})`} ·{' '}
          {tokensText(draft.usage)} · {formatDuration(draft.durationMs)}. Check it, then approve or reject.
          {draft.warnings.length > 0 && ` ${draft.warnings.join(' ')}`}
        </p>
      );
    case 'failed':
      return (
        <p className="form-error" role="alert">
          {draft.message} You can still write the reply by hand.
        </p>
      );
    case 'stopped':
      return (
        <p className="model-draft__status" role="status">
          Stopped; the text so far is kept in the reply.
        </p>
      );
  }
}

/** The hint → model rules, read-only here, with the way to edit them. */
function RulesSummary({ onEdit }: { onEdit: () => void }) {
  const preferences = useModelsStore((state) => state.preferences);
  const providers = useModelsStore((state) => state.providers);
  return (
    <details className="model-draft__rules">
      <summary>Model rules ({preferences.rules.length})</summary>
      {preferences.rules.length === 0 ? (
        <p className="muted">No hint rules: the default model answers.</p>
      ) : (
        <ul>
          {preferences.rules.map((rule) => (
            <li key={rule.id}>
              {ruleCondition(rule)} → <span className="mono">{modelLabel(rule.use, providers)}</span>
            </li>
          ))}
        </ul>
      )}
      {preferences.defaultModel && (
        <p className="muted">
          Default: <span className="mono">{modelLabel(preferences.defaultModel, providers)}</span>
        </p>
      )}
      <button type="button" className="link-button" onClick={onEdit}>
        Edit the rules in Models settings
      </button>
    </details>
  );
}
