import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportDiscovery, ImportEntry, ImportSource } from '../../shared/config-import.js';
import type { ServerConfig } from '../../shared/server-config.js';
import { discoverImports, type DiscoveryPlace } from '../../main/core/config/import/discover.js';
import { fitsTemplate } from '../../main/core/config/import/existing-match.js';

let home: string;
let project: string;

beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'loupe-import-home-'));
  project = path.join(home, 'work', 'app');
  await mkdir(project, { recursive: true });
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

async function plant(relative: string, text: string, base = home): Promise<string> {
  const file = path.join(base, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

function place(extra: Partial<DiscoveryPlace> = {}): DiscoveryPlace {
  return { home, platform: 'linux', environment: { GITHUB_TOKEN: 'from-env' }, projectDir: project, ...extra };
}

function source(discovery: ImportDiscovery, label: string): ImportSource {
  const found = discovery.sources.find((item) => item.label === label);
  if (!found) throw new Error(`No source "${label}" in ${discovery.sources.map((item) => item.label).join(', ')}`);
  return found;
}

function entry(from: ImportSource, name: string): ImportEntry {
  const found = from.entries.find((item) => item.name === name);
  if (!found) throw new Error(`No entry "${name}" in ${from.label}`);
  return found;
}

describe('discoverImports', () => {
  it('reads Claude Desktop on Linux, macOS and Windows paths, values taken literally', async () => {
    const config = JSON.stringify({
      mcpServers: {
        filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'] },
        github: { command: 'docker', args: ['run', '-i', '--rm', '-e', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_TOKEN}' } },
      },
      globalShortcut: 'Ctrl+Space',
    });
    const linux = await plant('.config/Claude/claude_desktop_config.json', config);
    const found = await discoverImports(place(), []);
    const claude = source(found, 'Claude Desktop');
    expect(claude.path).toBe(linux);
    expect(entry(claude, 'filesystem').config?.transport).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'],
      env: [],
    });
    const github = entry(claude, 'github');
    // Claude Desktop expands nothing: the value stays as written, no variable is invented.
    expect(github.variables).toEqual([]);
    expect(github.config?.transport).toMatchObject({ env: [{ key: 'GITHUB_PERSONAL_ACCESS_TOKEN', value: '${GITHUB_TOKEN}', secret: true }] });

    const mac = await plant('Library/Application Support/Claude/claude_desktop_config.json', config);
    expect(source(await discoverImports(place({ platform: 'darwin' }), []), 'Claude Desktop').path).toBe(mac);
    const windows = await plant('Roaming/Claude/claude_desktop_config.json', config);
    const onWindows = await discoverImports(place({ platform: 'win32', environment: { APPDATA: path.join(home, 'Roaming') } }), []);
    expect(source(onWindows, 'Claude Desktop').path).toBe(windows);
  });

  it('reads Claude Code: the project .mcp.json and ~/.claude.json user and per-project servers', async () => {
    await plant(
      '.mcp.json',
      JSON.stringify({
        mcpServers: {
          api: { type: 'http', url: '${API_BASE_URL:-https://api.example.com}/mcp', headers: { Authorization: 'Bearer ${API_KEY}' } },
          events: { type: 'sse', url: 'https://events.example.com/sse' },
        },
      }),
      project,
    );
    await plant(
      '.claude.json',
      JSON.stringify({
        numStartups: 12,
        mcpServers: { memory: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: {} } },
        projects: {
          '/home/me/site': { allowedTools: [], mcpServers: { playwright: { type: 'stdio', command: 'npx', args: ['@playwright/mcp@latest'] } } },
          '/home/me/empty': { allowedTools: [], mcpServers: {} },
        },
      }),
    );
    const found = await discoverImports(place(), []);
    const projectFile = source(found, 'Claude Code (project)');
    const api = entry(projectFile, 'api');
    expect(api.config?.transport).toEqual({
      type: 'streamable-http',
      url: '${env:API_BASE_URL}/mcp',
      headers: [{ key: 'Authorization', value: 'Bearer ${env:API_KEY}', secret: true }],
    });
    expect(api.variables).toEqual([
      { id: 'env:API_BASE_URL', kind: 'env', name: 'API_BASE_URL', password: false, inEnvironment: false, default: 'https://api.example.com' },
      { id: 'env:API_KEY', kind: 'env', name: 'API_KEY', password: false, inEnvironment: false },
    ]);
    expect(entry(projectFile, 'events').config?.transport.type).toBe('sse');
    expect(entry(source(found, 'Claude Code (user)'), 'memory').config?.transport).toMatchObject({ command: 'npx' });
    expect(entry(source(found, 'Claude Code (local: /home/me/site)'), 'playwright').config?.transport).toMatchObject({ args: ['@playwright/mcp@latest'] });
    expect(found.sources.some((item) => item.label.includes('/home/me/empty'))).toBe(false);
  });

  it('reads VS Code: workspace mcp.json with inputs, the user mcp.json, and settings.json with comments', async () => {
    await plant(
      '.vscode/mcp.json',
      `{
        // VS Code allows comments and trailing commas here
        "inputs": [{ "type": "promptString", "id": "perplexity-key", "description": "Perplexity API Key", "password": true }],
        "servers": {
          "Perplexity": { "type": "stdio", "command": "npx", "args": ["-y", "server-perplexity-ask"], "env": { "PERPLEXITY_API_KEY": "\${input:perplexity-key}" }, "envFile": "\${workspaceFolder}/.env" },
          "fetch": { "type": "stdio", "command": "uvx", "args": ["mcp-server-fetch"], "cwd": "\${workspaceFolder}/tools" },
          "github": { "type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": { "Authorization": "Bearer \${env:GITHUB_TOKEN}" } },
        },
      }`,
      project,
    );
    await plant('.config/Code/User/mcp.json', JSON.stringify({ servers: { time: { command: 'uvx', args: ['mcp-server-time'] } } }));
    await plant(
      '.config/Code/User/settings.json',
      `{ "editor.fontSize": 14, /* old style */ "mcp": { "servers": { "remote": { "type": "sse", "url": "http://localhost:8000/sse" } } } }`,
    );
    const found = await discoverImports(place(), []);
    const workspace = source(found, 'VS Code (workspace)');
    const perplexity = entry(workspace, 'Perplexity');
    expect(perplexity.variables).toEqual([{ id: 'input:perplexity-key', kind: 'input', name: 'perplexity-key', password: true, description: 'Perplexity API Key' }]);
    expect(perplexity.config?.transport).toMatchObject({ env: [{ key: 'PERPLEXITY_API_KEY', value: '${input:perplexity-key}', secret: true }] });
    expect(perplexity.notes[0]).toMatch(/envFile .* is not read/);
    expect(entry(workspace, 'fetch').config?.transport).toMatchObject({ cwd: `${project}/tools` });
    const github = entry(workspace, 'github');
    expect(github.variables).toEqual([{ id: 'env:GITHUB_TOKEN', kind: 'env', name: 'GITHUB_TOKEN', password: false, inEnvironment: true }]);
    expect(entry(source(found, 'VS Code (user)'), 'time').config?.transport.type).toBe('stdio');
    expect(entry(source(found, 'VS Code (user settings)'), 'remote').config?.transport).toEqual({ type: 'sse', url: 'http://localhost:8000/sse', headers: [] });
  });

  it('reads Cursor, Windsurf, Gemini CLI and Codex in their own shapes', async () => {
    await plant('.cursor/mcp.json', JSON.stringify({ mcpServers: { linear: { url: 'https://mcp.linear.app/sse' }, local: { command: 'node', args: ['${userHome}/mcp/server.js'], env: { TOKEN: '${env:MY_TOKEN}' } } } }));
    await plant('.codeium/windsurf/mcp_config.json', JSON.stringify({ mcpServers: { remote: { serverUrl: 'https://example.com/mcp', headers: { 'X-Api-Key': '${env:WS_KEY}' } }, off: { command: 'x', disabled: true } } }));
    await plant(
      '.gemini/settings.json',
      JSON.stringify({ theme: 'Default', mcpServers: { stream: { httpUrl: 'https://example.com/mcp', timeout: 5000 }, legacy: { url: 'http://localhost:8080/sse' }, py: { command: 'python', args: ['-m', 'srv'], cwd: './srv', env: { API_KEY: '$GEMINI_KEY' } } } }),
    );
    await plant(
      '.codex/config.toml',
      `model = "o4-mini"

[mcp_servers.docs]
command = "npx"
args = ["-y", "mcp-docs"]
env = { "LOG_LEVEL" = "debug" }
env_vars = ["DOCS_TOKEN"]

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_OAUTH_TOKEN"
http_headers = { "X-Figma-Region" = "us-east-1" }
enabled = false
startup_timeout_sec = 20
tool_timeout_sec = 90.5
`,
    );
    const found = await discoverImports(place(), []);
    const cursor = source(found, 'Cursor (user)');
    expect(entry(cursor, 'linear').config?.transport).toEqual({ type: 'sse', url: 'https://mcp.linear.app/sse', headers: [] });
    expect(entry(cursor, 'local').config?.transport).toMatchObject({ args: [`${home}/mcp/server.js`], env: [{ key: 'TOKEN', value: '${env:MY_TOKEN}', secret: true }] });

    const windsurf = source(found, 'Windsurf');
    expect(entry(windsurf, 'remote').config?.transport).toEqual({ type: 'streamable-http', url: 'https://example.com/mcp', headers: [{ key: 'X-Api-Key', value: '${env:WS_KEY}', secret: true }] });
    expect(entry(windsurf, 'off').disabled).toBe(true);

    const gemini = source(found, 'Gemini CLI (user)');
    expect(entry(gemini, 'stream').config?.transport.type).toBe('streamable-http');
    expect(entry(gemini, 'legacy').config?.transport.type).toBe('sse');
    expect(entry(gemini, 'py').config?.transport).toMatchObject({ cwd: './srv', env: [{ key: 'API_KEY', value: '${env:GEMINI_KEY}', secret: true }] });

    const codex = source(found, 'Codex');
    expect(entry(codex, 'docs').config?.transport).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', 'mcp-docs'],
      env: [
        { key: 'LOG_LEVEL', value: 'debug' },
        { key: 'DOCS_TOKEN', value: '${env:DOCS_TOKEN}', secret: true },
      ],
    });
    const figma = entry(codex, 'figma');
    expect(figma.disabled).toBe(true);
    // Codex's start-up and tool timeouts come along (issue 24: startup_timeout_sec was dropped), as does Gemini's request timeout.
    expect(figma.config).toMatchObject({ connectTimeoutMs: 20_000, timeouts: { timeoutMs: 90_500 } });
    expect(entry(codex, 'docs').config?.connectTimeoutMs).toBeUndefined();
    expect(entry(gemini, 'stream').config?.timeouts?.timeoutMs).toBe(5000);
    expect(figma.config?.transport).toEqual({
      type: 'streamable-http',
      url: 'https://mcp.figma.com/mcp',
      headers: [
        { key: 'X-Figma-Region', value: 'us-east-1' },
        { key: 'Authorization', value: 'Bearer ${env:FIGMA_OAUTH_TOKEN}', secret: true },
      ],
    });
  });

  it('reports a broken file in one sentence and still reads the others and the good entries', async () => {
    await plant('.config/Claude/claude_desktop_config.json', '{ "mcpServers": { "a": { "command": "x" }, }');
    await plant('.codex/config.toml', '[mcp_servers.docs]\ncommand = "npx\n');
    await plant('.cursor/mcp.json', JSON.stringify({ mcpServers: ['not', 'a', 'map'] }));
    await plant(
      '.gemini/settings.json',
      JSON.stringify({ mcpServers: { good: { command: 'node' }, nothing: { args: ['x'] }, badArgs: { command: 'node', args: 'x y' }, weird: { type: 'websocket', url: 'ws://x' }, notObject: 3 } }),
    );
    const found = await discoverImports(place(), []);
    expect(source(found, 'Claude Desktop').problem).toMatch(/^\/.*claude_desktop_config\.json was not imported because it is not valid JSON \(.* at line 1, column \d+\)\.$/);
    expect(source(found, 'Codex').problem).toMatch(/config\.toml was not imported because it is not valid TOML \(.*line 2.*\)\.$/);
    expect(source(found, 'Cursor (user)').problem).toMatch(/mcp\.json was not imported because its “mcpServers” is not an object of servers\.$/);
    const gemini = source(found, 'Gemini CLI (user)');
    expect(gemini.problem).toBeUndefined();
    expect(entry(gemini, 'good').config).toBeDefined();
    expect(entry(gemini, 'nothing').problem).toBe('“nothing” has neither a command nor a url.');
    expect(entry(gemini, 'badArgs').problem).toBe('“badArgs”\'s args are not a list of text values.');
    expect(entry(gemini, 'weird').problem).toBe('“weird” has the type “websocket”, which is none of stdio, http or sse.');
    expect(entry(gemini, 'notObject').problem).toBe('“notObject” is not an object.');
    for (const item of gemini.entries.filter((e) => e.problem)) expect(item.config).toBeUndefined();
  });

  it('lists the paths it looked at, and marks entries Loupe already has', async () => {
    await plant('.cursor/mcp.json', JSON.stringify({ mcpServers: { everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } } }));
    const existing: ServerConfig[] = [{ id: '1', name: 'Demo', transport: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: [] } }];
    const found = await discoverImports(place(), existing);
    expect(entry(source(found, 'Cursor (user)'), 'everything').existingMatch).toBe('Demo');
    // The same command with another environment is another server (issue 24: it was "Already in Loupe").
    const otherEnv: ServerConfig[] = [{ ...existing[0]!, transport: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'], env: [{ key: 'ACCOUNT', value: 'b' }] } }];
    expect(entry(source(await discoverImports(place(), otherEnv), 'Cursor (user)'), 'everything').existingMatch).toBeUndefined();
    // A header written with a variable matches the server imported with the variable's value.
    await plant('.cursor/mcp.json', JSON.stringify({ mcpServers: { api: { url: 'http://x/mcp', headers: { Authorization: 'Bearer ${env:TOKEN}' } } } }));
    const imported = (value: string): ServerConfig[] => [
      { id: '2', name: 'API', transport: { type: 'streamable-http', url: 'http://x/mcp', headers: [{ key: 'Authorization', value, secret: true }] } },
    ];
    expect(entry(source(await discoverImports(place(), imported('Bearer abc')), 'Cursor (user)'), 'api').existingMatch).toBe('API');
    expect(entry(source(await discoverImports(place(), imported('Basic abc')), 'Cursor (user)'), 'api').existingMatch).toBeUndefined();
    expect(found.searched).toContain(path.join(home, '.codex', 'config.toml'));
    expect(found.searched).toContain(path.join(project, '.vscode', 'mcp.json'));
    expect(found.searched).not.toContain(path.join(home, '.cursor', 'mcp.json'));
  });
});

