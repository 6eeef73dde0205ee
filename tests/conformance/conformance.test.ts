import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRunnerResults, type ScenarioResult } from './runner-results.js';

const RUNNER = fileURLToPath(new URL('./run-conformance.mjs', import.meta.url));

/** The runner's own limit: a hung scenario or install ends the run (and fails the test) instead of hanging it. */
const RUN_LIMIT_MS = 840_000;

function runConformance(): Promise<{ code: number | null; results: ScenarioResult[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
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

/** The non-auth scenarios by name, so a suite that stopped listing them would not pass unnoticed. */
const CORE_SCENARIOS = ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry'];

describe('the official MCP conformance suite (client scenarios) against the loupe CLI', () => {
  it('passes every non-draft client scenario, the OAuth ones among them', async () => {
    const { code, results, stderr } = await runConformance();
    expect(stderr).not.toMatch(/^conformance:/m);
    for (const result of results) console.log(`${result.pass ? 'PASS' : 'FAIL'}  ${result.name}  ${result.reason}`);

    const names = results.map((result) => result.name);
    expect(names).toEqual(expect.arrayContaining(CORE_SCENARIOS));
    expect(names.filter((name) => name.startsWith('auth/')).length).toBeGreaterThanOrEqual(15);
    expect(results.every((result) => !result.tags.includes('draft'))).toBe(true);
    expect(results.filter((result) => !result.pass).map((result) => `${result.name}: ${result.reason}`)).toEqual([]);
    expect(code).toBe(0);
  }, 900_000);
});
