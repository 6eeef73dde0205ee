import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_BASE_URLS, MODEL_PROVIDER_KINDS, type ModelProviderKind } from '../../../../shared/models';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { Field, type FieldControlProps } from '../../ui/Field';
import { KIND_LABELS } from './provider-labels';

interface ProviderDraft {
  kind: ModelProviderKind;
  name: string;
  baseUrl: string;
  apiKey: string;
  defaultModel: string;
}

const EMPTY: ProviderDraft = { kind: 'openai-compatible', name: '', baseUrl: '', apiKey: '', defaultModel: '' };

function baseUrlHint(kind: ModelProviderKind) {
  return kind === 'openai-compatible'
    ? 'Required: e.g. http://localhost:11434/v1 for Ollama, http://localhost:1234/v1 for LM Studio.'
    : `Leave empty for ${DEFAULT_BASE_URLS[kind]}.`;
}

/**
 * Adds a provider. The key goes to the core, which keeps it in the secret store; the window
 * never has it back, and the field empties once the provider is added.
 */
export function ProviderForm() {
  const id = useId();
  const [draft, setDraft] = useState<ProviderDraft>(EMPTY);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);

  const update = (patch: Partial<ProviderDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setProblem(null);
    setAdded(null);
    try {
      const name = draft.name.trim() || KIND_LABELS[draft.kind];
      const provider = await getApi().invoke('models.providers.add', {
        name,
        kind: draft.kind,
        baseUrl: draft.baseUrl.trim() || undefined,
        defaultModel: draft.defaultModel.trim() || undefined,
        ...(draft.apiKey !== '' ? { apiKey: draft.apiKey } : {}),
      });
      setDraft(EMPTY);
      setAdded(`Added “${provider.name}”${provider.hasKey ? '; its key is stored' : ''}.`);
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="provider-form" aria-label="Add a provider" noValidate onSubmit={(event) => void submit(event)}>
      <h3 className="models-section__title">Add a provider</h3>
      <fieldset className="segmented">
        <legend className="field__label">Kind</legend>
        <div className="segmented__options">
          {MODEL_PROVIDER_KINDS.map((kind) => (
            <label key={kind} className="segmented__option">
              <input type="radio" name={`${id}-kind`} checked={draft.kind === kind} onChange={() => update({ kind })} />
              <span>{KIND_LABELS[kind]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="provider-form__grid">
        <Field label="Name">
          {(props) => (
            <input {...props} className="input" autoComplete="off" placeholder={KIND_LABELS[draft.kind]} value={draft.name} onChange={(event) => update({ name: event.target.value })} />
          )}
        </Field>
        <Field label="Base URL" hint={baseUrlHint(draft.kind)}>
          {(props) => (
            <CodeInput
              {...props}
              placeholder={draft.kind === 'openai-compatible' ? 'http://localhost:11434/v1' : DEFAULT_BASE_URLS[draft.kind]}
              value={draft.baseUrl}
              onChange={(baseUrl) => update({ baseUrl })}
            />
          )}
        </Field>
        <Field label="API key" hint="Kept in the system keychain (or Loupe's private secrets file), never shown again. Local servers often need none.">
          {(props) => (
            <input {...props} type="password" className="input" autoComplete="off" value={draft.apiKey} onChange={(event) => update({ apiKey: event.target.value })} />
          )}
        </Field>
        <Field label="Default model" hint="Used when a request names none and no rule picks one.">
          {(props) => <CodeInput {...props} placeholder="e.g. llama3.2" value={draft.defaultModel} onChange={(defaultModel) => update({ defaultModel })} />}
        </Field>
      </div>
      <div className="provider-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          Add provider
        </button>
        {added && (
          <span className="field__hint" role="status">
            {added}
          </span>
        )}
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** A URL or an identifier: monospace, no autocomplete or spelling marks. */
function CodeInput({ value, placeholder, onChange, ...props }: FieldControlProps & { value: string; placeholder: string; onChange: (value: string) => void }) {
  return (
    <input {...props} className="input mono" autoComplete="off" spellCheck={false} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
  );
}
