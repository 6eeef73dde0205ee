import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverImports, readPastedSnippet, type DiscoveryPlace } from '../../main/core/config/import/discover.js';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'loupe-import-cline-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

async function plant(relative: string, text: string): Promise<string> {
  const file = path.join(home, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

const place = (extra: Partial<DiscoveryPlace> = {}): DiscoveryPlace => ({ home, platform: 'linux', environment: {}, ...extra });

describe('Cline and server.json imports', () => {
  it('reads Cline\'s settings from the VS Code extension\'s storage and the CLI\'s folder, with Cline\'s transport rules', async () => {
    await plant(
      '.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
      JSON.stringify({
        mcpServers: {
          files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { API_TOKEN: 'abc' }, autoApprove: ['read_file'], timeout: 120, disabled: true },
          legacy: { url: 'https://mcp.example.com/events' },
          modern: { url: 'https://mcp.example.com/mcp', type: 'streamableHttp', headers: { Authorization: 'Bearer x' } },
          old: { url: 'https://mcp.example.com/old', transportType: 'http' },
        },
      }),
    );
    await plant('.cline/data/settings/cline_mcp_settings.json', JSON.stringify({ mcpServers: { cli: { command: 'uvx', args: ['mcp-server-time'] } } }));
    const discovery = await discoverImports(place(), []);
    const vscode = discovery.sources.find((source) => source.label === 'Cline (VS Code)');
    const byName = new Map(vscode?.entries.map((entry) => [entry.name, entry]));
    expect(byName.get('files')).toMatchObject({ disabled: true, config: { transport: { type: 'stdio', command: 'npx', env: [{ key: 'API_TOKEN', value: 'abc', secret: true }] } } });
    expect(byName.get('files')?.notes).toEqual([
      'Cline approves one tool without asking; Loupe runs a tool only when you do.',
      'Cline waits 120 s for each call; set the server\'s call timeout in Loupe to match.',
    ]);
    // A bare url is SSE to Cline; streamableHttp and the legacy transportType "http" are Streamable HTTP.
    expect(byName.get('legacy')?.config?.transport.type).toBe('sse');
    expect(byName.get('modern')?.config?.transport).toMatchObject({ type: 'streamable-http', headers: [{ key: 'Authorization', value: 'Bearer x', secret: true }] });
    expect(byName.get('old')?.config?.transport.type).toBe('streamable-http');
    expect(discovery.sources.find((source) => source.label === 'Cline (CLI)')?.entries.map((entry) => entry.name)).toEqual(['cli']);
  });

  it('finds a project\'s server.json, and reads one pasted as a snippet', async () => {
    const project = path.join(home, 'work');
    const serverJson = { name: 'io.github.me/hello', title: 'Hello', version: '1.0.0', packages: [{ registryType: 'npm', identifier: 'hello-mcp', version: '1.0.0', transport: { type: 'stdio' } }] };
    await plant('work/server.json', JSON.stringify(serverJson));
    const discovery = await discoverImports(place({ projectDir: project }), []);
    const found = discovery.sources.find((source) => source.client === 'server-json');
    expect(found?.entries[0]).toMatchObject({ name: 'Hello', config: { transport: { command: 'npx', args: ['-y', 'hello-mcp@1.0.0'] } } });
    const pasted = readPastedSnippet(JSON.stringify({ ...serverJson, packages: [{ registryType: 'mcpb', identifier: 'https://example.com/hello.mcpb', transport: { type: 'stdio' } }] }), place(), []);
    expect(pasted.entries[0]?.problem).toBe('“Hello” is an MCP bundle (.mcpb), which is downloaded and installed by a client that supports bundles; Loupe runs commands and URLs only.');
  });
});
