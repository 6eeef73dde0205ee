import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built `loupe` command. */
export const CLI = fileURLToPath(new URL('../../dist/main/cli/loupe.js', import.meta.url));

/** Runs the built `loupe` with these arguments (and environment variables added to this process's); its exit code and output. */
export function loupe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
