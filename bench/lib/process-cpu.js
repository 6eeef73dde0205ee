/**
 * CPU time used so far by processes (all their threads), from Linux's /proc: for benches that
 * want to say what the processes between client and server spent, which a busy machine's wall
 * times blur. Elsewhere there is no /proc, and `processCpuMs` is undefined.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

function threadsCpuMs(pid) {
  let sum = 0;
  try {
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      // schedstat's first field: nanoseconds on a CPU.
      sum += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    }
  } catch {
    // The process (or a thread) ended: what it used is gone with it.
  }
  return sum;
}

/** The child processes of `pid`. */
export function childPids(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((thread) => readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** The command name of `pid` (`cat`, `node`), or undefined once it is gone. */
export function commandName(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** CPU ms used so far by the processes `pids()` names now; undefined where there is no /proc. */
export const processCpuMs = existsSync('/proc/self/task')
  ? (pids) => pids().reduce((sum, pid) => sum + threadsCpuMs(pid), 0)
  : undefined;
