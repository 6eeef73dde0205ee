import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/client';
import type { HeaderVerdict } from '../../../shared/header-verdict.js';
import { isObject } from '../../../shared/is-object.js';
import { MODERN_PROTOCOL_VERSION } from '../../../shared/server-config.js';

/**
 * The 2026-07-28 Streamable HTTP rules for the headers that mirror a request's body (SEP-2243, and
 * SEP-2663 for tasks), as the spec and the SDK v2 that implements it state them:
 * - every request POST carries `MCP-Protocol-Version` (the envelope's revision) and `Mcp-Method`
 *   (the body's `method`); notifications are exempt;
 * - `Mcp-Name` mirrors `params.name` (tools/call, prompts/get), `params.uri` (resources/read) or
 *   `params.taskId` (tasks/get, tasks/update, tasks/cancel), when the body carries it;
 * - a `tools/call` mirrors each argument whose input-schema property declares `x-mcp-header: Name`
 *   (reachable through `properties` only; string, integer or boolean) as `Mcp-Param-Name`, and
 *   omits it when the argument is null or absent;
 * - a value that is not plain printable ASCII, or has leading or trailing spaces, travels as
 *   `=?base64?<UTF-8 in Base64>?=`;
 * - a server answers a disagreement (or a missing required header) with HTTP 400 and JSON-RPC
 *   error -32020 (HeaderMismatch).
 */
export const HEADER_MISMATCH = -32020;
const NAME_SOURCE: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};
const PARAM_PREFIX = 'mcp-param-';
const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(['string', 'integer', 'boolean']);
/** Schemas are walked only this deep for declarations (a server controls them). */
const MAX_DECLARATION_DEPTH = 32;

export interface ParamDeclaration {
  path: string[];
  header: string;
  type: string;
}

/**
 * A tool's `x-mcp-header` declarations, or undefined when it has an invalid one (the spec makes the
 * tool definition invalid then, and clients drop it). Walks `properties` chains only, iteratively.
 */
export function paramDeclarations(inputSchema: unknown): ParamDeclaration[] | undefined {
  const found: ParamDeclaration[] = [];
  const seen = new Set<string>();
  const stack: Array<{ node: unknown; path: string[] }> = [{ node: inputSchema, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (!isObject(node) || path.length > MAX_DECLARATION_DEPTH) continue;
    const header = node['x-mcp-header'];
    if (header !== undefined) {
      if (path.length === 0 || typeof header !== 'string' || !TOKEN.test(header)) return undefined;
      if (typeof node.type !== 'string' || !HEADER_TYPES.has(node.type) || seen.has(header.toLowerCase())) return undefined;
      seen.add(header.toLowerCase());
      found.push({ path, header, type: node.type });
    }
    if (isObject(node.properties)) for (const [key, child] of Object.entries(node.properties)) stack.push({ node: child, path: [...path, key] });
  }
  return found;
}

function needsBase64(value: string): boolean {
  return value === '' || value !== value.trim() || SENTINEL.test(value) || /[^\t\x20-\x7e]/.test(value);
}

/** A header value as the spec writes it: plain when it can be, else the Base64 sentinel. */
export function encodeHeaderValue(value: string): string {
  return needsBase64(value) ? `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=` : value;
}

/** The value a header stands for, or undefined when its Base64 sentinel does not decode. */
export function decodeHeaderValue(raw: string): string | undefined {
  const match = SENTINEL.exec(raw.trim());
  if (!match) return raw.trim();
  const bytes = Buffer.from(match[1]!, 'base64');
  if (bytes.toString('base64') !== match[1]) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function primitiveText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value))) return String(value);
  return undefined;
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) node = isObject(node) ? node[key] : undefined;
  return node;
}

/** The `Mcp-Param-*` headers a call's arguments should carry. */
export function paramHeaders(declarations: readonly ParamDeclaration[], args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const declaration of declarations) {
    const text = primitiveText(valueAt(args, declaration.path));
    if (text !== undefined) headers[`Mcp-Param-${declaration.header}`] = encodeHeaderValue(text);
  }
  return headers;
}

export interface MirroredRequest {
  method: string;
  params: Record<string, unknown> | undefined;
  revision: string;
}

/** The body as a 2026-07-28 request (it claims a modern revision in its `_meta`), else undefined. */
export function modernRequest(body: unknown): MirroredRequest | undefined {
  if (!isObject(body) || typeof body.method !== 'string' || body.id === undefined) return undefined;
  const params = isObject(body.params) ? body.params : undefined;
  const revision = isObject(params?._meta) ? params._meta[PROTOCOL_VERSION_META_KEY] : undefined;
  if (typeof revision !== 'string' || revision < MODERN_PROTOCOL_VERSION) return undefined;
  return { method: body.method, params, revision };
}

