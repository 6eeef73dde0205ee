import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OAuthDebugRun } from '../../shared/oauth-debugger.js';
import { freePort } from '../core/helpers.js';
import { startFixture, type OAuthFixture, type OAuthFixtureOptions } from '../core/oauth-fixture.js';
import { loupe } from './run-loupe.js';

const dataDir = () => ['--data-dir', mkdtempSync(join(tmpdir(), 'loupe-cli-auth-debug-'))];

describe('loupe auth-debug (built, against the fixture authorization server)', () => {
  let oauth: OAuthFixture | undefined;
  const serve = async (options: OAuthFixtureOptions = {}) => {
    oauth = await startFixture(options);
    return oauth.url;
  };
  afterEach(async () => {
    await oauth?.close();
    oauth = undefined;
  });

  it('runs the whole flow headless and prints each step with its checks; --fail-on warning makes warnings fail', async () => {
    const url = await serve({ revocation: true });
    const record = join(mkdtempSync(join(tmpdir(), 'loupe-cli-auth-debug-rec-')), 'record.jsonl');
    const json = await loupe(['auth-debug', '--url', url, '--authorize-with', 'http-get', '--version', '2025-11-25', '--json', '--record', record, ...dataDir()]);
    expect(json.code, json.stderr).toBe(0);
    const run = JSON.parse(json.stdout) as OAuthDebugRun;
    expect(run.version).toBe('2025-11-25');
    expect(run.status).toBe('done');
    expect(run.steps).toHaveLength(10);
    expect(run.counts.error).toBe(0);
    expect(oauth!.seen.revocations).toHaveLength(2);
    // The record holds the flow's exchanges, without a token in clear.
    const recorded = readFileSync(record, 'utf8');
    expect(recorded).toContain('/.well-known/oauth-authorization-server');
    for (const token of oauth!.seen.issued) expect(recorded).not.toContain(token);

    const text = await loupe(['auth-debug', '--url', url, '--authorize-with', 'http-get', '--fail-on', 'warning', ...dataDir()]);
    expect(text.code).toBe(5);
    expect(text.stdout).toContain('under MCP 2026-07-28');
    expect(text.stdout).toMatch(/^ 1\. ✓ Request without a token/m);
    expect(text.stdout).toMatch(/warning Dynamic Client Registration is deprecated in MCP 2026-07-28/);
    expect(text.stdout).toMatch(/^Done\. Checks: 0 errors, [1-9]\d* warnings/m);
  });

  it('exits 5 when a check stops the flow (a wrong iss under 2026-07-28), 3 when the server cannot be reached, 2 on a bad version', async () => {
    const url = await serve({ iss: 'wrong' });
    const stopped = await loupe(['auth-debug', '--url', url, '--authorize-with', 'http-get', ...dataDir()]);
    expect(stopped.code).toBe(5);
    expect(stopped.stdout).toContain('Stopped at "Redirect back to Loupe (code, state, iss)"');
    expect(oauth!.seen.tokenGrants).toEqual([]);

    const unreachable = await loupe(['auth-debug', '--url', `http://127.0.0.1:${await freePort()}/mcp`, ...dataDir()]);
    expect(unreachable.code).toBe(3);
    expect(unreachable.stdout).toContain('could not be reached');

    const bad = await loupe(['auth-debug', '--url', url, '--version', '2024-11-05']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--version must be one of 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28');
    expect((await loupe(['auth-debug', '--help'])).stdout).toContain('Usage: loupe auth-debug <server>');
  });
});
