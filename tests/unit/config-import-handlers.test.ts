import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigStore } from '../../main/core/config/config-store.js';
import { importHandlers } from '../../main/core/config/import/import-handlers.js';

let dataDir: string;
let store: ConfigStore;
let changes: number;
let handlers: ReturnType<typeof importHandlers>;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-import-handlers-'));
  store = (await ConfigStore.open(dataDir, () => {})).store;
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
    await expect(handlers['config.import']({ items: 'x' } as never)).rejects.toThrow('The parameter "items" must be a list.');
    await expect(handlers['config.import']({ items: [{ name: 'a' }], values: {} } as never)).rejects.toThrow('Item 1 has no config.');
    await expect(handlers['config.import']({ items: [], values: { a: 1 } } as never)).rejects.toThrow('The parameter "values" must map variable ids to text.');
    await expect(
      handlers['config.import']({ items: [{ name: 'a', config: {}, variables: [{ id: 'env:X', kind: 'shell', name: 'X' }] }], values: {} } as never),
    ).rejects.toThrow('Item 1 has a variable that is not {id, kind, name}.');
    await expect(handlers['config.discoverImports']({ projectDir: 'relative/dir' })).rejects.toThrow('The project folder must be a full path.');
    await expect(handlers['config.parseImportSnippet']({ text: 5 } as never)).rejects.toThrow('The parameter "text" must be text.');
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
});