export interface RequestCheck {
  problems: string[];
  checked: string[];
}

/** Checks a request's mirrored headers against its body (`declarations`: the tool's, when known). */
export function checkRequestHeaders(request: MirroredRequest, headers: Headers, declarations: readonly ParamDeclaration[] | undefined): RequestCheck {
  const problems: string[] = [];
  const checked: string[] = [];
  const compare = (name: string, expected: string, what: string) => {
    const raw = headers.get(name);
    checked.push(name);
    if (raw === null) return problems.push(`${name} is missing, where the body has ${what} "${expected}".`);
    const decoded = decodeHeaderValue(raw);
    if (decoded === undefined) return problems.push(`${name} carries an invalid Base64 sentinel (${raw}).`);
    if (decoded !== expected) problems.push(`${name} says "${decoded}" but the body's ${what} is "${expected}".`);
  };
  compare('MCP-Protocol-Version', request.revision, 'protocol revision');
  compare('Mcp-Method', request.method, 'method');
  const field = Object.hasOwn(NAME_SOURCE, request.method) ? NAME_SOURCE[request.method] : undefined;
  const nameValue = field ? request.params?.[field] : undefined;
  if (field && typeof nameValue === 'string') compare('Mcp-Name', nameValue, `params.${field}`);
  if (request.method === 'tools/call' && declarations) {
    const args = request.params?.arguments;
    const declared = new Set(declarations.map((declaration) => `${PARAM_PREFIX}${declaration.header.toLowerCase()}`));
    for (const declaration of declarations) {
      const name = `Mcp-Param-${declaration.header}`;
      const bodyValue = valueAt(args, declaration.path);
      const text = primitiveText(bodyValue);
      const what = `arguments.${declaration.path.join('.')}`;
      if (text !== undefined) {
        const raw = headers.get(name);
        checked.push(name);
        if (raw === null) problems.push(`${name} is missing, where the body has ${what} = ${JSON.stringify(bodyValue)}.`);
        else {
          const decoded = decodeHeaderValue(raw);
          const numeric = declaration.type === 'integer' && typeof bodyValue === 'number';
          if (decoded === undefined) problems.push(`${name} carries an invalid Base64 sentinel (${raw}).`);
          else if (numeric ? Number(decoded) !== bodyValue : decoded !== text) problems.push(`${name} says "${decoded}" but the body's ${what} is ${JSON.stringify(bodyValue)}.`);
        }
      } else if (headers.get(name) !== null) {
        checked.push(name);
        problems.push(`${name} is sent, but the body has no ${what} (the header must be left out then).`);
      }
    }
    headers.forEach((_value, name) => {
      if (name.startsWith(PARAM_PREFIX) && !declared.has(name)) {
        checked.push(name);
        problems.push(`${name} is sent, but the tool declares no x-mcp-header for it.`);
      }
    });
  }
  return { problems, checked };
}

/** The server's answer to the request: its HTTP status and, for an error body, its JSON-RPC code. */
export interface ReplySummary {
  status?: number | undefined;
  errorCode?: number | undefined;
}

/** The exchange's verdict: the request's headers, and whether the server answered them as the spec requires. */
export function headerVerdict(check: RequestCheck, reply: ReplySummary): HeaderVerdict {
  const rejected = reply.status === 400 && reply.errorCode === HEADER_MISMATCH;
  const matched = `${check.checked.join(', ')} match the body`;
  if (check.problems.length === 0) {
    if (!rejected) return { ok: true, sentence: `✓ ${matched}.`, problems: [], checked: check.checked };
    const sentence = `The server answered 400 HeaderMismatch (-32020) although ${matched}.`;
    return { ok: false, sentence, problems: [sentence], checked: check.checked, side: 'reply' };
  }
  const first = check.problems[0]!;
  if (reply.status !== undefined && reply.status < 300) {
    const sentence = `The server accepted (${reply.status}) a request whose headers disagree with its body (${first.replace(/\.$/, '')}), where 2026-07-28 requires 400 with HeaderMismatch (-32020).`;
    return { ok: false, sentence, problems: [...check.problems, sentence], checked: check.checked, side: 'reply' };
  }
  if (reply.status !== undefined && !rejected) {
    const refused = `The server refused it with ${reply.status}${reply.errorCode !== undefined ? ` and ${reply.errorCode}` : ''}, where 2026-07-28 requires 400 with HeaderMismatch (-32020).`;
    return { ok: false, sentence: first, problems: [...check.problems, refused], checked: check.checked, side: 'request' };
  }
  return { ok: false, sentence: first, problems: check.problems, checked: check.checked, side: 'request' };
}