describe('Low 2: one deeply nested config file hides no other source', () => {
  it('a 50,000-deep ~/.gemini/settings.json is marked alone; the other sources are listed', async () => {
    const depth = 50_000;
    const gemini = await plant('.gemini/settings.json', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
    await plant('.cursor/mcp.json', JSON.stringify({ mcpServers: { fine: { command: 'node', args: ['server.js'] } } }));
    const found = await discoverImports(place(), []);
    expect(source(found, 'Gemini CLI (user)')).toMatchObject({
      problem: `${gemini} was not imported because it nests more than 100 levels deep; Loupe reads config files up to 100.`,
      entries: [],
    });
    expect(entry(source(found, 'Cursor (user)'), 'fine').config?.transport).toMatchObject({ type: 'stdio', command: 'node' });
  });

  it('a 101-deep codex config.toml is marked with the same sentence', async () => {
    const toml = await plant('.codex/config.toml', `a = ${'['.repeat(101)}1${']'.repeat(101)}\n`);
    const found = await discoverImports(place(), []);
    expect(source(found, 'Codex').problem).toBe(`${toml} was not imported because it nests more than 100 levels deep; Loupe reads config files up to 100.`);
  });
});

describe('Low 3: a crafted project config cannot freeze the core', () => {
  it('a .mcp.json whose argument is `${` 150,000 times marks that server with a sentence; the others are read', async () => {
    await plant('.mcp.json', JSON.stringify({ mcpServers: { crafted: { command: 'node', args: ['${'.repeat(150_000)] }, fine: { command: 'node', args: ['${PORT:-8080}'] } } }), project);
    const claude = source(await discoverImports(place(), []), 'Claude Code (project)');
    expect(entry(claude, 'crafted').problem).toBe('“crafted” has a value of 300,000 characters; Loupe imports values of up to 65,536.');
    expect(entry(claude, 'fine').config?.transport).toMatchObject({ args: ['${env:PORT}'] });
  });

  it('values of `${` 30,000 times, each within the bound, are scanned in one pass and kept as written', async () => {
    const crafted = '${'.repeat(30_000);
    const servers = Object.fromEntries(['a', 'b', 'c'].map((name) => [name, { command: 'node', args: [crafted, `${crafted}\${HOME}`] }]));
    await plant('.claude.json', JSON.stringify({ mcpServers: servers }));
    const claude = source(await discoverImports(place(), []), 'Claude Code (user)');
    for (const name of ['a', 'b', 'c']) {
      // A `${` reaches to the first `}`: with more `${` inside it is no variable, so both stay as written.
      expect(entry(claude, name).config?.transport).toMatchObject({ args: [crafted, `${crafted}\${HOME}`] });
    }
  });

  it('a project config file over 1 MB is not read, with a sentence', async () => {
    const file = await plant('.mcp.json', JSON.stringify({ mcpServers: {}, padding: 'x'.repeat(1024 * 1024) }), project);
    const found = await discoverImports(place(), []);
    expect(found.sources.find((item) => item.path === file)?.problem).toBe(`${file} was not imported because it is larger than 1 MB.`);
  });
});

describe('fitsTemplate: a config value with variables against the value Loupe keeps', () => {
  it('fills each variable with any text, keeping the literal parts in order', () => {
    expect(fitsTemplate('Bearer ${env:T}', 'Bearer abc')).toBe(true);
    expect(fitsTemplate('Bearer ${env:T}', 'Basic abc')).toBe(false);
    expect(fitsTemplate('${A}-${B}', 'x-y')).toBe(true);
    expect(fitsTemplate('${A}-${B}', 'xy')).toBe(false);
    expect(fitsTemplate('a${X}a', 'a')).toBe(false);
    expect(fitsTemplate('plain', 'plain')).toBe(true);
    expect(fitsTemplate('plain', 'other')).toBe(false);
  });
});
