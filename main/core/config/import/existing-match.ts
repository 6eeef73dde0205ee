import type { ImportSource } from '../../../../shared/config-import.js';
import type { KeyValue, ServerConfig, TransportConfig } from '../../../../shared/server-config.js';

const VARIABLE = /\$\{[^}]*\}/;

/**
 * Whether a value Loupe keeps could be what a config's value becomes once its `${…}` variables are
 * filled: `Bearer ${env:TOKEN}` matches `Bearer abc`. Without variables the two must be equal.
 * Linear in the lengths: the literal parts are found in order, with no regular expression built from input.
 */
export function fitsTemplate(template: string, value: string): boolean {
  if (template === value) return true;
  const parts = template.split(VARIABLE);
  if (parts.length === 1) return false;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (value.length < first.length + last.length || !value.startsWith(first) || !value.endsWith(last)) return false;
  let at = first.length;
  const end = value.length - last.length;
  for (const middle of parts.slice(1, -1)) {
    const found = value.indexOf(middle, at);
    if (found < 0 || found + middle.length > end) return false;
    at = found + middle.length;
  }
  return true;
}

/**
 * Name=value pairs in any order (a variable set twice keeps its last value, as the process would see it).
 * `existing` is what Loupe keeps, `candidate` what a config file says, variables unfilled.
 */
function samePairs(existing: readonly KeyValue[], candidate: readonly KeyValue[]): boolean {
  const map = (rows: readonly KeyValue[]) => new Map(rows.map((row) => [row.key, row.value]));
  const kept = map(existing);
  const read = map(candidate);
  return kept.size === read.size && [...read].every(([key, value]) => kept.has(key) && fitsTemplate(value, kept.get(key)!));
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
