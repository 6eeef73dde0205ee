import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const RUNNER = fileURLToPath(new URL('./run-conformance.mjs', import.meta.url));

interface ScenarioResult {
  name: string;
  tags: string[];
  pass: boolean;
  reason: string;
}

function runConformance(): Promise<{ code: number | null; results: ScenarioResult[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, results: stdout.trim() ? (JSON.parse(stdout) as ScenarioResult[]) : [], stderr }));
  });
}

/** The scenarios Loupe must pass today; the auth/* ones wait for OAuth in the core and are reported below. */
const MUST_PASS = ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry'];

describe('the official MCP conformance suite (client scenarios) against the loupe CLI', () => {
  it('passes the non-auth scenarios and reports every auth scenario with its reason', async () => {
    const { code, results, stderr } = await runConformance();
    expect(stderr).not.toMatch(/^conformance:/m);
    for (const result of results) console.log(`${result.pass ? 'PASS' : 'FAIL'}  ${result.name}  ${result.reason}`);

    const names = results.map((result) => result.name);
    expect(names).toEqual(expect.arrayContaining(MUST_PASS));
    expect(results.every((result) => !result.tags.includes('draft'))).toBe(true);
    for (const name of MUST_PASS) expect(results.find((result) => result.name === name), name).toMatchObject({ pass: true });

    const others = results.filter((result) => !MUST_PASS.includes(result.name));
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((result) => result.name.startsWith('auth/') && result.reason.length > 0)).toBe(true);
    expect(code).toBe(results.every((result) => result.pass) ? 0 : 1);
  }, 900_000);
});
