import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Notice } from '../../../shared/contract.js';
import type { ServerConfig, ServerConfigInput } from '../../../shared/server-config.js';
import { LoupeError } from '../../../shared/wire.js';
import { writeFileAtomic } from '../base/atomic-write.js';
import { demoServerConfig } from './default-servers.js';
import { keepOriginal, moveAside, movedAsideMessage, readJsonFile } from '../base/json-file.js';
import { parseServerConfig } from './validate-server-config.js';
import { createNotice } from '../base/notice.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { resolveSecrets, secretValuesOf, storeSecrets } from './server-secrets.js';

export const SERVERS_FILE = 'servers.json';
/** 2: secret values live in the secret store, and the file holds references (`secretRef`). */
const FILE_VERSION = 2;

interface LoadResult {
  servers: ServerConfig[];
  notices: Notice[];
  /** True when the file must be (re)written: first run, a bad file moved aside, secrets in clear. */
  dirty: boolean;
  /** Secret references the file used. */
  refs: Set<string>;
}

/** An error's sentence without its final full stop, to go inside another sentence. */
function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
}

/**
 * The user's server list, kept in `servers.json` in the data dir. Values marked secret go to the
 * secret store (the OS keychain, or a private file) and the file keeps references to them.
 */
export class ConfigStore {
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private servers: ServerConfig[],
    private readonly secrets: SecretStore,
    /** The references servers.json holds, so a secret no longer used is deleted from the store. */
    private refs: Set<string>,
    private readonly onSecrets: (values: string[]) => void,
  ) {
    onSecrets(secretValuesOf(servers));
  }

  /**
   * Loads the list. A corrupt file is moved aside and reported, never fatal; secrets written in
   * clear by an older version move to the secret store, and the file is rewritten without them.
   * `onSecrets` hears every secret value the list holds, now and after each change.
   */
  static async open(
    dataDir: string,
    onWriteError: (notice: Notice) => void,
    secrets: SecretStore,
    onSecrets: (values: string[]) => void = () => {},
  ): Promise<{ store: ConfigStore; notices: Notice[] }> {
    const path = join(dataDir, SERVERS_FILE);
    const loaded = await load(path, secrets);
    const store = new ConfigStore(path, loaded.servers, secrets, loaded.refs, onSecrets);
    if (loaded.dirty) {
      await store.change((servers) => ({ servers, value: undefined })).catch((error: unknown) => onWriteError(createNotice('error', reason(error))));
    }
    return { store, notices: loaded.notices };
  }

  list(): ServerConfig[] {
    return this.servers;
  }

  get(id: string): ServerConfig | undefined {
    return this.servers.find((server) => server.id === id);
  }

  require(id: string): ServerConfig {
    const server = this.get(id);
    if (!server) throw new LoupeError(`There is no server with id "${id}".`, 'unknown-server');
    return server;
  }

  async add(input: ServerConfigInput): Promise<ServerConfig> {
    const server = { id: randomUUID(), ...input };
    return this.change((servers) => ({ servers: [...servers, server], value: server }));
  }

  async update(id: string, input: ServerConfigInput): Promise<ServerConfig> {
    this.require(id);
    const server = { id, ...input };
    return this.change((servers) => {
      if (!servers.some((existing) => existing.id === id)) this.require(id);
      return { servers: servers.map((existing) => (existing.id === id ? server : existing)), value: server };
    });
  }

  async remove(id: string): Promise<void> {
    this.require(id);
    return this.change((servers) => ({ servers: servers.filter((server) => server.id !== id), value: undefined }));
  }

  /**
   * Applies a change once servers.json holds it: a change that cannot be saved is not made, and
   * its request fails with the sentence why (a change reported as saved is there after a restart).
   * Changes run one after another, each on the list the previous one left. Secret values reach the
   * store before the file points at them; references no longer used are deleted after.
   */
  private change<T>(apply: (servers: ServerConfig[]) => { servers: ServerConfig[]; value: T }): Promise<T> {
    const run = this.writes.then(async () => {
      const next = apply(this.servers);
      // Redaction hears of a value as soon as it may be used, saved or not.
      this.onSecrets(secretValuesOf(next.servers));
      let stored: Awaited<ReturnType<typeof storeSecrets>>;
      try {
        stored = await storeSecrets(next.servers, this.secrets);
        await writeFileAtomic(this.path, `${JSON.stringify({ version: FILE_VERSION, servers: stored.servers }, null, 2)}\n`);
      } catch (error) {
        // The secrets of the list still in force go back where they were (best effort).
        await storeSecrets(this.servers, this.secrets).catch(() => undefined);
        throw new LoupeError(`Could not save the server list to ${this.path}: ${reason(error)}. The change was not made.`, 'write-failed');
      }
      this.servers = next.servers;
      for (const ref of this.refs) if (!stored.refs.has(ref)) await this.secrets.delete(ref).catch(() => {});
      this.refs = stored.refs;
      return next.value;
    });
    this.writes = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}

async function load(path: string, secrets: SecretStore): Promise<LoadResult> {
  const fresh = () => [{ id: randomUUID(), ...demoServerConfig() }];
  const read = await readJsonFile(path);
  if (read.status === 'missing') return { servers: fresh(), notices: [], dirty: true, refs: new Set() };
  if (read.status === 'moved-aside') {
    return { servers: fresh(), notices: [createNotice('warning', movedAsideMessage('The server list', path, read))], dirty: read.backup !== undefined, refs: new Set() };
  }
  const list = (read.value as { servers?: unknown } | null)?.servers;
  if (!Array.isArray(list)) {
    const moved = await moveAside(path, 'it has no "servers" list');
    return { servers: fresh(), notices: [createNotice('warning', movedAsideMessage('The server list', path, moved))], dirty: moved.backup !== undefined, refs: new Set() };
  }

  const servers: ServerConfig[] = [];
  const problems: string[] = [];
  const refs = new Set<string>();
  const missing: string[] = [];
  let plaintext = false;
  for (const [index, item] of list.entries()) {
    try {
      const resolved = await resolveSecrets(item, secrets);
      servers.push(parseServerConfig(resolved.entry));
      for (const ref of resolved.refs) refs.add(ref);
      missing.push(...resolved.missing);
      plaintext ||= resolved.plaintext;
    } catch (error) {
      problems.push(`entry ${index + 1}: ${reason(error)}`);
    }
  }
  const notices = missing.length > 0 ? [createNotice('warning', `The secret store no longer has ${missing.join(', ')}: enter ${missing.length === 1 ? 'it' : 'them'} again in the server form.`)] : [];
  if (problems.length === 0) return { servers, notices, dirty: plaintext, refs };
  // Keep the valid servers, and the original file beside them so nothing is lost.
  const copy = await keepOriginal(path);
  return {
    servers,
    refs,
    notices: [
      ...notices,
      createNotice(
        'warning',
        `${problems.length} server(s) in ${path} were skipped (${problems.join('; ')}).${copy ? ` The original file was kept as ${copy}.` : ''}`,
      ),
    ],
    dirty: copy !== undefined || plaintext,
  };
}
