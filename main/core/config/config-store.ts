import { randomUUID } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Notice } from '../../../shared/contract.js';
import type { ServerConfig, ServerConfigInput } from '../../../shared/server-config.js';
import { LoupeError } from '../../../shared/wire.js';
import { writeFileAtomic } from './atomic-write.js';
import { demoServerConfig } from './default-servers.js';
import { parseServerConfig } from './validate-server-config.js';

export const SERVERS_FILE = 'servers.json';
const FILE_VERSION = 1;

interface LoadResult {
  servers: ServerConfig[];
  notices: Notice[];
  /** True when the file must be (re)written: first run, or a bad file was moved aside. */
  dirty: boolean;
}

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

function notice(level: Notice['level'], message: string): Notice {
  return { id: randomUUID(), level, message };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The user's server list, kept in `servers.json` in the data dir. */
export class ConfigStore {
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private servers: ServerConfig[],
    private readonly onWriteError: (notice: Notice) => void,
  ) {}

  /** Loads the list. A corrupt file is moved aside and reported, never fatal. */
  static async open(dataDir: string, onWriteError: (notice: Notice) => void): Promise<{ store: ConfigStore; notices: Notice[] }> {
    const path = join(dataDir, SERVERS_FILE);
    const loaded = await load(path);
    const store = new ConfigStore(path, loaded.servers, onWriteError);
    if (loaded.dirty) await store.save();
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
    this.servers = [...this.servers, server];
    await this.save();
    return server;
  }

  async update(id: string, input: ServerConfigInput): Promise<ServerConfig> {
    this.require(id);
    const server = { id, ...input };
    this.servers = this.servers.map((existing) => (existing.id === id ? server : existing));
    await this.save();
    return server;
  }

  async remove(id: string): Promise<void> {
    this.require(id);
    this.servers = this.servers.filter((server) => server.id !== id);
    await this.save();
  }

  /** Writes are serialized so two quick edits cannot land out of order. */
  private save(): Promise<void> {
    const content = `${JSON.stringify({ version: FILE_VERSION, servers: this.servers }, null, 2)}\n`;
    this.writes = this.writes.then(() =>
      writeFileAtomic(this.path, content).catch((error: unknown) => {
        this.onWriteError(notice('error', `Could not save the server list to ${this.path}: ${reason(error)}. Changes are kept until the app closes.`));
      }),
    );
    return this.writes;
  }
}

async function load(path: string): Promise<LoadResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { servers: [{ id: randomUUID(), ...demoServerConfig() }], notices: [], dirty: true };
    }
    return await moveAside(path, `it could not be read (${reason(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return moveAside(path, `it is not valid JSON (${reason(error)})`);
  }
  const list = (parsed as { servers?: unknown } | null)?.servers;
  if (!Array.isArray(list)) return moveAside(path, 'it has no "servers" list');

  const servers: ServerConfig[] = [];
  const problems: string[] = [];
  list.forEach((item, index) => {
    try {
      servers.push(parseServerConfig(item));
    } catch (error) {
      problems.push(`entry ${index + 1}: ${reason(error)}`);
    }
  });
  if (problems.length === 0) return { servers, notices: [], dirty: false };
  // Keep the valid servers, and the original file beside them so nothing is lost.
  const backup = `${path}.invalid-${timestamp()}`;
  await rename(path, backup).catch(() => undefined);
  return {
    servers,
    notices: [notice('warning', `${problems.length} server(s) in ${path} were skipped (${problems.join('; ')}). The original file was kept as ${backup}.`)],
    dirty: true,
  };
}

async function moveAside(path: string, why: string): Promise<LoadResult> {
  const backup = `${path}.corrupt-${timestamp()}`;
  try {
    await rename(path, backup);
  } catch (error) {
    return {
      servers: [{ id: randomUUID(), ...demoServerConfig() }],
      notices: [notice('error', `The server list ${path} was not loaded because ${why}, and it could not be moved aside (${reason(error)}). Loupe started with the demo server only.`)],
      dirty: false,
    };
  }
  return {
    servers: [{ id: randomUUID(), ...demoServerConfig() }],
    notices: [notice('warning', `The server list ${path} was not loaded because ${why}. It was moved to ${backup}, and a fresh list was started.`)],
    dirty: true,
  };
}
