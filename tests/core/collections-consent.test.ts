import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedText, startCore, startEverythingHttp, type TestCore } from './helpers.js';

/**
 * A collection is someone else's repository: it may read the person's environment variables and
 * secrets and start commands only once the person has seen what goes where (issue 38, finding 1).
 */
const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

function write(dir: string, file: string, text: string): void {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
}

const TOKEN = 'env-token-8f3a91c2d7';
const SECRET = 'keychain-secret-55b0e4a1';

/** An HTTP server that keeps every request it gets: nothing may reach it without consent. */
async function catcher(): Promise<{ url: string; seen: string[]; close(): void }> {
  const seen: string[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    seen.push(`${request.method} ${request.url} ${JSON.stringify(request.headers)}`);
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, seen, close: () => server.close() };
}

describe('a collection asks before it reads a variable or secret, or starts a command', () => {
  let test: TestCore;
  let catching: Awaited<ReturnType<typeof catcher>>;
  const marker = join(temp('loupe-consent-marker-'), 'ran');

  beforeAll(async () => {
    process.env.LOUPE_CONSENT_TOKEN = TOKEN;
    test = await startCore();
    catching = await catcher();
  });

  afterAll(async () => {
    delete process.env.LOUPE_CONSENT_TOKEN;
    catching?.close();
    await test?.core.dispose();
  });

  function hostile(): string {
    const dir = temp('loupe-consent-');
    const touch = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`;
    write(
      dir,
      'collection.yaml',
      [
        'loupe: 1',
        'name: Stranger',
        'servers:',
        '  catcher:',
        `    url: "${catching.url}?key={{env:LOUPE_CONSENT_TOKEN}}"`,
        '    headers:',
        '      Authorization: "Bearer {{secret:api-token}}"',
        '  local:',
        `    command: ${JSON.stringify(process.execPath)}`,
        `    args: ["-e", ${JSON.stringify(touch)}]`,
        '',
      ].join('\n'),
    );
    write(dir, 'steal.yaml', 'server: catcher\ntool: echo\narguments:\n  message: "{{env:LOUPE_CONSENT_TOKEN}}"\n');
    write(dir, 'local.yaml', 'server: local\ntool: echo\n');
    return dir;
  }

  it('names each variable and secret with where it goes, and each command, and sends and starts nothing until allowed', async () => {
    const dir = hostile();
    const view = await test.core.handlers['collections.open']({ dir });
    await test.core.handlers['collections.setSecret']({ collectionId: view.id, name: 'api-token', value: SECRET });
    const consent = await test.core.handlers['collections.consent']({ collectionId: view.id });
    expect(consent).toMatchObject({ needed: true, granted: false, collection: 'Stranger' });
    expect(consent.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(consent.commands).toEqual([{ server: 'local', command: `${process.execPath} -e require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')` }]);
    const catcherLabel = `catcher (${catching.url}?key={{env:LOUPE_CONSENT_TOKEN}})`;
    expect(consent.reads).toEqual([
      { kind: 'env', name: 'LOUPE_CONSENT_TOKEN', sentTo: [catcherLabel] },
      { kind: 'secret', name: 'api-token', sentTo: [catcherLabel] },
    ]);
    // No value is in what the window is told.
    expect(JSON.stringify(consent)).not.toContain(TOKEN);
    expect(JSON.stringify(consent)).not.toContain(SECRET);

    await expect(test.core.handlers['collections.run']({ collectionId: view.id })).rejects.toMatchObject({ code: 'consent-needed' });
    await expect(test.core.handlers['collections.run']({ collectionId: view.id })).rejects.toThrow(
      /"Stranger" has not been allowed to run here yet: it would start ".*"; send the environment variable LOUPE_CONSENT_TOKEN to catcher .*; send the secret "api-token" to catcher .*\. Allow it first\./,
    );
    await expect(test.core.handlers['collections.prepareServers']({ collectionId: view.id })).rejects.toMatchObject({ code: 'consent-needed' });
    expect(catching.seen).toEqual([]);
    expect(existsSync(marker)).toBe(false);
    expect((await test.core.handlers['servers.list']()).filter((server) => server.name.startsWith('Stranger'))).toEqual([]);
  }, 30_000);

  it('a stale answer is refused; an answer is remembered for the folder and content, and asked again when either changes', async () => {
    const dir = hostile();
    const view = await test.core.handlers['collections.open']({ dir });
    const first = await test.core.handlers['collections.consent']({ collectionId: view.id });
    await expect(test.core.handlers['collections.allow']({ collectionId: view.id, hash: '0'.repeat(64), remember: true })).rejects.toMatchObject({ code: 'consent-changed' });
    await test.core.handlers['collections.allow']({ collectionId: view.id, hash: first.hash, remember: true });
    expect((await test.core.handlers['collections.consent']({ collectionId: view.id })).granted).toBe(true);

    // Remembered: a new core on the same data folder knows the answer.
    const again = await startCore({ dataDir: test.dataDir });
    try {
      const reopened = await again.core.handlers['collections.open']({ dir });
      expect(await again.core.handlers['collections.consent']({ collectionId: reopened.id })).toMatchObject({ granted: true, hash: first.hash });
    } finally {
      await again.core.dispose();
    }
    expect(JSON.parse(readFileSync(join(test.dataDir, 'collection-consent.json'), 'utf8'))).toMatchObject({ version: 1 });

    // A request that reads something new asks again.
    write(dir, 'more.yaml', 'server: catcher\ntool: echo\narguments:\n  "{{env:HOME}}": x\n');
    const more = await test.core.handlers['collections.consent']({ collectionId: view.id });
    expect(more.granted).toBe(false);
    expect(more.reads.map((read) => read.name)).toContain('HOME');

    // So does a changed server definition that reads nothing new.
    write(dir, 'more.yaml', 'server: catcher\ntool: echo\n');
    expect((await test.core.handlers['collections.consent']({ collectionId: view.id })).granted).toBe(true);
    write(dir, 'collection.yaml', readFileSync(join(dir, 'collection.yaml'), 'utf8').replace('/mcp?key', '/other?key'));
    expect((await test.core.handlers['collections.consent']({ collectionId: view.id })).granted).toBe(false);

    // The same content in another folder is another collection.
    const copy = hostile();
    const copyView = await test.core.handlers['collections.open']({ dir: copy });
    expect((await test.core.handlers['collections.consent']({ collectionId: copyView.id })).granted).toBe(false);
  }, 30_000);

  it('a collection that starts nothing and reads nothing runs without asking', async () => {
    const dir = temp('loupe-consent-plain-');
    write(dir, 'collection.yaml', `loupe: 1\nname: Plain\nservers:\n  api:\n    url: "{{base}}/mcp"\nvariables:\n  base: "${catching.url.replace('/mcp', '')}"\n`);
    write(dir, 'ping.yaml', 'tool: echo\n');
    const view = await test.core.handlers['collections.open']({ dir });
    expect(await test.core.handlers['collections.consent']({ collectionId: view.id })).toMatchObject({ needed: false, granted: true, commands: [], reads: [] });
  });

  it('a secret is the collection’s own: another folder that names it does not get its value', async () => {
    const mine = hostile();
    const theirs = temp('loupe-consent-theirs-');
    write(theirs, 'collection.yaml', `loupe: 1\nname: Theirs\nservers:\n  catcher:\n    url: "${catching.url}"\n    headers:\n      X-Key: "{{secret:api-token}}"\n`);
    write(theirs, 'ping.yaml', 'tool: echo\n');
    const mineView = await test.core.handlers['collections.open']({ dir: mine });
    const theirsView = await test.core.handlers['collections.open']({ dir: theirs });
    await test.core.handlers['collections.setSecret']({ collectionId: mineView.id, name: 'api-token', value: SECRET });
    expect((await test.core.handlers['collections.secrets']({ collectionId: mineView.id }))[0]).toMatchObject({ name: 'api-token', inKeychain: true });
    expect((await test.core.handlers['collections.secrets']({ collectionId: theirsView.id }))[0]).toMatchObject({ name: 'api-token', inKeychain: false });
    const consent = await test.core.handlers['collections.consent']({ collectionId: theirsView.id });
    await test.core.handlers['collections.allow']({ collectionId: theirsView.id, hash: consent.hash, remember: false });
    const report = await test.core.handlers['collections.run']({ collectionId: theirsView.id });
    expect(report.requests[0]?.error).toContain('The secret "api-token" ({{secret:api-token}}) is neither in the keychain nor in LOUPE_SECRET_API_TOKEN.');
    expect(catching.seen).toEqual([]);
  }, 30_000);

  it('a secret may not go into a URL or command, and a written ${env:…} is refused', async () => {
    const dir = temp('loupe-consent-places-');
    write(dir, 'collection.yaml', `loupe: 1\nname: Places\nservers:\n  api:\n    url: "${catching.url}?k={{secret:api-token}}"\n  raw:\n    url: "${catching.url}?k=\${env:LOUPE_CONSENT_TOKEN}"\n`);
    write(dir, 'a.yaml', 'server: api\ntool: echo\n');
    write(dir, 'b.yaml', 'server: raw\ntool: echo\n');
    const view = await test.core.handlers['collections.open']({ dir });
    await test.core.handlers['collections.setSecret']({ collectionId: view.id, name: 'api-token', value: SECRET });
    const consent = await test.core.handlers['collections.consent']({ collectionId: view.id });
    await test.core.handlers['collections.allow']({ collectionId: view.id, hash: consent.hash, remember: false });
    const report = await test.core.handlers['collections.run']({ collectionId: view.id });
    expect(report.requests.map((request) => request.error)).toEqual([
      expect.stringContaining("{{secret:api-token}} may not be in a server's URL: put a secret in a header or an environment variable of the server"),
      expect.stringContaining('holds "${env:…}"'),
    ]);
    expect(catching.seen).toEqual([]);
  }, 30_000);
});

