import { describe, expect, it } from 'vitest';
import { runConformance } from './run-runner.js';

/** The non-auth scenarios by name, so a suite that stopped listing them would not pass unnoticed. */
const CORE_SCENARIOS = ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry'];

describe('the official MCP conformance suite (client scenarios) against the loupe CLI', () => {
  it('passes every non-draft client scenario, the OAuth ones among them', async () => {
    const { code, results, stderr } = await runConformance([]);
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
