import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteTarget } from '../../shared/proxy.js';
import { discoverImports } from '../../main/core/config/import/discover.js';
import { RouteService } from '../../main/core/proxy/route/route-service.js';
import { loupeLaunch } from '../../main/core/proxy/route/routed-entry.js';

interface Case {
  client: RouteTarget['client'];
  /** Where the file goes under the fake home. */
  file: string[];
  text: string;
  name: string;
  project?: string;
  /** Lines (comments, other settings) that must be in the file as they were. */
  kept: string[];
}

const CLAUDE_DESKTOP = `{
  // Claude Desktop tolerates comments here; Loupe keeps them.
  "mcpServers": {
    "everything": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-everything"],
      "env": { "TOKEN": "keep-me" }
    },
    "other": { "command": "uvx", "args": ["other-server"] }
  },
  "globalShortcut": "Ctrl+Space",
}
`;

const CASES: Case[] = [
  { client: 'claude-desktop', file: ['.config', 'Claude', 'claude_desktop_config.json'], text: CLAUDE_DESKTOP, name: 'everything', kept: ['  // Claude Desktop tolerates comments here; Loupe keeps them.', '    "other": { "command": "uvx", "args": ["other-server"] }', '  "globalShortcut": "Ctrl+Space",'] },
  {
    client: 'claude-code',
    file: ['.claude.json'],
    text: '{\n\t"numStartups": 12,\n\t"projects": {\n\t\t"/work/app": {\n\t\t\t"mcpServers": {\n\t\t\t\t"memory": { "type": "stdio", "command": "node", "args": ["memory.js"] }\n\t\t\t}\n\t\t}\n\t}\n}\n',
    name: 'memory',
    project: '/work/app',
    kept: ['\t"numStartups": 12,'],
  },
  {
    client: 'vscode',
    file: ['.config', 'Code', 'User', 'mcp.json'],
    text: '{\r\n    "inputs": [],\r\n    "servers": {\r\n        "fs": {\r\n            "type": "stdio",\r\n            "command": "npx",\r\n            "args": ["-y", "@modelcontextprotocol/server-filesystem", "${workspaceFolder}"] // trailing comment\r\n        }\r\n    }\r\n}\r\n',
    name: 'fs',
    kept: ['    "inputs": [],\r', '            "type": "stdio",\r'],
  },
  { client: 'cursor', file: ['.cursor', 'mcp.json'], text: '{"mcpServers":{"tiny":{"command":"tiny-server"}}}', name: 'tiny', kept: [] },
  {
    client: 'windsurf',
    file: ['.codeium', 'windsurf', 'mcp_config.json'],
    text: '{\n  "mcpServers": {\n    "remote": { "serverUrl": "https://mcp.example.com/mcp?team=1" }\n  }\n}\n',
    name: 'remote',
    kept: [],
  },
  {
    client: 'cline',
    file: ['Documents', 'Cline', 'MCP', 'cline_mcp_settings.json'],
    text: '{\n  "mcpServers": {\n    "notes": { "command": "node", "args": ["notes.js"], "disabled": false, "autoApprove": [] }\n  }\n}\n',
    name: 'notes',
    kept: [],
  },
  { client: 'gemini', file: ['.gemini', 'settings.json'], text: '{\n  "theme": "dark",\n  "mcpServers": {\n    "py": { "command": "python3", "args": ["-m", "server"], "cwd": "/srv" }\n  }\n}\n', name: 'py', kept: ['  "theme": "dark",'] },
  {
    client: 'codex',
    file: ['.codex', 'config.toml'],
    text: [
      'model = "o3" # the model',
      '',
      '# Servers Codex starts',
      '[mcp_servers.everything]',
      'command = "npx" # runs it',
      'args = [',
      '  "-y",',
      '  "@modelcontextprotocol/server-everything", # the package',
      ']',
      'env = { "TOKEN" = "keep-me" }',
      '',
      '[mcp_servers."name with spaces"]',
      "command = 'uvx'",
      '',
    ].join('\n'),
    name: 'everything',
    kept: ['model = "o3" # the model', '# Servers Codex starts', '[mcp_servers.everything]', 'env = { "TOKEN" = "keep-me" }', '[mcp_servers."name with spaces"]', "command = 'uvx'"],
  },
];

