import { useState, type FormEvent } from 'react';
import type { ModelPreferences, ModelRef } from '../../../../shared/models';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { modelLabel, ruleCondition } from '../../state/models/model-labels';
import { useModelsStore } from '../../state/models/models-store';
import { reloadModelPreferences } from '../../state/models/models-sync';
import { Field } from '../../ui/Field';
import { TrashIcon } from '../../ui/icons';

/**
 * The rules that turn a sampling request's `modelPreferences` into a model: hint rules in order,
 * then the default model (then the first provider's default model, as the core decides).
 */
export function PreferenceRules() {
  const providers = useModelsStore((state) => state.providers);
  const preferences = useModelsStore((state) => state.preferences);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (next: ModelPreferences): Promise<boolean> => {
    setProblem(null);
    try {
      useModelsStore.getState().setPreferences(await getApi().invoke('models.preferences.set', next));
      return true;
    } catch (failure) {
      setProblem(`The rules were not saved: ${errorMessage(failure)}`);
      void reloadModelPreferences().catch(() => {});
      return false;
    }
  };

  const removeRule = (id: string) => void save({ ...preferences, rules: preferences.rules.filter((rule) => rule.id !== id) });

  return (
    <section className="models-section" aria-label="Model rules">
      <h3 className="models-section__title">Model rules for sampling</h3>
      <p className="muted">
        A server's sampling request may hint at a model (“claude”, “gpt-4o”). A rule matches a hint that contains its text, and the first
        match picks the model; without one, the default model below, then the first provider's default model.
      </p>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {preferences.rules.length === 0 ? (
        <p className="muted">No rules.</p>
      ) : (
        <ul className="model-rules">
          {preferences.rules.map((rule) => (
            <li key={rule.id} className="model-rules__rule">
              <span>
                {ruleCondition(rule)} → <span className="mono">{modelLabel(rule.use, providers)}</span>
              </span>
              <button type="button" className="icon-button" aria-label={`Remove the rule ${ruleCondition(rule)}`} onClick={() => removeRule(rule.id)}>
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      {providers.length > 0 && (
        <>
          <HintRuleForm onAdd={(hint, use) => save({ ...preferences, rules: [...preferences.rules, { id: crypto.randomUUID(), hint, use }] })} />
          <DefaultModelForm current={preferences.defaultModel} onSave={(defaultModel) => save({ rules: preferences.rules, ...(defaultModel ? { defaultModel } : {}) })} />
        </>
      )}
    </section>
  );
}

/** A provider picker and a model id, the two halves of a ModelRef. */
function ModelRefFields({ value, onChange, label }: { value: ModelRef; onChange: (ref: ModelRef) => void; label: string }) {
  const providers = useModelsStore((state) => state.providers);
  return (
    <>
      <Field label={`${label} provider`}>
        {(props) => (
          <select {...props} className="input input--small" value={value.providerId} onChange={(event) => onChange({ ...value, providerId: event.target.value })}>
            {providers.map((provider) => (
              <option key={provider.id} value={provider.id}>
                {provider.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={`${label} model`}>
        {(props) => (
          <input {...props} className="input input--small mono" spellCheck={false} value={value.modelId} onChange={(event) => onChange({ ...value, modelId: event.target.value })} />
        )}
      </Field>
    </>
  );
}

function useFirstProviderRef(current?: ModelRef): [ModelRef, (ref: ModelRef) => void] {
  const first = useModelsStore((state) => state.providers[0]);
  const [ref, setRef] = useState<ModelRef>(current ?? { providerId: first?.id ?? '', modelId: first?.defaultModel ?? '' });
  return [ref, setRef];
}

function HintRuleForm({ onAdd }: { onAdd: (hint: string, use: ModelRef) => Promise<boolean> }) {
  const [hint, setHint] = useState('');
  const [use, setUse] = useFirstProviderRef();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (hint.trim() === '' || use.modelId.trim() === '') return setProblem('Give the hint text and the model it picks.');
    setProblem(null);
    if (await onAdd(hint.trim(), { providerId: use.providerId, modelId: use.modelId.trim() })) setHint('');
  };

  return (
    <form className="model-rules__form" aria-label="Add a hint rule" noValidate onSubmit={(event) => void submit(event)}>
      <Field label="Hint contains">
        {(props) => <input {...props} className="input input--small" placeholder="claude" value={hint} onChange={(event) => setHint(event.target.value)} />}
      </Field>
      <ModelRefFields label="Rule" value={use} onChange={setUse} />
      <button type="submit" className="button button--small">
        Add rule
      </button>
      {problem && <p className="field-error">{problem}</p>}
    </form>
  );
}

function DefaultModelForm({ current, onSave }: { current: ModelRef | undefined; onSave: (ref: ModelRef | undefined) => Promise<boolean> }) {
  const [ref, setRef] = useFirstProviderRef(current);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(ref.modelId.trim() === '' ? undefined : { providerId: ref.providerId, modelId: ref.modelId.trim() });
  };
  return (
    <form className="model-rules__form" aria-label="Default model" noValidate onSubmit={submit}>
      <ModelRefFields label="Default" value={ref} onChange={setRef} />
      <button type="submit" className="button button--small">
        Save default
      </button>
    </form>
  );
}
