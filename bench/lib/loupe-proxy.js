/** The built `loupe proxy` command line, and the app's core running on a data folder with proxies linked, for the proxy benches. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOUPE_CLI = fileURLToPath(new URL('../../dist/main/cli/loupe.js', import.meta.url));

/** The launch of `server` through `loupe proxy`, saving to (or streaming to the app of) `dataDir`. */
export function throughProxy(server, dataDir) {
  return { command: process.execPath, args: [LOUPE_CLI, 'proxy', '--name', 'bench', '--data-dir', dataDir, '--', server.command, ...server.args] };
}

/** The app's core in a process of its own (as the app runs it) on a fresh data folder, taking proxies' sessions. */
export async function startAppCore() {
  const { CoreSupervisor } = await import('../../dist/main/core-process/core-supervisor.js');
  const { forkCoreProcess } = await import('../../dist/main/core-process/fork-core-process.js');
  const dataDir = await mkdtemp(join(tmpdir(), 'loupe-bench-proxy-'));
  const core = await CoreSupervisor.start(() => forkCoreProcess(), { dataDir, mode: 'browser', version: 'bench' });
  return {
    core,
    dataDir,
    async dispose() {
      await core.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
