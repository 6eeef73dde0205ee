/**
 * A capability snapshot: a connected server's whole surface (capabilities, tools with their
 * schemas and annotations, resources, templates, prompts with their arguments) as one value, with
 * its items and keys in a stable order so a file of it diffs well in a pull request.
 */
import { readFile, stat } from 'node:fs/promises';
import { readTextNoFollow } from '../base/no-follow.js';
import { COLLECTION_LIMITS, type CapabilitySnapshot } from '../../../shared/collections.js';
import type { RequestHandlers } from '../../../shared/contract.js';
import { isObject } from '../../../shared/is-object.js';
import type { JsonObject, ListOutcome } from '../../../shared/mcp.js';
import { sortedKeys } from './stable-json.js';

type SurfaceHandlers = Pick<RequestHandlers, 'connections.list' | 'tools.list' | 'resources.list' | 'resources.templates' | 'prompts.list'>;

function byKey(key: string): (a: JsonObject, b: JsonObject) => number {
  return (a, b) => String(a[key]).localeCompare(String(b[key]));
}

async function items<T>(offered: boolean, load: () => Promise<ListOutcome<T>>): Promise<JsonObject[]> {
  if (!offered) return [];
  return (await load()).items.map((item) => sortedKeys(item) as JsonObject);
}

export async function takeSurface(handlers: SurfaceHandlers, serverId: string): Promise<CapabilitySnapshot> {
  const state = (await handlers['connections.list']()).find((connection) => connection.serverId === serverId);
  const server = state?.status === 'connected' ? state.server : undefined;
  if (!server) throw new Error('The server is not connected: connect it to take a snapshot of its surface.');
  const capabilities = server.capabilities;
  const params = { serverId, force: true };
  return {
    loupeSurface: 1,
    takenAt: new Date().toISOString(),
    server: { name: server.name, version: server.version, protocolVersion: server.protocolVersion, era: server.era },
    capabilities: sortedKeys(capabilities) as JsonObject,
    tools: (await items('tools' in capabilities, () => handlers['tools.list'](params))).sort(byKey('name')),
    resources: (await items('resources' in capabilities, () => handlers['resources.list'](params))).sort(byKey('uri')),
    resourceTemplates: (await items('resources' in capabilities, () => handlers['resources.templates'](params))).sort(byKey('uriTemplate')),
    prompts: (await items('prompts' in capabilities, () => handlers['prompts.list'](params))).sort(byKey('name')),
  };
}

async function readFollowingLinks(file: string): Promise<string> {
  const size = (await stat(file)).size;
  if (size > COLLECTION_LIMITS.snapshotBytes) throw new Error(`${file} is larger than ${COLLECTION_LIMITS.snapshotBytes / 1_000_000} MB, so Loupe does not read it.`);
  return readFile(file, 'utf8');
}

/**
 * Reads a capability snapshot file; a file that is not one gets a sentence naming it. A file of a
 * collection (`noFollow`, its path from contained-path.ts) is not read through a link at its name;
 * a file named on the command line may be a link.
 */
export async function readSurfaceFile(file: string, { noFollow = false }: { noFollow?: boolean } = {}): Promise<CapabilitySnapshot> {
  const text = noFollow ? await readTextNoFollow(file, COLLECTION_LIMITS.snapshotBytes) : await readFollowingLinks(file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const lists = ['tools', 'resources', 'resourceTemplates', 'prompts'] as const;
  if (!isObject(value) || value.loupeSurface !== 1 || !isObject(value.capabilities) || lists.some((list) => !Array.isArray(value[list]) || !(value[list] as unknown[]).every(isObject))) {
    throw new Error(`${file} is not a Loupe capability snapshot (made by "loupe snapshot" or the app).`);
  }
  return value as unknown as CapabilitySnapshot;
}
