import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../base/atomic-write.js';

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
    this.values.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }
}

/**
 * A JSON file readable by its owner only (0600), in the data folder, apart from servers.json:
 * where no keychain exists.
 * Writes are serialized and atomic; a corrupt file reads as empty rather than failing sign-in.
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
        values = new Map(Object.entries(parsed).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
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
    (await this.load()).set(key, value);
    await this.save();
  }

  async delete(key: string): Promise<void> {
    if ((await this.load()).delete(key)) await this.save();
  }

  private save(): Promise<void> {
    const next = this.writing.then(async () => {
      const values = await this.load();
      await mkdir(dirname(this.path), { recursive: true });
      // writeFileAtomic creates the file 0600.
      await writeFileAtomic(this.path, JSON.stringify(Object.fromEntries(values), null, 2));
    });
    this.writing = next.catch(() => {});
    return next;
  }
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
    this.own.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.own.set(key, null);
  }
}
