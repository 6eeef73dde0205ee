/**
 * The official MCP Registry (and registries that serve its API): search it and add a server from it.
 * The requests are `registry.search` and `registry.readServerJson` in contract.ts; an entry is added
 * with `config.import`, like any other import.
 */
import type { ImportSource } from './config-import.js';

export const OFFICIAL_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

/** One server the registry lists, with what its server.json offers to add. */
export interface RegistryServer {
  /** The registry name, e.g. `io.github.you/weather`. */
  name: string;
  title?: string;
  description?: string;
  version?: string;
  /** `active`, `deprecated` or `deleted`, when the registry says. */
  status?: string;
  repositoryUrl?: string;
  websiteUrl?: string;
  /** Its packages and remotes as import entries (with the variables they ask for). */
  source: ImportSource;
}

export interface RegistrySearchResult {
  registryUrl: string;
  servers: RegistryServer[];
  /** Ask again with this to get the next page; absent after the last. */
  nextCursor?: string;
}
