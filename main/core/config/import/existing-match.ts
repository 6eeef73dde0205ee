import type { ImportSource } from '../../../../shared/config-import.js';
import type { ServerConfig, TransportConfig } from '../../../../shared/server-config.js';

/** What makes two servers the same one: the command line, or the URL. */
function sameTarget(a: TransportConfig, b: TransportConfig): boolean {
  if (a.type === 'stdio' && b.type === 'stdio') return a.command === b.command && a.args.join('\u0000') === b.args.join('\u0000');
  if (a.type !== 'stdio' && b.type !== 'stdio') return a.url === b.url;
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
