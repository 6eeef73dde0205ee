import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandlers } from '../../../shared/contract.js';
import { OFFICIAL_REGISTRY_URL } from '../../../shared/registry.js';
import { LoupeError } from '../../../shared/wire.js';
import type { ConfigStore } from '../config/config-store.js';
import { currentPlace, readContext } from '../config/import/discover.js';
import { getJson, MAX_SERVER_JSON_BYTES, searchRegistry, serverJsonSource, type RegistryDeps } from '../config/import/registry.js';
import { networkFetch } from '../transports/network-fetch.js';

type RegistryHandlers = Pick<RequestHandlers, 'registry.search' | 'registry.readServerJson'>;

async function serverJsonFile(file: string): Promise<string> {
  if (!path.isAbsolute(file)) throw new LoupeError('The server.json path must be a full path.', 'invalid-params');
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new LoupeError(`${file} could not be read (${error.code ?? error.message}).`, 'not-found');
  });
  if (!info.isFile()) throw new LoupeError(`${file} is not a file.`, 'invalid-params');
  if (info.size > MAX_SERVER_JSON_BYTES) throw new LoupeError(`${file} is larger than 1 MB; a server.json is a few KB.`, 'too-large');
  return readFile(file, 'utf8');
}

export function registryHandlers(store: ConfigStore, fetch = networkFetch): RegistryHandlers {
  const deps: RegistryDeps = { fetch, context: (keyPrefix) => readContext(currentPlace(), keyPrefix), existing: () => store.list() };
  return {
    'registry.search': async ({ query, cursor, registryUrl }) => searchRegistry(registryUrl ?? OFFICIAL_REGISTRY_URL, query, cursor, deps),
    'registry.readServerJson': async (params) => {
      if ('file' in params) return serverJsonSource(await serverJsonFile(params.file), params.file, deps);
      const url = new URL(params.url);
      const value = await getJson(fetch, url, MAX_SERVER_JSON_BYTES, `The server.json at ${url.host}`);
      return serverJsonSource(JSON.stringify(value), params.url, deps);
    },
  };
}
