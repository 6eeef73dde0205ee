import { useEffect, useState, type FormEvent } from 'react';
import type { CollectionSecret } from '../../../../shared/collections';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { Field } from '../../ui/Field';

/** Where a secret's value comes from, in a few words. */
function secretState(secret: CollectionSecret): string {
  if (secret.inKeychain) return 'Set in Loupe’s keychain';
  if (secret.inEnvironment) return `Not set here: the environment variable ${secret.environmentVariable} stands in`;
  return 'Not set: requests that use it cannot run';
}

/**
 * The secrets the collection's files name as {{secret:NAME}}, each with whether it is set, with
 * Set… (a masked field) and Clear. A value goes to the keychain and never shows here again.
 */
export function SecretsView({ collectionId, revision }: { collectionId: string; revision: number }) {
  const [secrets, setSecrets] = useState<CollectionSecret[] | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [editing, setEditing] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();

  useEffect(() => {
    let current = true;
    getApi()
      .invoke('collections.secrets', { collectionId })
      .then((listed) => {
        if (!current) return;
        setSecrets(listed);
        setError(null);
      })
      .catch((failure: unknown) => current && setError(errorMessage(failure)));
    return () => {
      current = false;
    };
  }, [collectionId, revision, reloads]);

  const store = async (name: string, value: string | null) => {
    try {
      await getApi().invoke('collections.setSecret', { collectionId, name, value });
      setStatus(value === null ? `Cleared the secret “${name}”.` : `Saved the secret “${name}” in the keychain.`);
      setEditing(undefined);
      setReloads((count) => count + 1);
    } catch (failure) {
      setStatus(errorMessage(failure));
    }
  };

  return (
    <section className="collection-secrets" aria-label="Secrets">
      <p className="field__hint">
        Files name secrets as <code>{'{{secret:NAME}}'}</code>; their values stay in Loupe’s keychain, never in the folder. In CI, the environment variable
        LOUPE_SECRET_NAME stands in.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {status && (
        <p className="field__hint" role="status">
          {status}
        </p>
      )}
      {secrets?.length === 0 && <p className="empty-state">The collection’s files name no secrets.</p>}
      {secrets && secrets.length > 0 && (
        <ul className="collection-secrets__list" aria-label="Secrets the collection names">
          {secrets.map((secret) => (
            <li key={secret.name} className="collection-secret" aria-label={secret.name}>
              <div className="collection-secret__line">
                <code className="collection-secret__name">{secret.name}</code>
                <span className={`collection-secret__state ${secret.inKeychain ? 'collection-secret__state--set' : ''}`}>{secretState(secret)}</span>
                <span className="collection-secret__used" title={secret.usedIn.join(', ')}>
                  used in {secret.usedIn.slice(0, 3).join(', ')}
                  {secret.usedIn.length > 3 ? ` and ${secret.usedIn.length - 3} more` : ''}
                </span>
                <span className="panel-header__spacer" />
                <button type="button" className="button button--small" aria-expanded={editing === secret.name} onClick={() => setEditing(editing === secret.name ? undefined : secret.name)}>
                  Set…
                </button>
                {secret.inKeychain && (
                  <button type="button" className="button button--small" onClick={() => void store(secret.name, null)}>
                    Clear
                  </button>
                )}
              </div>
              {editing === secret.name && <SecretForm name={secret.name} onSave={(value) => store(secret.name, value)} onCancel={() => setEditing(undefined)} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SecretForm({ name, onSave, onCancel }: { name: string; onSave: (value: string) => Promise<void>; onCancel: () => void }) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) return;
    const typed = value;
    // The field forgets the value at once: it is in the keychain now, not in the window.
    setValue('');
    void onSave(typed);
  };
  return (
    <form className="collection-secret__form" aria-label={`Set the secret ${name}`} onSubmit={submit}>
      <Field label={`Value of ${name}`}>
        {(props) => <input {...props} className="input" type="password" autoComplete="off" spellCheck={false} value={value} onChange={(event) => setValue(event.target.value)} />}
      </Field>
      <button type="submit" className="button button--primary button--small" disabled={!value}>
        Save secret
      </button>
      <button type="button" className="button button--small" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
