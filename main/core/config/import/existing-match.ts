import type { ImportSource } from '../../../../shared/config-import.js';
import type { KeyValue, ServerConfig, TransportConfig } from '../../../../shared/server-config.js';

/** Name=value pairs in any order (a variable set twice keeps its last value, as the process would see it). */
function samePairs(a: readonly KeyValue[], b: readonly KeyValue[]): boolean {
  const map = (rows: readonly KeyValue[]) => new Map(rows.map((row) => [row.key, row.value]));
  const left = map(a);
  const right = map(b);
  return left.size === right.size && [...left].every(([key, value]) => right.get(key) === value);
}

/**
 * What makes two servers the same one: the command line and its environment, or the URL and its
 * headers. The same command with another environment (another account, another key) is another server.
 */
function sameTarget(a: TransportConfig, b: TransportConfig): boolean {
  if (a.type === 'stdio' && b.type === 'stdio') {
    return a.command === b.command && a.args.join('\u0000') === b.args.join('\u0000') && samePairs(a.env, b.env);
  }
  if (a.type !== 'stdio' && b.type !== 'stdio') return a.url === b.url && samePairs(a.headers, b.headers);
  return false;
}

/** Notes on each entry the Loupe server that already runs the same thing, so the UI can leave it unpicked. */
export function markExisting(source: ImportSource, existing: readonly ServerConfig[]): ImportSource {
  return {
    ...source,
    entries: source.entries.map((entry) => {
      const config = entry.config;
      const match = config && existing.find((server) => sameTarget(server.transport, config.transport));
      return match ? { ...entry, existingMatch: match.name } : entry;
    }),
  };
}