function home(): string {
  return mkdtempSync(join(tmpdir(), 'loupe-route-home-'));
}

function place(folder: string, testCase: Case): RouteTarget {
  const file = join(folder, ...testCase.file);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, testCase.text);
  return { client: testCase.client, path: file, name: testCase.name, ...(testCase.project ? { project: testCase.project } : {}) };
}

describe('Route through Loupe on each client config format', () => {
  it.each(CASES)('$client: shows the change, rewrites only the entry, and Restore puts the exact bytes back', async (testCase) => {
    const folder = home();
    const target = place(folder, testCase);
    const routes = new RouteService(join(folder, 'loupe-data'));
    const before = readFileSync(target.path);

    const plan = await routes.preview(target);
    expect(readFileSync(target.path).equals(before)).toBe(true);
    expect(plan.diff).toContain(`--- ${target.path}`);
    const record = await routes.apply(target, plan.fileHash);
    const after = readFileSync(target.path, 'utf8');
    expect(after).toBe(plan.after);

    // The client's own reader (Loupe's import) sees the entry running through the proxy, and nothing else changed.
    const found = await discoverImports({ home: folder, platform: 'linux', environment: {} }, []);
    const entries = found.sources.filter((source) => source.path === target.path).flatMap((source) => source.entries);
    const routed = entries.find((entry) => entry.name === testCase.name)!;
    const launch = loupeLaunch();
    if (plan.httpProxyCommand) {
      expect(routed.config?.transport).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mcp\?team=1$/) });
      expect(plan.httpProxyCommand).toEqual(expect.arrayContaining(['proxy', '--http', 'https://mcp.example.com/mcp?team=1']));
    } else {
      const transport = routed.config?.transport as { command: string; args: string[] };
      expect(transport.command).toBe(launch.command);
      expect(transport.args.slice(0, 4)).toEqual([...launch.args, 'proxy', '--name', testCase.name]);
      expect(transport.args).toContain('--');
    }
    for (const other of entries.filter((entry) => entry.name !== testCase.name)) expect(JSON.stringify(other.config)).not.toContain('proxy');
    // Comments and layout outside the changed values are as they were.
    const afterLines = after.split('\n');
    for (const line of testCase.kept) expect(afterLines).toContain(line);

    expect(await routes.list()).toEqual([record]);
    const restored = await routes.restore(record.id);
    expect(restored.restoredAt).toBeTypeOf('number');
    expect(readFileSync(target.path).equals(before)).toBe(true);
  });

  it('refuses a file that changed since the preview, and a Restore over later edits', async () => {
    const folder = home();
    const target = place(folder, CASES[0]!);
    const routes = new RouteService(join(folder, 'loupe-data'));
    const plan = await routes.preview(target);
    writeFileSync(target.path, CASES[0]!.text.replace('Ctrl+Space', 'Alt+Space'));
    await expect(routes.apply(target, plan.fileHash)).rejects.toThrow(/changed since Loupe showed the change/);

    const fresh = await routes.preview(target);
    const record = await routes.apply(target, fresh.fileHash);
    const edited = `${readFileSync(target.path, 'utf8')}\n`;
    writeFileSync(target.path, edited);
    await expect(routes.restore(record.id)).rejects.toThrow(/changed since Loupe routed it/);
    expect(readFileSync(target.path, 'utf8')).toBe(edited);
  });

  it('says why an entry cannot be routed', async () => {
    const folder = home();
    const target = place(folder, CASES[0]!);
    const routes = new RouteService(join(folder, 'loupe-data'));
    await expect(routes.preview({ ...target, name: 'missing' })).rejects.toThrow(/has no server “missing”/);
    await expect(routes.preview({ ...target, path: join(folder, '.bashrc') })).rejects.toThrow(/is not a claude-desktop config file/);
    const plan = await routes.preview(target);
    await routes.apply(target, plan.fileHash);
    await expect(routes.preview(target)).rejects.toThrow(/already runs through loupe proxy/);
    const inline = place(folder, { client: 'codex', file: ['.codex', 'config.toml'], text: '[mcp_servers]\ninline = { command = "x" }\n', name: 'inline', kept: [] });
    await expect(routes.preview(inline)).rejects.toThrow(/no \[mcp_servers.inline\] table/);
  });
});
