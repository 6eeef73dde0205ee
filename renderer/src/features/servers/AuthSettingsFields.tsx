import type { AuthGrant, AuthSecretName, AuthSettings } from '../../../../shared/auth';
import { Field } from '../../ui/Field';

interface Props {
  settings: AuthSettings | undefined;
  onChange: (settings: AuthSettings | undefined) => void;
  /** Secrets typed here (stored apart from servers.json on save); '' keeps the stored one. */
  secrets: Partial<Record<AuthSecretName, string>>;
  onSecret: (name: AuthSecretName, secret: string) => void;
}

function SecretField({ label, name, hint, secrets, onSecret }: { label: string; name: AuthSecretName; hint: string } & Pick<Props, 'secrets' | 'onSecret'>) {
  return (
    <Field label={label} hint={hint}>
      {(props) => (
        <input {...props} className="input input--mono" type="password" value={secrets[name] ?? ''} autoComplete="off" onChange={(event) => onSecret(name, event.target.value)} />
      )}
    </Field>
  );
}

/** Settings being edited: a field set to undefined (or '') is one the person cleared. */
type EditedSettings = { [K in keyof AuthSettings]?: AuthSettings[K] | undefined };

function clean(settings: EditedSettings): AuthSettings | undefined {
  const entries = Object.entries(settings).filter(([, value]) => value !== undefined && value !== '');
  return entries.length > 0 ? (Object.fromEntries(entries)) : undefined;
}

/** The server form's OAuth section: optional, collapsed unless something is set. */
export function AuthSettingsFields({ settings, onChange, secrets, onSecret }: Props) {
  const current = settings ?? {};
  const set = (patch: EditedSettings) => onChange(clean({ ...current, ...patch }));
  return (
    <details className="kv" open={settings !== undefined}>
      <summary className="kv__legend">OAuth sign-in (optional)</summary>
      <p className="field__hint">
        Loupe discovers the authorization server and registers itself when the server asks for a sign-in. Fill these in only for a
        pre-registered client, fixed scopes, or a Client ID Metadata Document.
      </p>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 10, width: '100%' }}>
        <Field label="Client ID">
          {(props) => (
            <input {...props} className="input input--mono" value={current.clientId ?? ''} spellCheck={false} autoComplete="off" onChange={(event) => set({ clientId: event.target.value })} />
          )}
        </Field>
        <SecretField label="Client secret" name="client-secret" hint="Kept apart from servers.json; leave empty to keep the stored one." secrets={secrets} onSecret={onSecret} />
        <Field label="Scopes" hint="Space-separated; by default those the server asks for.">
          {(props) => (
            <input {...props} className="input input--mono" value={current.scopes ?? ''} spellCheck={false} autoComplete="off" onChange={(event) => set({ scopes: event.target.value })} />
          )}
        </Field>
        <Field label="Client ID Metadata Document URL" hint="An https URL used as the client id where the server supports it.">
          {(props) => (
            <input
              {...props}
              className="input input--mono"
              type="url"
              value={current.clientMetadataUrl ?? ''}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => set({ clientMetadataUrl: event.target.value })}
            />
          )}
        </Field>
        <Field label="Grant">
          {(props) => (
            <select
              {...props}
              className="input"
              value={current.grant ?? 'authorization_code'}
              onChange={(event) => set({ grant: event.target.value === 'authorization_code' ? undefined : (event.target.value as AuthGrant) })}
            >
              <option value="authorization_code">Authorization code (browser)</option>
              <option value="client_credentials">Client credentials (machine)</option>
              <option value="cross-app-access">Cross-app access (company IdP)</option>
            </select>
          )}
        </Field>
        <Field label="Client authentication">
          {(props) => (
            <select
              {...props}
              className="input"
              value={current.clientAuthentication ?? 'secret'}
              onChange={(event) => set({ clientAuthentication: event.target.value === 'private_key_jwt' ? 'private_key_jwt' : undefined })}
            >
              <option value="secret">Client secret, or none</option>
              <option value="private_key_jwt">Private key JWT (PEM as secret)</option>
            </select>
          )}
        </Field>
      </div>
      {current.grant === 'cross-app-access' && (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 10, width: '100%' }}>
          <Field label="Identity provider token endpoint">
            {(props) => (
              <input
                {...props}
                className="input input--mono"
                type="url"
                value={current.idpTokenEndpoint ?? ''}
                spellCheck={false}
                autoComplete="off"
                onChange={(event) => set({ idpTokenEndpoint: event.target.value })}
              />
            )}
          </Field>
          <Field label="Client ID at the identity provider">
            {(props) => (
              <input {...props} className="input input--mono" value={current.idpClientId ?? ''} spellCheck={false} autoComplete="off" onChange={(event) => set({ idpClientId: event.target.value })} />
            )}
          </Field>
          <SecretField label="ID token" name="idp-id-token" hint="From your company sign-in; kept apart from servers.json." secrets={secrets} onSecret={onSecret} />
          <SecretField label="Client secret at the identity provider" name="idp-client-secret" hint="If the identity provider wants one." secrets={secrets} onSecret={onSecret} />
        </div>
      )}
      <label className="kv__secret">
        <input type="checkbox" checked={current.authorizeWith === 'http-get'} onChange={(event) => set({ authorizeWith: event.target.checked ? 'http-get' : undefined })} />
        Follow the authorization URL without a browser (test servers that approve at once)
      </label>
      <label className="kv__secret">
        <input type="checkbox" checked={current.allowIssuerMismatch === true} onChange={(event) => set({ allowIssuerMismatch: event.target.checked ? true : undefined })} />
        Accept authorization server metadata that names another issuer (some 2025-03-26 servers; weakens the mix-up check)
      </label>
    </details>
  );
}
