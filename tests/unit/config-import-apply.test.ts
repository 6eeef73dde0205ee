import { describe, expect, it } from 'vitest';
import type { ImportEntry, ImportSource } from '../../shared/config-import.js';
import type { ServerConfig, ServerConfigInput } from '../../shared/server-config.js';
import { applyImport, freeName, type ServerList } from '../../main/core/config/import/apply-import.js';
import { readPastedSnippet, type DiscoveryPlace } from '../../main/core/config/import/discover.js';
import { exportSnippets } from '../../main/core/config/import/export-snippets.js';

const place: DiscoveryPlace = { home: '/home/me', platform: 'linux', environment: { HOME_TOKEN: 'env-token' } };

function paste(text: string, existing: ServerConfig[] = []): ImportSource {
  return readPastedSnippet(text, place, existing);
}

function memoryList(initial: ServerConfig[] = []): ServerList & { servers: ServerConfig[] } {
  const list = {
    servers: [...initial],
    list: () => list.servers,
    add: async (input: ServerConfigInput) => {
      const server = { id: `id-${list.servers.length + 1}`, ...input };
      list.servers.push(server);
      return server;
    },
  };
  return list;
}

function item(entry: ImportEntry) {
  if (!entry.config) throw new Error(`entry ${entry.name} has a problem: ${entry.problem}`);
  return { name: entry.name, config: entry.config, variables: entry.variables };
}

describe('pasted snippets', () => {
  it('takes every client shape, a bare map and a single server', () => {
    expect(paste('{"mcpServers":{"a":{"command":"npx","args":["-y","x"]}}}').entries.map((e) => e.name)).toEqual(['a']);
    expect(paste('{"servers":{"b":{"type":"http","url":"https://x.test/mcp"}}}').entries[0]?.config?.transport.type).toBe('streamable-http');
    expect(paste('{"mcp":{"servers":{"c":{"command":"uvx"}}}}').entries[0]?.name).toBe('c');
    expect(paste('[mcp_servers.d]\ncommand = "npx"\nargs = ["-y", "d"]\n').entries[0]?.config?.transport).toMatchObject({ command: 'npx', args: ['-y', 'd'] });
    expect(paste('{"e": {"command": "node", "args": ["e.js"]}, "f": {"serverUrl": "https://f.test/sse"}}').entries.map((e) => [e.name, e.config?.transport.type])).toEqual([
      ['e', 'stdio'],
      ['f', 'sse'],
    ]);
    expect(paste('{"name": "g", "command": "node"}').entries[0]?.name).toBe('g');
    expect(paste('{"command": "node"}').entries[0]?.name).toBe('Imported server');
  });

  it('turns each variable form into one the UI asks for', () => {
    const entry = paste(
      '{"servers":{"s":{"command":"node","args":["${input:dir}","${env:HOME_TOKEN}","${PLAIN:-fallback}"]}},"inputs":[{"id":"dir","type":"promptString","description":"A folder"}]}',
    ).entries[0]!;
    // VS Code's shape uses VS Code's syntax: ${PLAIN:-fallback} is literal there.
    expect(entry.config?.transport).toMatchObject({ args: ['${input:dir}', '${env:HOME_TOKEN}', '${PLAIN:-fallback}'] });
    expect(entry.variables.map((v) => [v.id, v.inEnvironment ?? null, v.description ?? null])).toEqual([
      ['input:dir', null, 'A folder'],
      ['env:HOME_TOKEN', true, null],
    ]);
    const generic = paste('{"mcpServers":{"s":{"command":"node","args":["${input:dir}","${PLAIN:-fallback}"]}}}').entries[0]!;
    expect(generic.variables.map((v) => [v.id, v.default ?? null])).toEqual([
      ['input:dir', null],
      ['env:PLAIN', 'fallback'],
    ]);
  });

  it('reports bad text in one sentence', () => {
    expect(paste('{"mcpServers": {').problem).toMatch(/^The snippet was not imported because it is not valid JSON \(.*line 1, column \d+\)\.$/);
    expect(paste('   ').problem).toBe('The snippet was not imported because it is empty.');
    expect(paste('[1, 2]').problem).toBe('The snippet was not imported because it is not a JSON object of servers.');
    expect(paste('{}').problem).toBe('The snippet was not imported because it holds no servers.');
  });
});

