import { describe, expect, it } from 'vitest';
import { runConformance } from './run-runner.js';

/**
 * The scenarios checked through the proxy. The other auth/* scenarios publish protected-resource metadata
 * (RFC 9728); the proxy now names itself there (main/proxy/resource-discovery.ts, tested with the OAuth
 * fixture in tests/cli/proxy-http.test.ts), but they have not been run through it yet.
 */
const THROUGH_PROXY = ['initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry', 'auth/2025-03-26-oauth-metadata-backcompat', 'auth/2025-03-26-oauth-endpoint-fallback'];

describe('the official MCP conformance suite (client scenarios) through loupe proxy --http', () => {
  it('passes with the proxy between the loupe CLI and each scenario\'s server', async () => {
    const { code, results, stderr } = await runConformance(['--via-proxy', ...THROUGH_PROXY.flatMap((name) => ['--only', name])]);
    expect(stderr).not.toMatch(/^conformance:/m);
    for (const result of results) console.log(`${result.pass ? 'PASS' : 'FAIL'}  ${result.name}  ${result.reason}`);
    expect(results.map((result) => result.name).sort()).toEqual([...THROUGH_PROXY].sort());
    expect(results.filter((result) => !result.pass).map((result) => `${result.name}: ${result.reason}`)).toEqual([]);
    expect(code).toBe(0);
  }, 900_000);
});
