import type { Attributes } from '@opentelemetry/api';
import type { TrafficEntry } from '../../../shared/traffic.js';
import { isObject } from '../../../shared/is-object.js';
import type { TransportConfig } from '../../../shared/server-config.js';

/**
 * The span of one MCP request, after the OpenTelemetry semantic conventions for MCP (client
 * spans): name `{mcp.method.name} {target}` with the tool or prompt as target, and the attributes
 * below. Sizes and the server's id and name have no convention; they are Loupe's own (`loupe.*`).
 */
export interface RequestSpanStart {
  name: string;
  attributes: Attributes;
}

export interface ServerFacts {
  name: string;
  transport: TransportConfig;
}

function params(entry: TrafficEntry): Record<string, unknown> {
  const message = entry.message as { params?: unknown } | undefined;
  return isObject(message?.params) ? message.params : {};
}

function networkAttributes(transport: TransportConfig | undefined): Attributes {
  if (!transport) return {};
  if (transport.type === 'stdio') return { 'network.transport': 'pipe' };
  try {
    const url = new URL(transport.url);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    return { 'network.transport': 'tcp', 'network.protocol.name': 'http', 'server.address': url.hostname, 'server.port': port };
  } catch {
    return { 'network.transport': 'tcp' };
  }
}

export function requestSpanStart(entry: TrafficEntry, server: ServerFacts | undefined): RequestSpanStart {
  const method = entry.method ?? 'unknown';
  const p = params(entry);
  const meta = isObject(p._meta) ? p._meta : {};
  const attributes: Attributes = {
    'mcp.method.name': method,
    ...(entry.id !== undefined ? { 'jsonrpc.request.id': String(entry.id) } : {}),
    ...networkAttributes(server?.transport),
    'loupe.server.id': entry.serverId,
    ...(server ? { 'loupe.server.name': server.name } : {}),
    'loupe.request.size': entry.size,
  };
  const version = meta['io.modelcontextprotocol/protocolVersion'] ?? (method === 'initialize' ? p.protocolVersion : undefined);
  if (typeof version === 'string') attributes['mcp.protocol.version'] = version;
  let target: string | undefined;
  if (method === 'tools/call' && typeof p.name === 'string') {
    target = p.name;
    attributes['gen_ai.tool.name'] = p.name;
    attributes['gen_ai.operation.name'] = 'execute_tool';
  } else if (method === 'prompts/get' && typeof p.name === 'string') {
    target = p.name;
    attributes['gen_ai.prompt.name'] = p.name;
  }
  if (typeof p.uri === 'string' && method.startsWith('resources/')) attributes['mcp.resource.uri'] = p.uri;
  return { name: target ? `${method} ${target}` : method, attributes };
}

export interface RequestSpanEnd {
  attributes: Attributes;
  /** The error's message (span status ERROR), when the request failed or the tool reported an error. */
  error?: string;
}

/** What the answer adds: its size, and for a failure `error.type` and `rpc.response.status_code`. */
export function requestSpanEnd(response: TrafficEntry): RequestSpanEnd {
  const attributes: Attributes = { 'loupe.response.size': response.size };
  if (response.kind === 'error' && response.errorCode !== undefined) {
    const code = String(response.errorCode);
    attributes['error.type'] = code;
    attributes['rpc.response.status_code'] = code;
    const message = (response.message as { error?: { message?: unknown } } | undefined)?.error?.message;
    return { attributes, error: typeof message === 'string' ? message : `JSON-RPC error ${code}` };
  }
  if (response.toolError) {
    attributes['error.type'] = 'tool_error';
    return { attributes, error: 'The tool returned isError: true.' };
  }
  return { attributes };
}