describe('applyImport', () => {
  it('adds servers, suffixes taken names and keeps existing ones unchanged', async () => {
    const existing: ServerConfig = { id: 'x', name: 'memory', transport: { type: 'stdio', command: 'old', args: [], env: [] } };
    const list = memoryList([existing]);
    const entries = paste('{"mcpServers":{"memory":{"command":"npx","args":["-y","@modelcontextprotocol/server-memory"]},"Memory (2)":{"command":"y"}}}').entries;
    const result = await applyImport({ items: [...entries.map(item), item(entries[0]!)], values: {} }, list, {});
    expect(result.problems).toEqual([]);
    expect(list.servers[0]).toEqual(existing);
    expect(list.servers.map((s) => s.name)).toEqual(['memory', 'memory (2)', 'Memory (2) (2)', 'memory (3)']);
    expect(result.renamed).toEqual([
      { from: 'memory', to: 'memory (2)' },
      { from: 'Memory (2)', to: 'Memory (2) (2)' },
      { from: 'memory', to: 'memory (3)' },
    ]);
    expect(freeName('fresh', new Set(['other']))).toBe('fresh');
  });

  it('fills variables from typed values, then defaults; one the environment has stays a reference, read at connect time (Low 4); reports the rest', async () => {
    const entry = paste(
      '{"mcpServers":{"s":{"type":"http","url":"${BASE:-https://api.test}/mcp","headers":{"Authorization":"Bearer ${env:HOME_TOKEN}","X-Team":"${input:team}","X-Api-Key":"${input:key}"}}}}',
    ).entries[0]!;
    const list = memoryList();
    const result = await applyImport({ items: [item(entry)], values: { 'input:team': 'blue', 'input:key': '' } }, list, { HOME_TOKEN: 'env-token' });
    expect(list.servers[0]?.transport).toEqual({
      type: 'streamable-http',
      url: 'https://api.test/mcp',
      headers: [
        { key: 'Authorization', value: 'Bearer ${env:HOME_TOKEN}', secret: true },
        { key: 'X-Team', value: 'blue' },
        { key: 'X-Api-Key', value: '${input:key}', secret: true },
      ],
    });
    expect(result.unresolved).toEqual(['“s” still refers to key, which had no value: edit the server before connecting.']);
  });

  it('skips an entry that is invalid once filled, and says which variable it needs', async () => {
    const entry = paste('{"mcpServers":{"remote":{"url":"https://${input:host}/mcp"}}}').entries[0]!;
    const list = memoryList();
    const result = await applyImport({ items: [item(entry)], values: {} }, list, {});
    expect(list.servers).toEqual([]);
    expect(result.problems).toEqual(['“remote” was not imported: "https://${input:host}/mcp" is not a valid URL. It needs a value for host.']);
  });
});

describe('export snippets', () => {
  const stdio: ServerConfig = {
    id: '1',
    name: 'files',
    transport: {
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
      env: [
        { key: 'LOG', value: 'debug' },
        { key: 'API_KEY', value: 'sk-live-123', secret: true },
      ],
    },
  };
  const remote: ServerConfig = {
    id: '2',
    name: 'remote',
    transport: { type: 'streamable-http', url: 'https://api.test/mcp', headers: [{ key: 'Authorization', value: 'Bearer sk-live-456', secret: true }, { key: 'X-Team', value: 'blue' }] },
  };

  it('round-trips every client snippet through the importer, secrets as variables that never appear', async () => {
    for (const server of [stdio, remote]) {
      for (const snippet of exportSnippets(server)) {
        if (!snippet.text) {
          expect(snippet.note, `${snippet.client} gives a reason`).toMatch(/\.$/);
          continue;
        }
        expect(snippet.text).not.toContain('sk-live');
        const entries = paste(snippet.text).entries;
        expect(entries, snippet.client).toHaveLength(1);
        const list = memoryList();
        const secret = server === stdio ? 'sk-live-123' : 'Bearer sk-live-456';
        // The typed value of every variable is the secret itself, as a user would fill it in.
        const values = Object.fromEntries(entries[0]!.variables.map((v) => [v.id, v.name.includes('AUTHORIZATION') || v.name.includes('authorization') ? secret : 'sk-live-123']));
        const result = await applyImport({ items: [item(entries[0]!)], values }, list, {});
        expect(result.problems, snippet.client).toEqual([]);
        const { id: _id, ...expected } = server;
        const imported = list.servers[0]!;
        expect(imported.name, snippet.client).toBe(expected.name);
        if (snippet.client === 'claude-desktop') {
          // No variable syntax: the secret is a visible placeholder for the user to replace.
          expect(JSON.stringify(imported.transport)).toContain('<API_KEY>');
          continue;
        }
        const sortPairs = (transport: ServerConfig['transport']) =>
          transport.type === 'stdio'
            ? { ...transport, env: [...transport.env].sort((a, b) => a.key.localeCompare(b.key)) }
            : { ...transport, headers: [...transport.headers].sort((a, b) => a.key.localeCompare(b.key)) };
        expect(sortPairs(imported.transport), snippet.client).toEqual(sortPairs(expected.transport));
      }
    }
  });

  it('says why a client cannot take a server', () => {
    const sse: ServerConfig = { id: '3', name: 'old', transport: { type: 'sse', url: 'https://old.test/sse', headers: [] } };
    const byClient = Object.fromEntries(exportSnippets(sse).map((s) => [s.client, s]));
    expect(byClient.codex?.text).toBeUndefined();
    expect(byClient.codex?.note).toMatch(/Streamable HTTP only/);
    expect(byClient['claude-desktop']?.note).toMatch(/local commands only/);
    expect(byClient.gemini?.text).toContain('"url": "https://old.test/sse"');
  });
});
