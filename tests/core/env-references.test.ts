/**
 * Low 4 of issue 25: a value that came from an environment variable was stored in clear in
 * servers.json and leaked into exports (a URL's query, a custom header). It now stays a reference,
 * read at connect time, and every value read is redacted wherever it appears in an export.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVERS_FILE } from '../../main/core/config/config-store.js';
import { exportedText, startCore, startEverythingHttp, type TestCore } from './helpers.js';

const TOKEN = 'Fake/Token+Value=42';

describe('Low 4: ${env:…} values stay references and never reach servers.json or an export', () => {
  let test: TestCore;
  let server: Awaited<ReturnType<typeof startEverythingHttp>>;
  beforeEach(async () => {
    process.env.FAKE_TOKEN = TOKEN;
    server = await startEverythingHttp('streamableHttp');
    test = await startCore();
  });
  afterEach(async () => {
    delete process.env.FAKE_TOKEN;
    await test.core.dispose();
    server.stop();
  });

  it("an imported VS Code mcp.json keeps the reference; connecting reads it; the export redacts it in the URL and in custom headers", async () => {
    const snippet = JSON.stringify({
      servers: {
        everything: {
          type: 'http',
          url: `http://127.0.0.1:${server.port}/mcp?t=\${env:FAKE_TOKEN}`,
          headers: { 'X-T': '${env:FAKE_TOKEN}', Authorization: 'Bearer ${env:FAKE_TOKEN}' },
        },
      },
    });
    const parsed = await test.core.handlers['config.parseImportSnippet']({ text: snippet });
    const entry = parsed.entries[0]!;
    const imported = await test.core.handlers['config.import']({ items: [{ name: entry.name, config: entry.config!, variables: entry.variables }], values: {} });
    expect(imported).toMatchObject({ problems: [], unresolved: [] });
    const added = imported.added[0]!;
    expect(added.transport).toMatchObject({ url: `http://127.0.0.1:${server.port}/mcp?t=\${env:FAKE_TOKEN}` });
    const saved = readFileSync(join(test.dataDir, SERVERS_FILE), 'utf8');
    expect(saved).toContain('${env:FAKE_TOKEN}');
    expect(saved).not.toContain(TOKEN);

    expect((await test.core.handlers['connections.connect']({ serverId: added.id })).status).toBe('connected');
    await test.core.handlers['tools.list']({ serverId: added.id });
    const headersSeen = (await test.traffic(added.id)).find((item) => item.kind === 'http')?.http?.requestHeaders ?? {};
    expect(headersSeen['x-t']).toBe('[redacted]');

    const exported = await exportedText(test.core);
    expect(exported).toContain(`/mcp?t=[redacted]`);
    expect(exported).not.toContain(TOKEN);
    expect(exported).not.toContain(encodeURIComponent(TOKEN));
    for (const line of exported.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('a reference whose variable is not set fails the connect with a sentence', async () => {
    const added = await test.core.handlers['servers.add']({
      name: 'needs a token',
      transport: { type: 'streamable-http', url: `http://127.0.0.1:${server.port}/mcp`, headers: [{ key: 'X-T', value: '${env:LOUPE_TEST_UNSET_VARIABLE}' }] },
    });
    await expect(test.core.handlers['connections.connect']({ serverId: added.id })).rejects.toThrow(
      "“needs a token” refers to $LOUPE_TEST_UNSET_VARIABLE, which is not set in Loupe's environment: set it before connecting, or edit the server.",
    );
  });
});
