/** Running tests/conformance/run-conformance.mjs from a test, within a limit of its own. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseRunnerResults, type ScenarioResult } from './runner-results.js';

const RUNNER = fileURLToPath(new URL('./run-conformance.mjs', import.meta.url));

/** The runner's own limit: a hung scenario or install ends the run (and fails the test) instead of hanging it. */
const RUN_LIMIT_MS = 840_000;

/** Runs the conformance runner with `args` (and --json); its results, exit code and stderr. */
export function runConformance(args: string[]): Promise<{ code: number | null; results: ScenarioResult[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, '--json', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The conformance run did not end within ${RUN_LIMIT_MS / 1000} s. Its stderr so far:\n${stderr.slice(-4000)}`));
    }, RUN_LIMIT_MS);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      try {
        resolve({ code, results: parseRunnerResults(stdout), stderr });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

