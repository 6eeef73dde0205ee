import type { FetchLike, JSONRPCMessage } from '@modelcontextprotocol/client';
import type { HeaderVerdict } from '../../../shared/header-verdict.js';
import { isObject } from '../../../shared/is-object.js';
import type { JsonRpcId } from '../../../shared/traffic.js';
import { checkRequestHeaders, headerVerdict, modernRequest, paramDeclarations, paramHeaders, type ParamDeclaration, type ReplySummary } from '../mcp/mcp-headers.js';

/** Bodies larger than this are not parsed for their headers (no verdict, no mirroring). */
const MAX_BODY_TO_READ = 1024 * 1024;
/** Tools whose declarations are kept per connection; `tools/list` requests awaiting their answer. */
const MAX_TOOLS = 10_000;
const MAX_PENDING_LISTS = 64;

/**
 * The `x-mcp-header` declarations of a connection's tools, read from the `tools/list` answers on
 * its wire: what a `tools/call` must mirror as `Mcp-Param-*`, and what its headers are judged by.
 */
export class ToolHeaderDeclarations {
  private readonly pendingLists = new Set<JsonRpcId>();
  private readonly byTool = new Map<string, ParamDeclaration[] | null>();

  noteSent(message: JSONRPCMessage): void {
    if ('method' in message && message.method === 'tools/list' && 'id' in message && this.pendingLists.size < MAX_PENDING_LISTS) this.pendingLists.add(message.id);
  }

  noteReceived(message: JSONRPCMessage): void {
    if (!('id' in message) || !('result' in message) || !this.pendingLists.delete(message.id)) return;
    const tools = isObject(message.result) ? message.result.tools : undefined;
    if (!Array.isArray(tools)) return;
    for (const tool of tools) {
      if (!isObject(tool) || typeof tool.name !== 'string') continue;
      if (!this.byTool.has(tool.name) && this.byTool.size >= MAX_TOOLS) break;
      this.byTool.set(tool.name, paramDeclarations(tool.inputSchema) ?? null);
    }
  }

  /** The tool's declarations; undefined when the tool is unknown or declares invalidly. */
  of(tool: string): ParamDeclaration[] | undefined {
    return this.byTool.get(tool) ?? undefined;
  }
}

function parsedBody(body: unknown): unknown {
  if (typeof body !== 'string' || body.length > MAX_BODY_TO_READ || !body.includes('io.modelcontextprotocol/protocolVersion')) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function toolName(params: Record<string, unknown> | undefined): string | undefined {
  return typeof params?.name === 'string' ? params.name : undefined;
}

/**
 * Adds the `Mcp-Param-*` headers a 2026-07-28 `tools/call` must carry and does not: Loupe sends
 * calls with the SDK's raw `request` (so a broken result is shown, not thrown), which mirrors the
 * standard headers but not the tool's declared parameters. Headers already present (a server's
 * configured ones) are left as they are, so their verdict shows what the wire carried.
 */
export function mirroringFetch(inner: FetchLike, declarations: ToolHeaderDeclarations): FetchLike {
  return (input, init) => {
    const request = init?.method === 'POST' ? modernRequest(parsedBody(init.body)) : undefined;
    const tool = request?.method === 'tools/call' ? toolName(request.params) : undefined;
    const declared = tool ? declarations.of(tool) : undefined;
    if (!request || !declared) return inner(input, init);
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(paramHeaders(declared, request.params?.arguments))) if (!headers.has(name)) headers.set(name, value);
    return inner(input, { ...init, headers });
  };
}

/** A POST's headers judged against its body: the verdict comes once the server's answer is known. */
export interface JudgedRequest {
  verdict(reply: ReplySummary): HeaderVerdict;
}

/** Judges one POST's mirrored headers; undefined for anything but a 2026-07-28 request. */
export function judgeRequest(init: RequestInit | undefined, declarations: ToolHeaderDeclarations): JudgedRequest | undefined {
  if (init?.method !== 'POST') return undefined;
  const request = modernRequest(parsedBody(init.body));
  if (!request) return undefined;
  const tool = request.method === 'tools/call' ? toolName(request.params) : undefined;
  const check = checkRequestHeaders(request, new Headers(init.headers), tool ? declarations.of(tool) : undefined);
  return { verdict: (reply) => headerVerdict(check, reply) };
}

/** The JSON-RPC error code of an error body, when it is one. */
export function errorCodeOf(text: string | undefined): number | undefined {
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'number' ? body.error.code : undefined;
  } catch {
    return undefined;
  }
}
