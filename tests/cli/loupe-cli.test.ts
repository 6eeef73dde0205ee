import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrafficFile } from '../../renderer/src/features/traffic/traffic-files.js';
import { EVERYTHING_ENTRY, FIXTURE_SERVER, startEverythingHttp } from '../core/helpers.js';
import { loupe } from './run-loupe.js';
// @ts-expect-error a plain .mjs fixture without types
import { MACHINE_CLIENT, startOAuthFixture } from '../fixtures/oauth-server.mjs';

const emptyDataDir = () => mkdtempSync(join(tmpdir(), 'loupe-cli-data-'));
const everything = ['--', process.execPath, EVERYTHING_ENTRY, 'stdio'];

describe('loupe CLI (built, against real servers)', () => {
  it('calls a tool with --json and prints the result as the server sent it', async () => {
    const run = await loupe(['tools', 'call', 'echo', '--args', '{"message":"hello from the CLI"}', '--json', '--data-dir', emptyDataDir(), ...everything]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ content: [{ type: 'text', text: 'Echo: hello from the CLI' }] });
  });

  it('lists the servers of a data folder by name, and connects to one of them by name', async () => {
    const dataDir = emptyDataDir();
    const server = { id: 'srv-1', name: 'Everything', transport: { type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'], env: [] } };
    writeFileSync(join(dataDir, 'servers.json'), JSON.stringify({ version: 1, servers: [server] }));
    const listed = await loupe(['servers', '--json', '--data-dir', dataDir]);
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as Array<{ id: string; name: string }>).map((item) => [item.id, item.name])).toEqual([['srv-1', 'Everything']]);

    const tools = await loupe(['tools', 'list', '--server', 'everything', '--data-dir', dataDir]);
    expect(tools.code).toBe(0);
    expect(tools.stdout).toMatch(/^echo\s+Echoes back the input string$/m);
    // The CLI works on a copy: the app's folder is left as it was, without a lock or new files.
    expect(JSON.parse(readFileSync(join(dataDir, 'servers.json'), 'utf8'))).toEqual({ version: 1, servers: [server] });
  });

  it('exits 2 on a usage error, 3 when the server cannot be reached, 1 when the call fails or the tool returns isError', async () => {
    const usage = await loupe(['tools', 'call']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Name a server|needs a tool name/);

    const badJson = await loupe(['tools', 'call', 'echo', '--args', '{not json', ...everything]);
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toContain('--args is not valid JSON');

    const unreachable = await loupe(['tools', 'list', '--data-dir', emptyDataDir(), '--', 'loupe-no-such-command-here']);
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toContain('Command not found');

    const isError = await loupe(['tools', 'call', 'no-such-tool', '--json', '--data-dir', emptyDataDir(), ...everything]);
    expect(isError.code).toBe(1);
    expect(isError.stderr).toContain('returned an error (isError: true)');
    expect(JSON.parse(isError.stdout)).toMatchObject({ isError: true });

    const failed = await loupe(['prompts', 'get', 'anything', '--json', '--data-dir', emptyDataDir(), '--', process.execPath, FIXTURE_SERVER]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('Getting the prompt "anything" failed');
    expect(JSON.parse(failed.stdout)).toMatchObject({ error: { exitCode: 1, failure: { message: expect.any(String) } } });
  });

  it('Medium 1: --args nested 10,000 levels deep fails with a sentence, as in the app', async () => {
    const depth = 10_000;
    const deep = `{"message":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    const run = await loupe(['tools', 'call', 'echo', '--args', deep, '--data-dir', emptyDataDir(), ...everything]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--args nests more than 1,000 levels deep; Loupe takes at most 1,000, as the app does.');
  });

  it('--record writes the session as JSON Lines that the app imports', async () => {
    const record = join(emptyDataDir(), 'session.jsonl');
    const run = await loupe(['tools', 'call', 'echo', '--args', '{"message":"recorded"}', '--record', record, '--data-dir', emptyDataDir(), ...everything]);
    expect(run.code).toBe(0);
    const imported = await parseTrafficFile(readFileSync(record, 'utf8'));
    expect(imported.errors).toEqual([]);
    const methods = imported.entries.map((entry) => entry.method);
    expect(methods).toContain('initialize');
    expect(methods).toContain('tools/call');
    const call = imported.entries.find((entry) => entry.method === 'tools/call' && entry.direction === 'out');
    expect(JSON.stringify(call?.message)).toContain('recorded');
  });

  it('Low 5: --record keeps no custom header value given with --header; a known non-secret header stays', async () => {
    const server = await startEverythingHttp('streamableHttp');
    try {
      const record = join(emptyDataDir(), 'session.jsonl');
      const secret = 'my-custom-header-secret-S';
      const run = await loupe([
        'tools', 'list', '--url', `http://127.0.0.1:${server.port}/mcp`, '--header', `X-My-Token: ${secret}`, '--header', 'X-Request-Id: trace-42',
        '--record', record, '--data-dir', emptyDataDir(),
      ]);
      expect(run.code).toBe(0);
      const text = readFileSync(record, 'utf8');
      expect(text).toContain('"x-my-token":"[redacted]"');
      expect(text).not.toContain(secret);
      expect(text).toContain('"x-request-id":"trace-42"');
    } finally {
      server.stop();
    }
  });

  it('answers elicitation from a --replies file (with the schema defaults), and declines with a message without one', async () => {
    const replies = join(emptyDataDir(), 'replies.json');
    writeFileSync(replies, JSON.stringify({ elicitation: { action: 'accept', content: { name: 'Ada' }, fillDefaults: true } }));
    const accepted = await loupe(['tools', 'call', 'trigger-elicitation-request', '--replies', replies, '--data-dir', emptyDataDir(), ...everything]);
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain('Name: Ada');
    expect(accepted.stdout).toContain('"integer": 42');

    const declined = await loupe(['tools', 'call', 'trigger-elicitation-request', '--data-dir', emptyDataDir(), ...everything]);
    expect(declined.code).toBe(0);
    expect(declined.stderr).toContain('no --replies file answers it, so it was declined');
    expect(declined.stdout).toContain('"action": "decline"');

    writeFileSync(replies, '{"elicitation": {"action": "maybe"}}');
    const bad = await loupe(['tools', 'list', '--replies', replies, ...everything]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"action" is not accept, decline or cancel');
  });

  describe('signing in with OAuth (the fixture authorization server)', () => {
    let fixture: { url: string; seen: { tokenGrants: Array<{ grant: string }> }; close(): Promise<void> };
    beforeAll(async () => {
      fixture = (await startOAuthFixture()) as typeof fixture;
    });
    afterAll(async () => {
      await fixture.close();
    });

    it('without --sign-in exits 3 and says how to sign in; with it runs the flow headless and calls the tool', async () => {
      const refused = await loupe(['tools', 'call', 'whoami', '--data-dir', emptyDataDir(), '--url', fixture.url]);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain('run again with --sign-in');
      // The window's wording ("use Sign in") names a button the command line does not have.
      expect(refused.stderr).not.toContain('Sign in');

      const record = join(emptyDataDir(), 'record.jsonl');
      const signedIn = await loupe(['tools', 'call', 'whoami', '--sign-in', '--authorize-with', 'http-get', '--record', record, '--data-dir', emptyDataDir(), '--url', fixture.url]);
      expect(signedIn.stderr).toContain('Signing in (OAuth)');
      expect(signedIn.code).toBe(0);
      expect(signedIn.stdout).toMatch(/client \S+ with scopes mcp/);
      expect(fixture.seen.tokenGrants.map((grant) => grant.grant)).toContain('authorization_code');
      // The record has the OAuth exchanges, and no token in clear.
      const text = readFileSync(record, 'utf8');
      expect(text).toContain('/token');
      expect(text).toContain('\\"access_token\\": \\"[redacted]\\"');
      expect(text).not.toMatch(/"access_token":\s*"[A-Za-z0-9_-]{20,}"/);
      expect(text).not.toMatch(/Bearer [A-Za-z0-9_-]{20,}/);
    });

    it('uses a client secret from the named environment variable for client credentials, and says when it is not set', async () => {
      const args = ['tools', 'call', 'whoami', '--sign-in', '--grant', 'client_credentials', '--client-id', MACHINE_CLIENT.id, '--client-secret-env', 'LOUPE_TEST_SECRET', '--data-dir', emptyDataDir(), '--url', fixture.url];
      const missing = await loupe(args, { LOUPE_TEST_SECRET: '' });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('LOUPE_TEST_SECRET, which is not set');

      const machine = await loupe(args, { LOUPE_TEST_SECRET: MACHINE_CLIENT.secret });
      expect(machine.code).toBe(0);
      expect(machine.stdout).toContain(`client ${MACHINE_CLIENT.id}`);
      expect(fixture.seen.tokenGrants.map((grant) => grant.grant)).toContain('client_credentials');
    });
  });
});
