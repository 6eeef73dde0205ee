import { stringify as stringifyToml } from 'smol-toml';
import type { ExportSnippet } from '../../../../shared/config-import.js';
import { APP_NODE_COMMAND, portableCommand, type KeyValue, type ServerConfig } from '../../../../shared/server-config.js';

type Client = ExportSnippet['client'];

/** How a client writes a reference to an environment variable; undefined when it has none. */
const ENV_REFERENCE: Record<Client, ((name: string) => string) | undefined> = {
  'claude-desktop': undefined,
  'claude-code': (name) => `\${${name}}`,
  vscode: undefined, // VS Code gets `${input:…}` prompts instead (see below).
  cursor: (name) => `\${env:${name}}`,
  windsurf: (name) => `\${env:${name}}`,
  gemini: (name) => `\${${name}}`,
  codex: undefined, // Codex names variables in fields of its own.
};

const TARGETS: Record<Client, string> = {
  'claude-desktop': 'claude_desktop_config.json',
  'claude-code': '.mcp.json (project) or ~/.claude.json',
  vscode: '.vscode/mcp.json or the user mcp.json',
  cursor: '~/.cursor/mcp.json or .cursor/mcp.json',
  windsurf: '~/.codeium/windsurf/mcp_config.json',
  gemini: '~/.gemini/settings.json',
  codex: '~/.codex/config.toml',
};

export const EXPORT_CLIENTS = Object.keys(TARGETS) as Client[];

/** The name of the environment variable a secret header or env value is exported as. */
export function secretVariableName(pair: KeyValue): string {
  return pair.key.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
}

/** The server as each client's config wants it. Secret values are never written: they become the client's variable references. */
export function exportSnippets(server: ServerConfig): ExportSnippet[] {
  return EXPORT_CLIENTS.map((client) => snippetFor(client, server));
}

function snippetFor(client: Client, server: ServerConfig): ExportSnippet {
  const notes: string[] = [];
  const transport = server.transport;
  const base = { client, target: TARGETS[client] };
  const inputs: { type: 'promptString'; id: string; description: string; password: true }[] = [];
  const value = (pair: KeyValue): string => {
    if (!pair.secret) return pair.value;
    const variable = secretVariableName(pair);
    if (client === 'vscode') {
      const id = variable.toLowerCase().replace(/_/g, '-');
      if (!inputs.some((input) => input.id === id)) inputs.push({ type: 'promptString', id, description: `${pair.key} for ${server.name}`, password: true });
      return `\${input:${id}}`;
    }
    const reference = ENV_REFERENCE[client];
    if (reference) return reference(variable);
    notes.push(`The secret ${pair.key} is left out: fill it in where the snippet says <${variable}>.`);
    return `<${variable}>`;
  };
  const object = (pairs: KeyValue[]) => Object.fromEntries(pairs.map((pair) => [pair.key, value(pair)]));

  if (transport.type === 'stdio') {
    const command = portableCommand(transport.command);
    if (transport.command === APP_NODE_COMMAND) {
      notes.push(`${APP_NODE_COMMAND} (Loupe's own Node.js) is written as node: the client runs the node on its PATH.`);
    }
    const cwdSupported = client === 'vscode' || client === 'gemini' || client === 'codex';
    if (transport.cwd && !cwdSupported) notes.push(`This client has no working-directory setting: start the server from ${transport.cwd} some other way.`);
    const cwd = transport.cwd && cwdSupported ? { cwd: transport.cwd } : {};
    if (client === 'codex') {
      const plain = transport.env.filter((pair) => !pair.secret);
      const secret = transport.env.filter((pair) => pair.secret);
      const entry = {
        command,
        args: transport.args,
        ...cwd,
        ...(plain.length ? { env: object(plain) } : {}),
        ...(secret.length ? { env_vars: secret.map((pair) => pair.key) } : {}),
      };
      return finish(base, stringifyToml({ mcp_servers: { [server.name]: entry } }), notes);
    }
    const entry = {
      ...(client === 'vscode' || client === 'claude-code' ? { type: 'stdio' } : {}),
      command,
      args: transport.args,
      ...(transport.env.length ? { env: object(transport.env) } : {}),
      ...cwd,
    };
    return finish(base, json(client, server.name, entry, inputs), notes);
  }

  const headers = transport.headers.length ? object(transport.headers) : undefined;
  switch (client) {
    case 'claude-desktop':
      return { ...base, note: 'Claude Desktop’s config file holds local commands only: add a remote server under Settings › Connectors.' };
    case 'codex': {
      if (transport.type === 'sse') return { ...base, note: 'Codex reaches remote servers over Streamable HTTP only; this server uses SSE.' };
      const plain = transport.headers.filter((pair) => !pair.secret);
      const secret = transport.headers.filter((pair) => pair.secret);
      const entry = {
        url: transport.url,
        ...(plain.length ? { http_headers: object(plain) } : {}),
        ...(secret.length ? { env_http_headers: Object.fromEntries(secret.map((pair) => [pair.key, secretVariableName(pair)])) } : {}),
      };
      return finish(base, stringifyToml({ mcp_servers: { [server.name]: entry } }), notes);
    }
    case 'windsurf':
      return finish(base, json(client, server.name, { serverUrl: transport.url, ...(headers ? { headers } : {}) }, inputs), notes);
    case 'gemini': {
      const urlField = transport.type === 'sse' ? { url: transport.url } : { httpUrl: transport.url };
      return finish(base, json(client, server.name, { ...urlField, ...(headers ? { headers } : {}) }, inputs), notes);
    }
    default: {
      const type = transport.type === 'sse' ? 'sse' : 'http';
      const typed = client === 'cursor' && type === 'http' ? {} : { type };
      return finish(base, json(client, server.name, { ...typed, url: transport.url, ...(headers ? { headers } : {}) }, inputs), notes);
    }
  }
}

function json(client: Client, name: string, entry: object, inputs: object[]): string {
  const wrapped = client === 'vscode' ? { ...(inputs.length ? { inputs } : {}), servers: { [name]: entry } } : { mcpServers: { [name]: entry } };
  return `${JSON.stringify(wrapped, null, 2)}\n`;
}

function finish(base: { client: Client; target: string }, text: string, notes: string[]): ExportSnippet {
  return { ...base, text, ...(notes.length ? { note: notes.join(' ') } : {}) };
}
