/** Human-readable text for the CLI's results. JSON output (--json) does not come through here. */
import type { ConnectionState } from '../../shared/connection.js';
import type { JsonObject, PromptInfo, ResourceInfo, ToolInfo } from '../../shared/mcp.js';
import type { ServerConfig } from '../../shared/server-config.js';
import { isObject } from '../../shared/is-object.js';
import { plainText } from '../../shared/plain-text.js';

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]!.trim();
}

function columns(rows: Array<[string, string]>): string {
  const width = Math.min(40, Math.max(0, ...rows.map(([left]) => left.length)));
  return rows.map(([left, right]) => (right ? `${left.padEnd(width)}  ${right}` : left)).join('\n');
}

export function serversText(servers: ServerConfig[], dataDir: string): string {
  if (servers.length === 0) return `No servers configured in ${dataDir}.`;
  return columns(
    servers.map((server) => {
      const transport = server.transport;
      const where = transport.type === 'stdio' ? [transport.command, ...transport.args].join(' ') : `${transport.type} ${transport.url}`;
      return [server.name, `${where}  (id ${server.id})`];
    }),
  );
}

export function connectionText(state: ConnectionState): string {
  const server = state.server;
  if (!server) return 'Connected.';
  const capabilities = Object.keys(server.capabilities).join(', ') || 'none';
  return [
    `${server.title ?? server.name} ${server.version}`,
    `Protocol ${server.protocolVersion} (${server.era})`,
    `Capabilities: ${capabilities}`,
    ...(server.instructions ? ['', server.instructions] : []),
  ].join('\n');
}

export function toolsText(tools: ToolInfo[]): string {
  return tools.length === 0 ? 'No tools.' : columns(tools.map((tool) => [tool.name, firstLine(tool.description)]));
}

export function resourcesText(resources: ResourceInfo[]): string {
  return resources.length === 0 ? 'No resources.' : columns(resources.map((resource) => [resource.uri, resource.name]));
}

export function promptsText(prompts: PromptInfo[]): string {
  if (prompts.length === 0) return 'No prompts.';
  return columns(
    prompts.map((prompt) => {
      const args = prompt.arguments.map((arg) => (arg.required ? arg.name : `[${arg.name}]`)).join(' ');
      return [prompt.name, [args, firstLine(prompt.description)].filter(Boolean).join('  ')];
    }),
  );
}

/** One content block (tool result, prompt message): text as is, anything else as a one-line summary. */
function contentText(block: unknown): string {
  if (!isObject(block)) return JSON.stringify(block);
  if (block.type === 'text' && typeof block.text === 'string') return block.text;
  if ((block.type === 'image' || block.type === 'audio') && typeof block.data === 'string') {
    return `[${block.type} ${plainText(block.mimeType ?? '')}, ${Math.floor((block.data.length * 3) / 4)} bytes]`;
  }
  if (block.type === 'resource' && isObject(block.resource)) return resourceContentText(block.resource);
  if (block.type === 'resource_link') return `[resource link ${String(block.uri)}]`;
  return JSON.stringify(block, null, 2);
}

function resourceContentText(content: JsonObject): string {
  if (typeof content.text === 'string') return content.text;
  if (typeof content.blob === 'string') return `[${plainText(content.mimeType ?? 'binary')} ${String(content.uri)}, ${Math.floor((content.blob.length * 3) / 4)} bytes]`;
  return JSON.stringify(content, null, 2);
}

export function toolResultText(result: unknown): string {
  if (!isObject(result)) return JSON.stringify(result, null, 2);
  const parts = Array.isArray(result.content) ? result.content.map(contentText) : [];
  if (result.structuredContent !== undefined) parts.push(`structuredContent: ${JSON.stringify(result.structuredContent, null, 2)}`);
  return parts.join('\n') || '(no content)';
}

export function readResultText(result: unknown): string {
  const contents = isObject(result) && Array.isArray(result.contents) ? result.contents : [];
  return contents.map((content) => (isObject(content) ? resourceContentText(content) : JSON.stringify(content))).join('\n') || '(no contents)';
}

export function promptResultText(result: unknown): string {
  const messages = isObject(result) && Array.isArray(result.messages) ? result.messages : [];
  const lines = messages.map((message) => (isObject(message) ? `${String(message.role)}: ${contentText(message.content)}` : JSON.stringify(message)));
  return lines.join('\n') || '(no messages)';
}