describe('what an allowed run keeps: references in servers.json, no value in any export', () => {
  let test: TestCore;
  let http: Awaited<ReturnType<typeof startEverythingHttp>>;

  beforeAll(async () => {
    process.env.LOUPE_CONSENT_TOKEN = TOKEN;
    test = await startCore();
    http = await startEverythingHttp('streamableHttp');
  }, 30_000);

  afterAll(async () => {
    delete process.env.LOUPE_CONSENT_TOKEN;
    http?.stop();
    await test?.core.dispose();
  });

  it('the values go out once allowed, and servers.json, the export and the HAR hold none of them', async () => {
    const dir = temp('loupe-consent-kept-');
    write(
      dir,
      'collection.yaml',
      `loupe: 1\nname: Kept\nservers:\n  api:\n    url: "http://127.0.0.1:${http.port}/mcp?key={{env:LOUPE_CONSENT_TOKEN}}"\n    headers:\n      X-Api-Key: "tok {{secret:api-token}}"\n`,
    );
    write(dir, 'echo.yaml', `tool: echo\narguments:\n  message: "{{env:LOUPE_CONSENT_TOKEN}} and {{secret:api-token}}"\nchecks:\n  - path: /content/0/text\n    contains: "${TOKEN}"\n`);
    const view = await test.core.handlers['collections.open']({ dir });
    await test.core.handlers['collections.setSecret']({ collectionId: view.id, name: 'api-token', value: SECRET });
    const consent = await test.core.handlers['collections.consent']({ collectionId: view.id });
    await test.core.handlers['collections.allow']({ collectionId: view.id, hash: consent.hash, remember: false });
    const report = await test.core.handlers['collections.run']({ collectionId: view.id });
    expect(report.totals).toMatchObject({ requests: 1, passed: 1 });

    const servers = readFileSync(join(test.dataDir, 'servers.json'), 'utf8');
    expect(servers).toContain('?key=${env:LOUPE_CONSENT_TOKEN}');
    expect(servers).not.toContain(TOKEN);
    expect(servers).not.toContain(SECRET);

    const exported = await exportedText(test.core);
    expect(exported).toContain('echo');
    expect(exported).not.toContain(TOKEN);
    expect(exported).not.toContain(SECRET);
    const har = JSON.stringify(await test.core.handlers['traffic.exportHar']());
    expect(har).toContain('/mcp?key=');
    expect(har).not.toContain(TOKEN);
    expect(har).not.toContain(SECRET);
  }, 60_000);
});
