import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';

const START = '__LOUPE_PATH_START__';
const END = '__LOUPE_PATH_END__';
export const LOGIN_SHELL_TIMEOUT_MS = 5_000;

/**
 * The PATH a terminal would have. A desktop app started from the Dock, Finder or a Linux launcher
 * gets a minimal PATH without the folders where `npx`, `uvx` or nvm's Node live; the user's login
 * shell knows them. Runs `$SHELL -i -l -c` with markers around PATH (shells print greetings and
 * junk), gives up after a few seconds (a shell can wait for input), and says undefined on any
 * failure, so the caller keeps the PATH it has.
 */
export function loginShellPath(shell: string | undefined, timeoutMs = LOGIN_SHELL_TIMEOUT_MS): Promise<string | undefined> {
  if (!shell || process.platform === 'win32') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let output = '';
    let settled = false;
    const finish = (value: string | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const child = spawn(shell, ['-i', '-l', '-c', `printf '%s' '${START}'; printenv PATH; printf '%s' '${END}'`], {
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
      env: { ...process.env, LOUPE_LOGIN_SHELL_PROBE: '1' },
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      finish(undefined);
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (output.length < 1_000_000) output += chunk;
    });
    child.on('error', () => finish(undefined));
    child.on('close', () => {
      const start = output.lastIndexOf(START);
      const end = output.indexOf(END, start);
      const path = start >= 0 && end > start ? output.slice(start + START.length, end).trim() : '';
      finish(path === '' ? undefined : path);
    });
  });
}

/** The login shell's folders first, then any of the current PATH's it lacks. */
export function mergePath(loginPath: string, currentPath: string | undefined): string {
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const entry of [...loginPath.split(delimiter), ...(currentPath ?? '').split(delimiter)]) {
    if (entry === '' || seen.has(entry)) continue;
    seen.add(entry);
    merged.push(entry);
  }
  return merged.join(delimiter);
}
