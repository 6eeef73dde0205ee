import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { AutoReplyRule } from '../../../../shared/approvals';
import { DEFAULT_RULE_TOKEN_CAP, type AutoReplyModel, type ModelProvider, type ModelRef, type RuleSpend } from '../../../../shared/models';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { Field } from '../../ui/Field';
import { SelectField } from '../../ui/SelectField';
import { PencilIcon, TrashIcon } from '../../ui/icons';
import { useServersStore } from '../../state/servers';
import { reloadSamplingLibrary } from '../../state/approvals/approvals-sync';
import { useApprovalsStore } from '../../state/approvals/approvals-store';
import { modelChoices } from '../../state/models/model-choices';
import { modelLabel } from '../../state/models/model-labels';
import { useModelsStore } from '../../state/models/models-store';
import { fetchModelList } from '../../state/models/models-sync';
import { resultPreview } from './sampling-reply';
import { TemplateEditor } from './TemplateEditor';
import './auto-reply-settings.css';

const ANY_SERVER = '';

/** Sampling templates, and the rules that answer sampling with them, or with a model, automatically (off unless switched on). */
export function AutoReplySettings() {
  const api = getApi();
  const templates = useApprovalsStore((state) => state.templates);
  const rules = useApprovalsStore((state) => state.rules);
  const servers = useServersStore((state) => state.servers);
  const providers = useModelsStore((state) => state.providers);
  const lists = useModelsStore((state) => state.lists);
  const models = useMemo(() => modelChoices(providers, lists), [providers, lists]);
  useEffect(() => {
    for (const provider of providers) if (!useModelsStore.getState().lists[provider.id]) void fetchModelList(provider.id);
  }, [providers]);
  const [problem, setProblem] = useState<string | null>(null);
  /** Switches flipped but not yet saved: shown at once, so the checkbox does not bounce back meanwhile. */
  const [flipping, setFlipping] = useState<Record<string, boolean>>({});
  const [editing, setEditing] = useState<string | null>(null);
  const spending = useRuleSpending();

  const run = async (what: string, action: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await action();
      await reloadSamplingLibrary();
    } catch (failure) {
      setProblem(`Could not ${what}: ${errorMessage(failure)}`);
    }
  };

  const serverName = (serverId: string | undefined) =>
    serverId === undefined ? 'any server' : (servers.find((server) => server.id === serverId)?.name ?? `a removed server (${serverId})`);
  const templateName = (templateId: string) => templates.find((template) => template.id === templateId)?.name;

  const setEnabled = async (rule: AutoReplyRule, enabled: boolean) => {
    setFlipping((current) => ({ ...current, [rule.id]: enabled }));
    await run(enabled ? 'enable the rule' : 'disable the rule', () => api.invoke('sampling.rules.save', { ...rule, enabled }));
    setFlipping((current) => {
      const rest = { ...current };
      delete rest[rule.id];
      return rest;
    });
  };

  return (
    <div className="auto-reply">
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <section className="approval-section" aria-label="Auto-reply rules">
        <h3 className="approval-section__title">Auto-reply rules</h3>
        <p className="muted">
          An enabled rule answers every sampling request from its server with its template, or with a model within its token cap
          for the session, without asking. Rules are off until you enable them; the history marks each request a rule answered.
        </p>
        {rules.length === 0 ? (
          <p className="muted">No rules.</p>
        ) : (
          <ul className="rule-list">
            {rules.map((rule) => {
              const template = templateName(rule.templateId);
              const enabled = flipping[rule.id] ?? rule.enabled;
              const answers = rule.answerWithModel !== undefined || template !== undefined;
              const spend = spending.get(rule.id);
              return (
                <li key={rule.id} className={`rule rule--wraps ${enabled && answers ? 'rule--active' : ''}`}>
                  <label className="rule__toggle">
                    <input
                      type="checkbox"
                      checked={enabled}
                      aria-label={`Rule “${rule.name}” enabled`}
                      onChange={(event) => void setEnabled(rule, event.target.checked)}
                    />
                    <span className="rule__name">{rule.name}</span>
                  </label>
                  {rule.answerWithModel ? (
                    <span className="rule__what rule__what--model">
                      answers {serverName(rule.serverId)} with {ruleModelText(rule.answerWithModel.model, rule.answerWithModel.tokenCapPerSession, providers)}
                      <span className="field__hint"> · {spendText(rule.answerWithModel, spend)}</span>
                    </span>
                  ) : (
                    <span className="rule__what">
                      answers {serverName(rule.serverId)} with {template ? `“${template}”` : <em>a deleted template (does nothing)</em>}
                    </span>
                  )}
                  <span className={`approval-status ${enabled && answers ? 'approval-status--approved' : 'approval-status--dismissed'}`}>
                    {enabled && answers ? 'On' : 'Off'}
                  </span>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete rule “${rule.name}”`}
                    title="Delete rule"
                    onClick={() => void run('delete the rule', () => api.invoke('sampling.rules.remove', { id: rule.id }))}
                  >
                    <TrashIcon />
                  </button>
                  {rule.answerWithModel && <CapSpentNotice answerWithModel={rule.answerWithModel} spend={spend} />}
                </li>
              );
            })}
          </ul>
        )}
        {templates.length > 0 || models.length > 0 ? (
          <NewRuleForm
            templates={templates.map((template) => ({ id: template.id, name: template.name }))}
            servers={servers.map((server) => ({ id: server.id, name: server.name }))}
            models={models}
            providers={providers}
            onSave={(rule) => run('add the rule', () => api.invoke('sampling.rules.save', rule))}
          />
        ) : (
          <p className="muted">
            A rule needs a template or a model: save a template from a sampling reply first (“Save as template…”), or add a model provider
            in Models settings.
          </p>
        )}
      </section>

      <section className="approval-section" aria-label="Sampling templates">
        <h3 className="approval-section__title">Templates ({templates.length})</h3>
        {templates.length === 0 ? (
          <p className="muted">No templates yet. Compose a reply to a sampling request and choose “Save as template…”.</p>
        ) : (
          <ul className="template-list">
            {templates.map((template) =>
              editing === template.id ? (
                <li key={template.id} className="template template--editing">
                  <TemplateEditor
                    template={template}
                    onCancel={() => setEditing(null)}
                    onSave={async (edited) => {
                      await api.invoke('sampling.templates.save', edited);
                      await reloadSamplingLibrary();
                      setEditing(null);
                    }}
                  />
                </li>
              ) : (
                <li key={template.id} className="template">
                  <span className="template__name">{template.name}</span>
                  <span className="template__preview">{resultPreview(template.result)}</span>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Edit template “${template.name}”`}
                    title="Edit template"
                    onClick={() => setEditing(template.id)}
                  >
                    <PencilIcon />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete template “${template.name}”`}
                    title="Delete template"
                    onClick={() => void run('delete the template', () => api.invoke('sampling.templates.remove', { id: template.id }))}
                  >
                    <TrashIcon />
                  </button>
                </li>
              ),
            )}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A model rule's answer, in words: `fixture-model · Local, up to 20,000 tokens per session`. */
function ruleModelText(model: ModelRef | undefined, cap: number, providers: readonly ModelProvider[]): string {
  return `${model ? modelLabel(model, providers) : 'the model the preference rules choose'}, up to ${cap.toLocaleString('en-US')} tokens per session`;
}

/** Each rule's spend this session, by rule id: loaded once, then kept by the core's `models.ruleSpendingChanged` events. */
function useRuleSpending(): ReadonlyMap<string, RuleSpend> {
  const [spends, setSpends] = useState<RuleSpend[]>([]);
  useEffect(() => {
    const api = getApi();
    let heard = false;
    const stop = api.on('models.ruleSpendingChanged', (next) => {
      heard = true;
      setSpends(next);
    });
    // An event that arrived before the answer is newer than it.
    api.invoke('models.ruleSpending').then(
      (loaded) => !heard && setSpends(loaded),
      () => {},
    );
    return stop;
  }, []);
  return useMemo(() => new Map(spends.map((spend) => [spend.ruleId, spend])), [spends]);
}

/** A model rule's spend this session: `1,234 of 10,000 tokens spent this session`. */
function spendText({ tokenCapPerSession: cap }: AutoReplyModel, spend: RuleSpend | undefined): string {
  const reserved = spend?.reservedTokens ?? 0;
  return `${(spend?.spentTokens ?? 0).toLocaleString('en-US')} of ${cap.toLocaleString('en-US')} tokens spent this session${
    reserved > 0 ? ` (${reserved.toLocaleString('en-US')} of them held for a reply being written)` : ''
  }`;
}

/** Once a model rule's cap is spent: that it stopped answering, why, and how many requests it left to the person. */
function CapSpentNotice({ answerWithModel: { tokenCapPerSession: cap }, spend }: { answerWithModel: AutoReplyModel; spend: RuleSpend | undefined }) {
  if ((spend?.spentTokens ?? 0) < cap) return null;
  const heldBack = spend?.heldBack ?? 0;
  return (
    <p className="form-warning rule__stopped">
      It stopped answering: its {cap.toLocaleString('en-US')}-token cap for this session is spent, so the sampling requests it would answer wait for you until Loupe
      restarts{heldBack > 0 ? ` (${heldBack.toLocaleString('en-US')} ${heldBack === 1 ? 'has' : 'have'} so far)` : ''}.
    </p>
  );
}

/** The rule model picker's value for "follow the preference rules". */
const BY_PREFERENCES = '';

interface NewRuleProps {
  templates: Array<{ id: string; name: string }>;
  servers: Array<{ id: string; name: string }>;
  /** The models a rule may answer with (none: no provider is set up). */
  models: ModelRef[];
  providers: readonly ModelProvider[];
  onSave: (rule: Omit<AutoReplyRule, 'id'>) => Promise<void>;
}

function NewRuleForm({ templates, servers, models, providers, onSave }: NewRuleProps) {
  const [name, setName] = useState('');
  const [serverId, setServerId] = useState(ANY_SERVER);
  const [answerWith, setAnswerWith] = useState<'template' | 'model'>(templates.length > 0 ? 'template' : 'model');
  const [templateId, setTemplateId] = useState(templates[0]?.id ?? '');
  const [model, setModel] = useState(BY_PREFERENCES);
  const [cap, setCap] = useState(String(DEFAULT_RULE_TOKEN_CAP));
  const [enabled, setEnabled] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [capError, setCapError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const server = servers.find((candidate) => candidate.id === serverId)?.name ?? 'any server';
    const where = serverId !== ANY_SERVER ? { serverId } : {};
    if (answerWith === 'model') {
      const tokens = Number(cap);
      if (!Number.isInteger(tokens) || tokens < 1) return setCapError('The token cap must be a whole number of at least 1.');
      setCapError(undefined);
      const fixed = model === BY_PREFERENCES ? undefined : models[Number(model)];
      await onSave({
        name: name.trim() || `${fixed ? fixed.modelId : 'A model'} for ${server}`,
        enabled,
        templateId: '',
        answerWithModel: { ...(fixed ? { model: fixed } : {}), tokenCapPerSession: tokens },
        ...where,
      });
    } else {
      const chosenTemplate = templates.find((template) => template.id === templateId) ?? templates[0];
      if (!chosenTemplate) return setError('A rule that answers with a template needs one: save a template first.');
      setError(undefined);
      await onSave({ name: name.trim() || `${chosenTemplate.name} for ${server}`, enabled, templateId: chosenTemplate.id, ...where });
    }
    setName('');
    setEnabled(false);
  };

  return (
    <form className="new-rule" aria-label="New auto-reply rule" onSubmit={(event) => void submit(event)} noValidate>
      <Field label="Rule name" error={error}>
        {(props) => <input {...props} className="input input--small" placeholder="(optional)" value={name} onChange={(event) => setName(event.target.value)} />}
      </Field>
      <SelectField
        label="Server"
        small
        value={serverId}
        onChange={setServerId}
        options={[{ value: ANY_SERVER, label: 'Any server' }, ...servers.map((server) => ({ value: server.id, label: server.name }))]}
      />
      <fieldset className="inline-choice new-rule__answer">
        <legend className="field__label">Answer with</legend>
        <label>
          <input type="radio" name="new-rule-answer" checked={answerWith === 'template'} disabled={templates.length === 0} onChange={() => setAnswerWith('template')} /> A
          template
        </label>
        <label>
          <input type="radio" name="new-rule-answer" checked={answerWith === 'model'} disabled={models.length === 0} onChange={() => setAnswerWith('model')} /> A model
        </label>
      </fieldset>
      {answerWith === 'template' ? (
        <SelectField label="Template" small value={templateId} onChange={setTemplateId} options={templates.map((template) => ({ value: template.id, label: template.name }))} />
      ) : (
        <>
          <SelectField
            label="Rule model"
            small
            value={model}
            onChange={setModel}
            options={[{ value: BY_PREFERENCES, label: 'By the preference rules' }, ...models.map((ref, index) => ({ value: String(index), label: modelLabel(ref, providers) }))]}
          />
          <Field label="Token cap per session" error={capError} hint="Input and output tokens, as the provider counts them; past it, requests wait for you.">
            {(props) => <input {...props} type="number" min={1} step={1} className="input input--small new-rule__cap" value={cap} onChange={(event) => setCap(event.target.value)} />}
          </Field>
        </>
      )}
      <label className="new-rule__enabled">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} /> Enable now
      </label>
      <button type="submit" className="button button--small">
        Add rule
      </button>
    </form>
  );
}
