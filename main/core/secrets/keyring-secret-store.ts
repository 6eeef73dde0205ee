import { assertStorableSecret, type SecretStore } from './secret-store.js';

/** The part of `@napi-rs/keyring` Loupe uses (its async entries run off the main thread). */
export interface KeyringModule {
  AsyncEntry: new (
    service: string,
    account: string,
    options?: { linux?: { store?: 'secret-service' | 'keyutils' } },
  ) => {
    setPassword(password: string, signal?: AbortSignal): Promise<void>;
    getPassword(signal?: AbortSignal): Promise<string | null>;
    deleteCredential(signal?: AbortSignal): Promise<boolean>;
  };
}

export const KEYCHAIN_SERVICE = 'MCP Loupe';
/** A keychain that does not answer in this time counts as unavailable (D-Bus calls can hang). */
export const KEYCHAIN_TIMEOUT_MS = 5_000;

/**
 * The OS keychain: macOS Keychain, Windows Credential Manager, the Secret Service on Linux
 * (never the kernel keyring, which forgets at logout). Entries are named by the data folder's
 * id and the key, so two data folders never share secrets.
 */
export class KeyringSecretStore implements SecretStore {
  constructor(
    private readonly keyring: KeyringModule,
    private readonly folderId: string,
    private readonly timeoutMs = KEYCHAIN_TIMEOUT_MS,
  ) {}

  private entry(key: string) {
    return new this.keyring.AsyncEntry(KEYCHAIN_SERVICE, `${this.folderId}/${key}`, { linux: { store: 'secret-service' } });
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.entry(key).getPassword(AbortSignal.timeout(this.timeoutMs))) ?? undefined;
  }
  async set(key: string, value: string): Promise<void> {
    assertStorableSecret(value);
    await this.entry(key).setPassword(value, AbortSignal.timeout(this.timeoutMs));
  }
  async delete(key: string): Promise<void> {
    await this.entry(key).deleteCredential(AbortSignal.timeout(this.timeoutMs));
  }
}
