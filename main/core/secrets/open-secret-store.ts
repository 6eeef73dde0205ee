import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../base/atomic-write.js';
import { KeyringSecretStore, KEYCHAIN_TIMEOUT_MS, type KeyringModule } from './keyring-secret-store.js';
import { FileSecretStore, type SecretStore } from './secret-store.js';

/** Where secrets go when no keychain answers: readable by the owner only. */
export const SECRETS_FILE = 'secrets.json';
/** Names this data folder's entries in the keychain (the CLI's copy of the folder finds the same ones). */
export const KEYCHAIN_ID_FILE = 'keychain-id';
/** Where OAuth secrets were kept before the keychain: adopted once, then removed. */
const LEGACY_OAUTH_FILE = 'oauth-secrets.json';

export interface OpenedSecretStore {
  store: SecretStore;
  kind: 'keychain' | 'file';
  /** Set when Loupe fell back to the file: the keychain's own error, for whoever debugs it (not for the person). */
  fallbackReason?: string;
}

export interface SecretStoreOptions {
  dataDir: string;
  /** `LOUPE_SECRET_STORAGE=file` skips the keychain (tests, CI, a person's choice). */
  env: NodeJS.ProcessEnv;
  loadKeyring?: () => Promise<KeyringModule>;
  timeoutMs?: number;
}

async function loadNativeKeyring(): Promise<KeyringModule> {
  const module = (await import('@napi-rs/keyring')) as unknown as KeyringModule & { default?: KeyringModule };
  return module.default ?? module;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Gives up on a keychain call that neither answers nor honours its abort signal. */
function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function folderId(dataDir: string): Promise<string> {
  const path = join(dataDir, KEYCHAIN_ID_FILE);
  const existing = await readFile(path, 'utf8').catch(() => '');
  if (/^[0-9a-f-]{36}$/.test(existing.trim())) return existing.trim();
  const id = randomUUID();
  await writeFileAtomic(path, `${id}\n`);
  return id;
}

/** The keychain, if it stores, returns and deletes a test entry in time; else why not. */
async function tryKeychain(options: SecretStoreOptions): Promise<{ store: SecretStore } | { why: string }> {
  const timeoutMs = options.timeoutMs ?? KEYCHAIN_TIMEOUT_MS;
  let keyring: KeyringModule;
  try {
    keyring = await (options.loadKeyring ?? loadNativeKeyring)();
  } catch (error) {
    return { why: `the keychain module could not load: ${reason(error)}` };
  }
  try {
    const store = new KeyringSecretStore(keyring, await folderId(options.dataDir), timeoutMs);
    const probe = `probe-${randomUUID()}`;
    await withTimeout(store.set('probe', probe), timeoutMs, 'The keychain');
    const read = await withTimeout(store.get('probe'), timeoutMs, 'The keychain');
    await withTimeout(store.delete('probe'), timeoutMs, 'The keychain');
    if (read !== probe) return { why: 'the keychain did not return what was stored' };
    return { store };
  } catch (error) {
    return { why: reason(error) };
  }
}

/** Moves every entry of an older secrets file into the store, then removes the file. */
async function adoptFile(path: string, into: SecretStore): Promise<void> {
  let values: Record<string, unknown>;
  try {
    values = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return;
  }
  for (const [key, value] of Object.entries(values ?? {})) {
    if (typeof value === 'string' && (await into.get(key)) === undefined) await into.set(key, value);
  }
  await rm(path, { force: true });
}

/** The sentence for the person when secrets went to the file because no keychain answered. */
export function secretsInFileNotice(filePath: string, readOnly: boolean): string {
  return readOnly
    ? `No OS keychain answered, so secrets are read from ${filePath}.`
    : `No OS keychain answered, so Loupe keeps secrets (secret headers and variables, OAuth tokens) in ${filePath}, readable only by you.`;
}

/**
 * The OS keychain where one answers, else a 0600 file in the data folder (`fallbackReason` says
 * why). Secrets kept in files by earlier versions (or an earlier fallback) move into it.
 */
export async function openSecretStore(options: SecretStoreOptions): Promise<OpenedSecretStore> {
  const filePath = join(options.dataDir, SECRETS_FILE);
  let opened: OpenedSecretStore;
  if (options.env.LOUPE_SECRET_STORAGE === 'file') {
    opened = { store: new FileSecretStore(filePath), kind: 'file' };
  } else {
    const keychain = await tryKeychain(options);
    opened =
      'store' in keychain
        ? { store: keychain.store, kind: 'keychain' }
        : { store: new FileSecretStore(filePath), kind: 'file', fallbackReason: keychain.why };
  }
  await adoptFile(join(options.dataDir, LEGACY_OAUTH_FILE), opened.store);
  if (opened.kind === 'keychain') await adoptFile(filePath, opened.store);
  return opened;
}
