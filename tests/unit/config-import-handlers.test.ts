import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigStore } from '../../main/core/config/config-store.js';
import { importHandlers } from '../../main/core/config/import/import-handlers.js';
import { MemorySecretStore } from '../../main/core/secrets/secret-store.js';
import { dispatchRequest } from '../../main/core/dispatch.js';
import type { RequestHandlers } from '../../shared/contract.js';

let dataDir: string;
let store: ConfigStore;
let changes: number;
let handlers: ReturnType<typeof importHandlers>;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-import-handlers-'));
  store = (await ConfigStore.open(dataDir, () => {}, new MemorySecretStore())).store;
  changes = 0;
  handlers = importHandlers(store, () => {
    changes += 1;
  });
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('import handlers', () => {
  it('refuses malformed params with one sentence each', async () => {
    // Through dispatch, as the bridges call: the contract's schemas answer first.
    const call = async (name: string, params: unknown) => {
      const result = await dispatchRequest(handlers as unknown as RequestHandlers, name, params);
      return result.ok ? 'ok' : result.error.message;
    };
    expect(await call('config.import', { items: 'x', values: {} })).toMatch(/^Invalid parameters for config\.import: "items": /);
    expect(await call('config.import', { items: [{ name: 'a', variables: [] }], values: {} })).toMatch(/"items\[0\]\.config": must be an object/);
    expect(await call('config.import', { items: [], values: { a: 1 } })).toMatch(/"values\.a": /);
    expect(await call('config.import', { items: [{ name: 'a', config: {}, variables: [{ id: 'env:X', kind: 'shell', name: 'X', password: false }] }], values: {} })).toMatch(
      /"items\[0\]\.variables\[0\]\.kind": /,
    );
    expect(await call('config.import', { items: [{ name: 'a', config: {}, variables: [{ id: 'env:Y', kind: 'env', name: 'X', password: false }] }], values: {} })).toContain(
      "a variable's id is its kind and name",
    );
    await expect(handlers['config.discoverImports']({ projectDir: 'relative/dir' })).rejects.toThrow('The project folder must be a full path.');
    expect(await call('config.parseImportSnippet', { text: 5 })).toMatch(/^Invalid parameters for config\.parseImportSnippet: "text": /);
    expect(await call('config.parseImportSnippet', { text: 'x'.repeat(1_000_001) })).toContain('"text": is larger than 1 MB');
    await expect(handlers['config.exportSnippets']({ serverId: 'nope' })).rejects.toThrow('There is no server with id "nope".');
    expect(changes).toBe(0);
  });

  it('imports a pasted snippet into servers.json beside the existing servers', async () => {
    const before = store.list().map((server) => server.name);
    const source = await handlers['config.parseImportSnippet']({ text: '{"mcpServers":{"memory":{"command":"npx","args":["-y","@modelcontextprotocol/server-memory"]},"bad":{}}}' });
    expect(source.entries.map((entry) => [entry.name, entry.problem ?? null])).toEqual([
      ['memory', null],
      ['bad', '“bad” has neither a command nor a url.'],
    ]);
    const good = source.entries[0]!;
    // A junk transport (as a misbehaving window could send) is reported, not saved.
    const result = await handlers['config.import']({
      items: [
        { name: good.name, config: good.config!, variables: good.variables },
        { name: 'junk', config: { name: 'junk', transport: 'nope' } as never, variables: [] },
      ],
      values: {},
    });
    expect(result.added.map((server) => server.name)).toEqual(['memory']);
    expect(result.problems).toEqual(['“junk” was not imported: The transport is missing.']);
    expect(changes).toBe(1);
    const saved = JSON.parse(await readFile(path.join(dataDir, 'servers.json'), 'utf8')) as { servers: { name: string }[] };
    expect(saved.servers.map((server) => server.name)).toEqual([...before, 'memory']);
    const snippets = await handlers['config.exportSnippets']({ serverId: result.added[0]!.id });
    expect(snippets.find((snippet) => snippet.client === 'cursor')?.text).toContain('"@modelcontextprotocol/server-memory"');
  });

  it('keeps a value that looks like a key in the keychain by default, by name or by shape, not in servers.json (issue 24)', async () => {
    const text = '{"mcpServers":{"weather":{"command":"weather-mcp","env":{"WEATHER_KEY":"wk-123","UPSTREAM":"sk-proj-0123456789","UNITS":"metric"}}}}';
    const [entry] = (await handlers['config.parseImportSnippet']({ text })).entries;
    const env = entry!.config!.transport.type === 'stdio' ? entry!.config!.transport.env : [];
    expect(env.map((row) => [row.key, row.secret === true])).toEqual([
      ['WEATHER_KEY', true],
      ['UPSTREAM', true],
      ['UNITS', false],
    ]);
    await handlers['config.import']({ items: [{ name: entry!.name, config: entry!.config!, variables: entry!.variables }], values: {} });
    const saved = await readFile(path.join(dataDir, 'servers.json'), 'utf8');
    expect(saved).not.toContain('wk-123');
    expect(saved).not.toContain('sk-proj-0123456789');
    expect(saved).toContain('metric');
  });
});
