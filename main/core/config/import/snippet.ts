import { FileShapeError, parseJsonText, parseTomlText } from './parse-text.js';
import { isObject } from '../../../../shared/is-object.js';
import { entriesOf, type ReadContext, type ReadPart } from './read-context.js';
import { serversWithInputs } from './vscode.js';
import { buildEntry } from './entry-mapping.js';
import { codexEntries } from './codex.js';
import { newCollector } from './read-context.js';
import { looksLikeServerJson, serverJsonEntries } from './server-json.js';

/**
 * A pasted snippet in any client's shape: `{ mcpServers }`, VS Code's `{ servers, inputs }` or
 * `{ mcp: { servers } }`, Codex's `[mcp_servers.NAME]` TOML, a bare `{ name: { command… } }`, or
 * one server (`{ command… }`, optionally with a `name`, as VS Code's `--add-mcp` takes it), or an MCP
 * Registry `server.json`.
 */
export function readSnippet(text: string, context: ReadContext): ReadPart[] {
  const value = parseSnippetText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a JSON object of servers.');
  if (value.mcpServers !== undefined) return [{ entries: entriesOf(value.mcpServers, 'mcpServers', 'snippet', context, windsurfUrl) }];
  if (value.mcp_servers !== undefined) return [{ entries: codexEntries(value.mcp_servers, context) }];
  if (value.servers !== undefined) return [{ entries: serversWithInputs(value, '', context) }];
  if (isObject(value.mcp) && value.mcp.servers !== undefined) return [{ entries: serversWithInputs(value.mcp, 'mcp.', context) }];
  if (looksLikeServerJson(value)) return [{ entries: serverJsonEntries(value, context) }];
  if (looksLikeServer(value)) {
    const name = typeof value.name === 'string' && value.name.trim() !== '' ? value.name.trim() : 'Imported server';
    return [{ entries: [buildEntry(`${context.keyPrefix}/${name}`, name, windsurfUrl(value).raw, newCollector('snippet', context))] }];
  }
  if (Object.keys(value).length === 0) throw new FileShapeError('it holds no servers.');
  return [{ entries: entriesOf(value, 'servers', 'snippet', context, windsurfUrl) }];
}

function parseSnippetText(text: string): unknown {
  try {
    return parseJsonText(text);
  } catch (jsonError) {
    // Not JSON: perhaps a Codex TOML table.
    if (/^\s*\[/m.test(text) && /=/.test(text)) return parseTomlText(text);
    throw jsonError;
  }
}

function looksLikeServer(value: Record<string, unknown>): boolean {
  return typeof value.command === 'string' || typeof value.url === 'string' || typeof value.serverUrl === 'string' || typeof value.httpUrl === 'string';
}

function windsurfUrl(raw: Record<string, unknown>): { raw: Record<string, unknown> } {
  if (raw.url !== undefined) return { raw };
  if (raw.serverUrl !== undefined) return { raw: { ...raw, url: raw.serverUrl } };
  if (raw.httpUrl !== undefined) return { raw: { ...raw, url: raw.httpUrl, type: 'http' } };
  return { raw };
}
