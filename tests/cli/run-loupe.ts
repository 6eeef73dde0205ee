import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (npm run build:core first). */
export const CLI = fileURLToPath(new URL('../../dist/main/cli/loupe.js', import.meta.url));

/** Runs `loupe ARGS…` in a process of its own; resolves with its exit code and output. */
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
