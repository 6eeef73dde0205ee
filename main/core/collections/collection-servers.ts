/**
 * A collection's servers as Loupe servers: the definition with its `{{variables}}` filled in (an
 * environment variable stays a reference, a secret goes to the keychain: servers.json keeps no
 * value of either). A server in the list with the same settings is used as it is (`same-server.ts`);
 * else one is added to (or updated in) the list under the name "<collection> · <key>", so its
 * traffic, state and sign-in are the app's like any other server's.
 */
import path from 'node:path';
import type { CollectionFile, CollectionServer } from '../../../shared/collections.js';
import type { RequestHandlers } from '../../../shared/contract.js';
import { portableCommand, type KeyValue, type ServerConfigInput } from '../../../shared/server-config.js';
import { sameServer } from './same-server.js';
import { stringsIn, UnknownVariable, type VariableScope } from './variables.js';

type ServerListHandlers = Pick<RequestHandlers, 'servers.list' | 'servers.add' | 'servers.update'>;

export function collectionServerName(collection: CollectionFile, key: string): string {
  return `${collection.name} · ${key}`;
}

/** Every string a server's definition holds, for the secrets it names. */
export function serverStrings(server: CollectionServer): string[] {
  return stringsIn(server);
}

/** A server as collection.yaml holds it, for a teammate and CI: Loupe's own Node (`@node`) is written as `node`. */
export function portableServer(server: CollectionServer): CollectionServer {
  return 'url' in server ? server : { ...server, command: portableCommand(server.command) };
}

function pairs(values: Record<string, string> | undefined, scope: VariableScope): KeyValue[] {
  return Object.entries(values ?? {}).map(([key, value]) => ({ key: scope.fillSetting(key, 'name'), value: scope.fillSetting(value, 'pair'), ...(scope.hasSecret(value) ? { secret: true } : {}) }));
}

export function serverConfigInput(collection: CollectionFile, dir: string, key: string, scope: VariableScope): ServerConfigInput {
  const server = collection.servers[key];
  if (!server) throw new UnknownVariable(`The collection has no server "${key}" (it has ${Object.keys(collection.servers).join(', ') || 'none'}).`);
  const name = collectionServerName(collection, key);
  const era = server.era ? { era: server.era } : {};
  if ('url' in server) {
    const transport = server.transport === 'sse' ? 'sse' : 'streamable-http';
    return { name, transport: { type: transport, url: scope.fillSetting(server.url, 'url'), headers: pairs(server.headers, scope) }, ...era };
  }
  const cwd = server.cwd === undefined ? path.dirname(path.resolve(dir)) : path.resolve(dir, scope.fillSetting(server.cwd, 'cwd'));
  return {
    name,
    transport: { type: 'stdio', command: scope.fillSetting(server.command, 'command'), args: (server.args ?? []).map((arg) => scope.fillSetting(arg, 'command')), env: pairs(server.env, scope), cwd },
    ...era,
  };
}

/**
 * The server in the list with the same settings (another than the copy by this name, which a run
 * before may have added), or else adds the server to the list, or updates the one of that name;
 * its id, and whether its settings changed.
 */
export async function ensureServer(handlers: ServerListHandlers, input: ServerConfigInput): Promise<{ id: string; changed: boolean }> {
  const servers = await handlers['servers.list']();
  const same = servers.find((server) => server.name !== input.name && sameServer(server, input));
  if (same) return { id: same.id, changed: false };
  const existing = servers.find((server) => server.name === input.name);
  if (!existing) return { id: (await handlers['servers.add'](input)).id, changed: true };
  const { id, ...current } = existing;
  const merged: ServerConfigInput = { ...current, transport: input.transport, ...(input.era ? { era: input.era } : {}) };
  if (JSON.stringify(merged) === JSON.stringify(current)) return { id, changed: false };
  await handlers['servers.update']({ id, config: merged });
  return { id, changed: true };
}
