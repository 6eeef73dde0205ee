/** Starts Loupe's built core (dist/) on a fresh data dir, as the app would, and connects a seeded server. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CORE_MODULE = '../../dist/main/core/create-core.js';

export async function startLoupeCore() {
  let createCore;
  try {
    ({ createCore } = await import(CORE_MODULE));
  } catch (error) {
    throw new Error(`Loupe's core is not built (${error.message}). Run \`npm run build\` first.`, { cause: error });
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'loupe-bench-'));
  const core = await createCore({ dataDir, mode: 'browser', version: 'bench' });
  return {
    core,
    async connectSeededServer(name) {
      const server = (await core.handlers['servers.list']()).find((candidate) => candidate.name === name);
      if (!server) throw new Error(`The fresh data dir did not seed a server named "${name}"`);
      const state = await core.handlers['connections.connect']({ serverId: server.id });
      if (state.status !== 'connected') {
        throw new Error(`Could not connect "${name}": ${state.failure?.message ?? state.status}`);
      }
      return server.id;
    },
    async dispose() {
      await core.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
