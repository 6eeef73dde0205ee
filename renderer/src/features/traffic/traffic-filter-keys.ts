import type { FilterKey } from '../../../../shared/filter/filter-terms';

/** Values seen in the log so far, for the suggestions. */
export interface KnownValues {
  methods: readonly string[];
  /** Names from the Name column: tools, prompts, resource URIs. */
  names: readonly string[];
  servers: readonly string[];
}

/** The keys the traffic filter understands (see traffic-query.ts). */
export const TRAFFIC_FILTER_KEYS: readonly FilterKey[] = [
  { key: 'method', detail: 'method name' },
  { key: 'name', detail: 'tool, prompt or resource acted on' },
  { key: 'server', detail: 'server name' },
  { key: 'is', detail: 'status' },
  { key: 'dir', detail: 'direction' },
  { key: 'kind', detail: 'message kind' },
  { key: 'larger-than', detail: 'size, e.g. 10k' },
  { key: 'smaller-than', detail: 'size, e.g. 1m' },
  { key: 'id', detail: 'JSON-RPC id' },
];

const FIXED_VALUES: Record<string, readonly string[]> = {
  is: ['pending', 'ok', 'error', 'tool-error', 'cancelled', 'timeout', 'unanswered', 'input', 'probe', 'violation'],
  dir: ['in', 'out'],
  kind: ['request', 'response', 'error', 'notification', 'batch', 'stderr', 'malformed', 'note', 'http'],
};

/** The values offered after a traffic filter key: fixed ones, or those seen in the log. */
export function trafficFilterValues(key: string, known: KnownValues): readonly string[] | undefined {
  return FIXED_VALUES[key] ?? (key === 'method' ? known.methods : key === 'name' ? known.names : key === 'server' ? known.servers : undefined);
}
