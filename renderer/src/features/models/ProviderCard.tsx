import { useState } from 'react';
import type { ModelConnectionTest, ModelInfo, ModelProvider } from '../../../../shared/models';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { fetchModelList } from '../../state/models/models-sync';
import { useModelsStore } from '../../state/models/models-store';
import { VirtualListbox } from '../../ui/VirtualListbox';
import { baseUrlText, KIND_LABELS } from './provider-labels';

const MODEL_ROW = 28;
const VISIBLE_MODELS = 6;

type Status = { ok: boolean; text: string } | null;

/** One provider: what it is, whether a key is stored, Test connection, its models, Remove. */
export function ProviderCard({ provider }: { provider: ModelProvider }) {
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<ModelConnectionTest | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const list = useModelsStore((state) => state.lists[provider.id]);

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    try {
      setTest(await getApi().invoke('models.test', { providerId: provider.id }));
    } catch (failure) {
      setTest({ ok: false, message: errorMessage(failure), durationMs: 0 });
    } finally {
      setTesting(false);
    }
  };

  const remove = async () => {
    try {
      await getApi().invoke('models.providers.remove', { id: provider.id });
    } catch (failure) {
      setStatus({ ok: false, text: `Could not remove it: ${errorMessage(failure)}` });
      setConfirmRemove(false);
    }
  };

  const makeDefault = async (modelId: string) => {
    setStatus(null);
    try {
      await getApi().invoke('models.providers.update', {
        id: provider.id,
        provider: { name: provider.name, kind: provider.kind, baseUrl: provider.baseUrl, defaultModel: modelId },
      });
      setStatus({ ok: true, text: `${modelId} is now ${provider.name}'s default model.` });
    } catch (failure) {
      setStatus({ ok: false, text: `Could not set the default model: ${errorMessage(failure)}` });
    }
  };

  return (
    <article className="provider-card" aria-label={`Provider ${provider.name}`}>
      <header className="provider-card__header">
        <h4 className="provider-card__name">{provider.name}</h4>
        <span className="provider-card__kind">{KIND_LABELS[provider.kind]}</span>
        <span className={`provider-card__key ${provider.hasKey ? 'provider-card__key--stored' : ''}`}>{provider.hasKey ? 'Key stored' : 'No key'}</span>
      </header>
      <dl className="provider-card__facts">
        <dt>Base URL</dt>
        <dd className="mono">{baseUrlText(provider)}</dd>
        <dt>Default model</dt>
        <dd className="mono">{provider.defaultModel ?? '(none)'}</dd>
      </dl>
      <div className="provider-card__actions">
        <button type="button" className="button button--small" disabled={testing} onClick={() => void runTest()}>
          {testing ? 'Testing…' : 'Test connection'}
        </button>
        <button type="button" className="button button--small" disabled={list?.status === 'loading'} onClick={() => void fetchModelList(provider.id)}>
          {list?.status === 'loaded' ? 'Reload models' : 'List models'}
        </button>
        <span className="panel-header__spacer" />
        {confirmRemove ? (
          <span role="group" aria-label={`Confirm removing ${provider.name}`} className="provider-card__confirm">
            <button type="button" className="button button--small button--danger" onClick={() => void remove()}>
              Remove {provider.name}
            </button>
            <button type="button" className="button button--small" onClick={() => setConfirmRemove(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button type="button" className="button button--small button--subtle" onClick={() => setConfirmRemove(true)}>
            Remove
          </button>
        )}
      </div>
      {test && (
        <p className={test.ok ? 'provider-card__result provider-card__result--ok' : 'form-error'} role="status">
          {test.message}
        </p>
      )}
      {status && (
        <p className={status.ok ? 'field__hint' : 'form-error'} role="status">
          {status.text}
        </p>
      )}
      {list?.status === 'loading' && <p className="muted">Listing the models…</p>}
      {list?.status === 'failed' && (
        <p className="form-error" role="alert">
          {list.message}
        </p>
      )}
      {list?.status === 'loaded' && <ModelListView provider={provider} models={list.models} onMakeDefault={(modelId) => void makeDefault(modelId)} />}
    </article>
  );
}

function ModelListView({ provider, models, onMakeDefault }: { provider: ModelProvider; models: ModelInfo[]; onMakeDefault: (modelId: string) => void }) {
  const [selected, setSelected] = useState<string | undefined>(provider.defaultModel);
  if (models.length === 0) return <p className="muted">{provider.name} lists no models: type the model's name where one is asked for.</p>;
  const height = Math.min(models.length, VISIBLE_MODELS) * MODEL_ROW + 2;
  return (
    <div className="provider-models">
      <div className="provider-models__list" style={{ height }}>
        <VirtualListbox
          items={models}
          label={`Models of ${provider.name}`}
          getKey={(model) => model.id}
          selectedKey={selected}
          onSelect={(model) => setSelected(model.id)}
          renderItem={(model) => (
            <span className="provider-models__row">
              <span className="mono">{model.id}</span>
              {model.name && <span className="muted"> {model.name}</span>}
              {model.id === provider.defaultModel && <span className="provider-models__default"> default</span>}
            </span>
          )}
          estimateSize={MODEL_ROW}
        />
      </div>
      <button type="button" className="button button--small" disabled={!selected || selected === provider.defaultModel} onClick={() => selected && onMakeDefault(selected)}>
        Make default
      </button>
    </div>
  );
}
