/** The built `loupe proxy` command line, and the app's core running on a data folder with proxies linked, for the proxy benches. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/**
 * The app as browser mode runs it (`npm run web`, no browser opened), in processes of its own: the host, and
 * the core it supervises, which takes the proxies' sessions. Resolves once proxies can find it.
 */
export async function startAppProcess() {
  const dataDir = await mkdtemp(join(tmpdir(), 'loupe-bench-proxy-'));
  const host = spawn(process.execPath, [fileURLToPath(new URL('../../dist/main/host/cli.js', import.meta.url)), '--port', '0', '--no-open', '--data-dir', dataDir], { stdio: 'ignore' });
  const endpoint = join(dataDir, 'proxy', 'endpoint.json');
  for (let waited = 0; !existsSync(endpoint); waited += 50) {
    if (waited > 30_000 || host.exitCode !== null) throw new Error('The app (browser-mode host) did not start.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    dataDir,
    /** The host's process id (the core is its child). */
    pid: host.pid,
    async dispose() {
      const closed = new Promise((resolve) => host.once('close', resolve));
      host.kill('SIGTERM');
      await closed;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
