import type { FilterKey } from '../../../../shared/filter/filter-terms';
import { compileTextFilter } from '../../../../shared/filter/text-filter';
import type { ServerConfig } from '../../../../shared/server-config';
import { TRANSPORT_NAMES, transportTarget } from './transport-label';

/** From this many servers on, the list has a filter box. */
export const SERVER_FILTER_FROM = 6;

export const SERVER_FILTER_KEYS: readonly FilterKey[] = [
  { key: 'name', detail: 'the name you gave it contains' },
  { key: 'transport', detail: 'stdio, Streamable HTTP or SSE' },
  { key: 'target', detail: 'its command line or URL contains' },
];

/** The servers a query lets through (free text matches the name, transport or target), in list order. */
export function filterServers(servers: readonly ServerConfig[], query: string): readonly ServerConfig[] {
  if (query.trim() === '') return servers;
  const filter = compileTextFilter(
    query,
    SERVER_FILTER_KEYS.map((key) => key.key),
  );
  return servers.filter((server) => filter.matches({ name: server.name, transport: TRANSPORT_NAMES[server.transport.type], target: transportTarget(server.transport) }));
}
