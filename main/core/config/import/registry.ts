import type { FetchLike } from '@modelcontextprotocol/client';
import { IMPORT_CLIENT_NAMES, type ImportSource } from '../../../../shared/config-import.js';
import { isObject } from '../../../../shared/is-object.js';
import type { JsonObject } from '../../../../shared/mcp.js';
import type { RegistrySearchResult, RegistryServer } from '../../../../shared/registry.js';
import type { ServerConfig } from '../../../../shared/server-config.js';
import { LoupeError } from '../../../../shared/wire.js';
import { markExisting } from './existing-match.js';
import { FileShapeError, parseJsonText } from './parse-text.js';
import type { ReadContext } from './read-context.js';
import { serverJsonEntries } from './server-json.js';

/** A page of search results is tens of KB; a server.json a few. Anything far larger is not a registry's answer. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
export const MAX_SERVER_JSON_BYTES = 1024 * 1024;
const TIMEOUT_MS = 15_000;
const PAGE_SIZE = 30;

export interface RegistryDeps {
  fetch: FetchLike;
  context: (keyPrefix: string) => ReadContext;
  existing: () => readonly ServerConfig[];
}

/** The body's text, up to `maxBytes`; more than that is an error. */
async function boundedText(response: Response, maxBytes: number, what: string): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = (await reader.read()) as { done: true; value?: undefined } | { done: false; value: Uint8Array };
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new LoupeError(`${what} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, so Loupe did not read it.`, 'too-large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** GETs a URL for JSON, with one sentence for each way it can fail. */
export async function getJson(fetch: FetchLike, url: URL, maxBytes: number, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new LoupeError(`${what} could not be reached at ${url.origin} (${cause}): check the network, or the proxy settings.`, 'unreachable');
  }
  if (!response.ok) throw new LoupeError(`${what} answered ${response.status} ${response.statusText} for ${url.pathname}.`, 'http-error');
  const body = await boundedText(response, maxBytes, `${what}'s answer`);
  try {
    return parseJsonText(body);
  } catch (error) {
    throw new LoupeError(`${what}'s answer ${error instanceof FileShapeError ? error.message : 'is not JSON.'}`, 'invalid-response');
  }
}

function registryServer(item: JsonObject, deps: RegistryDeps): RegistryServer | undefined {
  const server = isObject(item.server) ? item.server : item;
  const name = typeof server.name === 'string' ? server.name : undefined;
  if (!name) return undefined;
  const official = isObject(item._meta) ? item._meta['io.modelcontextprotocol.registry/official'] : undefined;
  const repository = isObject(server.repository) ? server.repository : undefined;
  const context = deps.context(`registry:${name}`);
  let source: ImportSource;
  try {
    source = markExisting({ id: context.keyPrefix, client: 'server-json', label: name, entries: serverJsonEntries(server, context) }, deps.existing());
  } catch (error) {
    if (!(error instanceof FileShapeError)) throw error;
    source = { id: context.keyPrefix, client: 'server-json', label: name, problem: `${name}'s server.json cannot be imported because ${error.message}`, entries: [] };
  }
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const fields = {
    title: text(server.title),
    description: text(server.description),
    version: text(server.version),
    status: text(isObject(official) ? official.status : undefined) ?? text(server.status),
    repositoryUrl: text(repository?.url),
    websiteUrl: text(server.websiteUrl),
  };
  return { name, ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)), source };
}

/**
 * Searches a registry's `GET /v0.1/servers?search=…` (latest versions only), one page at a time.
 * Deleted servers are left out, as the registry's guidance asks of clients.
 */
export async function searchRegistry(registryUrl: string, query: string, cursor: string | undefined, deps: RegistryDeps): Promise<RegistrySearchResult> {
  const url = new URL('/v0.1/servers', registryUrl);
  if (query.trim() !== '') url.searchParams.set('search', query.trim());
  url.searchParams.set('version', 'latest');
  url.searchParams.set('limit', String(PAGE_SIZE));
  if (cursor) url.searchParams.set('cursor', cursor);
  const page = await getJson(deps.fetch, url, MAX_PAGE_BYTES, 'The MCP Registry');
  if (!isObject(page) || !Array.isArray(page.servers)) throw new LoupeError('The MCP Registry\'s answer has no "servers" list.', 'invalid-response');
  const servers = page.servers
    .filter(isObject)
    .map((item) => registryServer(item, deps))
    .filter((server): server is RegistryServer => server !== undefined && server.status !== 'deleted');
  const next = isObject(page.metadata) && typeof page.metadata.nextCursor === 'string' && page.metadata.nextCursor !== '' ? page.metadata.nextCursor : undefined;
  return { registryUrl: url.origin, servers, ...(next ? { nextCursor: next } : {}) };
}

/** A server.json as an import source (from a file's text or a URL's body). */
export function serverJsonSource(text: string, where: string, deps: Pick<RegistryDeps, 'context' | 'existing'>): ImportSource {
  const context = deps.context(`server-json:${where}`);
  const base = { id: context.keyPrefix, client: 'server-json' as const, label: IMPORT_CLIENT_NAMES['server-json'], path: where };
  try {
    const value = parseJsonText(text);
    if (!isObject(value)) throw new FileShapeError('it is not a JSON object.');
    return markExisting({ ...base, entries: serverJsonEntries(value, context) }, deps.existing());
  } catch (error) {
    if (!(error instanceof FileShapeError)) throw error;
    return { ...base, problem: `${where} was not imported because ${error.message}`, entries: [] };
  }
}
