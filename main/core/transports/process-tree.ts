import { spawn as spawnProcess, type ChildProcess, type SpawnOptions } from 'node:child_process';
import crossSpawn from 'cross-spawn';

/**
 * A server's whole process tree, not just the process Loupe started: `npx`, `uvx` and shell
 * wrappers start the real server as a child. On POSIX the server leads a process group of its
 * own, and stopping signals the group; on Windows `taskkill /T` ends the tree.
 */

/** Groups still running, killed when this process exits so no server outlives Loupe's core. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;
/**
 * Who hears of every change to the live groups. An exit hook does not run when the core is killed
 * (SIGKILL, a crash): its supervisor, told of each group as it starts, kills them then.
 */
const groupWatchers = new Set<(groups: number[]) => void>();

function groupsChanged(): void {
  const groups = [...liveGroups];
  for (const watcher of groupWatchers) watcher(groups);
}

/** Calls `watcher` with every live group now and after each change; returns the unsubscribe. */
export function watchLiveGroups(watcher: (groups: number[]) => void): () => void {
  groupWatchers.add(watcher);
  watcher([...liveGroups]);
  return () => groupWatchers.delete(watcher);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const pid of liveGroups) signalTree(pid, 'SIGKILL');
  });
}

/**
 * Starts a command the way a shell would find it: on Windows `npx` resolves to `npx.cmd` through
 * PATH and PATHEXT and runs with cmd.exe's quoting (cross-spawn), elsewhere a plain spawn. The
 * process leads its own group on POSIX.
 */
export function spawnTree(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const windows = process.platform === 'win32';
  const child = (windows ? crossSpawn : spawnProcess)(command, [...args], { ...options, detached: !windows });
  if (child.pid !== undefined) {
    liveGroups.add(child.pid);
    installExitHook();
    groupsChanged();
  }
  return child;
}

/** Sends a signal to the tree led by `pid`; false when nothing of it is left. */
export function signalTree(pid: number, signal: NodeJS.Signals): boolean {
  if (process.platform === 'win32') {
    // taskkill has no gentle form a console program answers: the tree is ended at once.
    const killer = spawnProcess('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    killer.on('error', () => {});
    return true;
  }
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether any process of the group led by `pid` still runs (POSIX; on Windows, taskkill /T already ended it). */
export function treeAlive(pid: number): boolean {
  if (process.platform === 'win32') return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The tree is gone (or was killed): no need to kill it on exit. */
export function forgetTree(pid: number): void {
  if (liveGroups.delete(pid)) groupsChanged();
}
