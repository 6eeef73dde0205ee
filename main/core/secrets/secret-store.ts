import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LoupeError } from '../../../shared/wire.js';
import { writeFileAtomic } from '../base/atomic-write.js';

/** The longest secret value kept (an OAuth record with its discovery documents stays well below it). */
export const MAX_SECRET_CHARS = 1024 * 1024;

/** Throws a sentence for a value too long to keep; every store calls it before it stores anything. */
export function assertStorableSecret(value: string): void {
  if (value.length <= MAX_SECRET_CHARS) return;
  throw new LoupeError(
    `A secret of ${value.length.toLocaleString('en')} characters is longer than Loupe keeps (${MAX_SECRET_CHARS.toLocaleString('en')}); it was not stored.`,
    'secret-too-large',
  );
}

/**
 * Where secrets live: header and environment values marked secret, OAuth tokens and client
 * secrets. Values are opaque strings by key; the OS keychain or a private file holds them.
 */
export interface SecretStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export class MemorySecretStore implements SecretStore {
  private readonly values = new Map<string, string>();
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }
  async set(key: string, value: string): Promise<void> {
    assertStorableSecret(value);
    this.values.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }
}

/**
 * A JSON file readable by its owner only (0600), in the data folder, apart from servers.json:
 * where no keychain exists.
 * Writes are serialized and atomic; a corrupt file reads as empty rather than failing sign-in. A
 * write that fails leaves the store as it was, and says so; a value too long to keep (an earlier
 * version kept any) is dropped on reading.
 */
export class FileSecretStore implements SecretStore {
  private cache: Map<string, string> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  private async load(): Promise<Map<string, string>> {
    if (this.cache) return this.cache;
    let values = new Map<string, string>();
    try {
      const parsed: unknown = JSON.parse(await readFile(this.path, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        values = new Map(Object.entries(parsed).filter((pair): pair is [string, string] => typeof pair[1] === 'string' && pair[1].length <= MAX_SECRET_CHARS));
      }
    } catch {
      // Missing or unreadable: start empty.
    }
    this.cache = values;
    return values;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.load()).get(key);
  }

  async set(key: string, value: string): Promise<void> {
    assertStorableSecret(value);
    const values = await this.load();
    const before = values.get(key);
    values.set(key, value);
    await this.save().catch((error: unknown) => {
      if (values.get(key) === value) restore(values, key, before);
      throw error;
    });
  }

  async delete(key: string): Promise<void> {
    const values = await this.load();
    const before = values.get(key);
    if (!values.delete(key)) return;
    await this.save().catch((error: unknown) => {
      if (!values.has(key)) restore(values, key, before);
      throw error;
    });
  }

  private save(): Promise<void> {
    const next = this.writing.then(async () => {
      const values = await this.load();
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      // writeFileAtomic creates the file 0600.
      try {
        await writeFileAtomic(this.path, JSON.stringify(Object.fromEntries(values), null, 2));
      } catch (error) {
        throw new LoupeError(`Could not save the secrets to ${this.path}: ${error instanceof Error ? error.message : String(error)}. Nothing was stored.`, 'write-failed');
      }
    });
    this.writing = next.catch(() => {});
    return next;
  }
}

function restore(values: Map<string, string>, key: string, before: string | undefined): void {
  if (before === undefined) values.delete(key);
  else values.set(key, before);
}

/**
 * Reads through to another store and keeps its own writes in memory: the CLI works on a copy of
 * the app's data and must not change the app's secrets.
 */
export class ReadThroughSecretStore implements SecretStore {
  private readonly own = new Map<string, string | null>();

  constructor(private readonly base: SecretStore) {}

  async get(key: string): Promise<string | undefined> {
    if (this.own.has(key)) return this.own.get(key) ?? undefined;
    return this.base.get(key);
  }
  async set(key: string, value: string): Promise<void> {
    assertStorableSecret(value);
    this.own.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.own.set(key, null);
  }
}
