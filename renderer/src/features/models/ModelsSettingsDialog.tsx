import { useEffect, useId, useRef } from 'react';
import { NO_PROVIDER_SENTENCE } from '../../../../shared/models';
import { useModelsStore } from '../../state/models/models-store';
import { DialogHeader } from '../../ui/DialogHeader';
import { openModal } from '../../ui/open-modal';
import { useModelsDialogStore } from './models-dialog-store';
import { PreferenceRules } from './PreferenceRules';
import { ProviderCard } from './ProviderCard';
import { ProviderForm } from './ProviderForm';
import './models.css';

/** Models settings: the providers (add, test, list models, remove) and the rules that pick a model for sampling. */
export function ModelsSettingsDialog() {
  const open = useModelsDialogStore((state) => state.open);
  return open ? <ModelsSettings /> : null;
}

function ModelsSettings() {
  const providers = useModelsStore((state) => state.providers);
  const loaded = useModelsStore((state) => state.loaded);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    openModal(dialogRef.current);
  }, []);

  return (
    <dialog ref={dialogRef} className="dialog models-dialog" aria-labelledby={titleId} onClose={() => useModelsDialogStore.getState().setOpen(false)}>
      <div className="dialog__form">
        <DialogHeader titleId={titleId} onClose={() => dialogRef.current?.close()}>
          Models
        </DialogHeader>
        <div className="dialog__body">
          <section className="models-section" aria-label="Providers">
            <h3 className="models-section__title">Providers</h3>
            {!loaded ? (
              <p className="muted">Loading the providers…</p>
            ) : providers.length === 0 ? (
              <p className="muted">{NO_PROVIDER_SENTENCE}</p>
            ) : (
              <div className="models-providers">
                {providers.map((provider) => (
                  <ProviderCard key={provider.id} provider={provider} />
                ))}
              </div>
            )}
          </section>
          <ProviderForm />
          <PreferenceRules />
        </div>
      </div>
    </dialog>
  );
}
