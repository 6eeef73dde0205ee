import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Notice } from '../../../shared/contract.js';
import type { ServerConfig, ServerConfigInput } from '../../../shared/server-config.js';
import { LoupeError } from '../../../shared/wire.js';
import { writeFileAtomic } from './atomic-write.js';
import { demoServerConfig } from './default-servers.js';
import { keepOriginal, moveAside, movedAsideMessage, readJsonFile } from './json-file.js';
import { parseServerConfig } from './validate-server-config.js';
import { createNotice } from '../notice.js';

export const SERVERS_FILE = 'servers.json';
const FILE_VERSION = 1;

interface LoadResult {
  servers: ServerConfig[];
  notices: Notice[];
  /** True when the file must be (re)written: first run, or a bad file was moved aside. */
  dirty: boolean;
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
        this.onWriteError(createNotice('error', `Could not save the server list to ${this.path}: ${reason(error)}. Changes are kept until the app closes.`));
      }),
    );
    return this.writes;
  }
}

async function load(path: string): Promise<LoadResult> {
  const fresh = () => [{ id: randomUUID(), ...demoServerConfig() }];
  const read = await readJsonFile(path);
  if (read.status === 'missing') return { servers: fresh(), notices: [], dirty: true };
  if (read.status === 'moved-aside') {
    return { servers: fresh(), notices: [createNotice('warning', movedAsideMessage('The server list', path, read))], dirty: read.backup !== undefined };
  }
  const list = (read.value as { servers?: unknown } | null)?.servers;
  if (!Array.isArray(list)) {
    const moved = await moveAside(path, 'it has no "servers" list');
    return { servers: fresh(), notices: [createNotice('warning', movedAsideMessage('The server list', path, moved))], dirty: moved.backup !== undefined };
  }

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
  const copy = await keepOriginal(path);
  return {
    servers,
    notices: [
      createNotice(
        'warning',
        `${problems.length} server(s) in ${path} were skipped (${problems.join('; ')}).${copy ? ` The original file was kept as ${copy}.` : ''}`,
      ),
    ],
    dirty: copy !== undefined,
  };
}
