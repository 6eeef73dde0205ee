/**
 * Launches that put a process between the client and the server without Node, for proxy-calls' floor:
 * what any process in the middle costs on this machine, whatever it is written in.
 *
 * Both add exactly what a stdio proxy adds per call: each request and each reply crosses one more
 * pipe (4 crossings a call instead of 2) and wakes one more process on its way.
 * - `cat | server | cat`: the request wakes the first cat, the reply the second. GNU cat copies with
 *   read(2)/write(2) as bytes come (no stdio buffering), so each line goes on as soon as it is read.
 * - raw-fd-proxy.c: one process copying both ways with poll/read/write (the shape of `loupe proxy`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RAW_FD_PROXY_SOURCE = fileURLToPath(new URL('./raw-fd-proxy.c', import.meta.url));

/** `server` run as `sh -c 'cat | server | cat'`, or why it cannot be. */
export function throughCatPipes(server) {
  if (process.platform === 'win32') return { missing: 'no POSIX shell and cat on Windows' };
  return { launch: { command: '/bin/sh', args: ['-c', 'cat | "$@" | cat', 'sh', server.command, ...server.args] } };
}

/**
 * `server` run through raw-fd-proxy.c, compiled now with the system's C compiler (`cc`, or $CC) into a
 * folder of its own (`cleanup` removes it), or why it cannot be.
 */
export function throughRawFdProxy(server) {
  if (process.platform === 'win32') return { missing: 'raw-fd-proxy.c is POSIX only' };
  const folder = mkdtempSync(join(tmpdir(), 'loupe-bench-rawfd-'));
  const cleanup = () => rm(folder, { recursive: true, force: true });
  const binary = join(folder, 'raw-fd-proxy');
  try {
    execFileSync(process.env.CC ?? 'cc', ['-O2', '-o', binary, RAW_FD_PROXY_SOURCE], { stdio: 'pipe' });
  } catch (error) {
    void cleanup();
    return { missing: `raw-fd-proxy.c could not be compiled (${error.code === 'ENOENT' ? 'no C compiler' : String(error.stderr ?? error.message).trim()})` };
  }
  return { launch: { command: binary, args: [server.command, ...server.args] }, cleanup };
}
