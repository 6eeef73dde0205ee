import { describe, expect, it } from 'vitest';
import { runConformance } from './run-runner.js';

/**
 * The scenarios a reverse proxy can pass as it is. The other auth/* scenarios publish protected-resource
 * metadata (RFC 9728) that names the real server, which a client checks against the URL it was given
 * (the proxy's) and refuses, as it should: OAuth with a resource check does not go through a transparent
 * reverse proxy (see README, "loupe proxy").
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
