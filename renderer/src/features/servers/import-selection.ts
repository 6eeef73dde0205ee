import type { ImportEntry, ImportRequestItem, ImportSource, ImportVariable } from '../../../../shared/config-import';

/** Entries picked at first: usable, switched on in their client, and not already in Loupe. */
export function initiallyPicked(sources: readonly ImportSource[]): Set<string> {
  const keys = new Set<string>();
  for (const source of sources) {
    for (const entry of source.entries) if (entry.config && !entry.disabled && !entry.existingMatch) keys.add(entry.key);
  }
  return keys;
}

export function pickedEntries(sources: readonly ImportSource[], picked: ReadonlySet<string>): ImportEntry[] {
  return sources.flatMap((source) => source.entries.filter((entry) => entry.config && picked.has(entry.key)));
}

/** One field per variable the picked entries use (VS Code inputs are shared across a file's servers), with the servers that use it. */
export function variablesToFill(entries: readonly ImportEntry[]): { variable: ImportVariable; usedBy: string[] }[] {
  const byId = new Map<string, { variable: ImportVariable; usedBy: string[] }>();
  for (const entry of entries) {
    for (const variable of entry.variables) {
      const known = byId.get(variable.id);
      if (known) known.usedBy.push(entry.name);
      else byId.set(variable.id, { variable, usedBy: [entry.name] });
    }
  }
  return [...byId.values()];
}

export function importItems(entries: readonly ImportEntry[]): ImportRequestItem[] {
  return entries.flatMap((entry) => (entry.config ? [{ name: entry.name, config: entry.config, variables: entry.variables }] : []));
}
