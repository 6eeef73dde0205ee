import type { ImportEntry } from '../../../../shared/config-import.js';
import { buildEntry, serverMap, type EntryExtras } from './entry-mapping.js';
import { VariableCollector, type VariableDialect } from './variables.js';

/** What a client module needs besides the file's text. */
export interface ReadContext {
  home: string;
  environment: Record<string, string | undefined>;
  pathSeparator: string;
  /** The project a project-level file belongs to. */
  workspaceFolder?: string;
  /** Prefix of the entries' keys, unique per file. */
  keyPrefix: string;
}

/** One list of servers in a file: most files have one, `~/.claude.json` has one per project too. */
export interface ReadPart {
  /** Added to the source's label, e.g. "user" or "local: /home/me/app". */
  scope?: string;
  entries: ImportEntry[];
}

export type VsCodeInputs = ReadonlyMap<string, { description?: string; password: boolean; default?: string }>;

export function newCollector(dialect: VariableDialect, context: ReadContext, inputs?: VsCodeInputs): VariableCollector {
  return new VariableCollector(
    dialect,
    { userHome: context.home, pathSeparator: context.pathSeparator, ...(context.workspaceFolder ? { workspaceFolder: context.workspaceFolder } : {}) },
    context.environment,
    inputs,
  );
}

/**
 * The entries of a `{ name: server }` object. `adapt` lets a client rename its own fields into
 * the shared ones and add notes; it runs on objects only (anything else is reported by buildEntry).
 */
export function entriesOf(
  servers: unknown,
  field: string,
  dialect: VariableDialect,
  context: ReadContext,
  adapt?: (raw: Record<string, unknown>, name: string, collector: VariableCollector) => { raw: Record<string, unknown>; extras?: EntryExtras },
  inputs?: VsCodeInputs,
): ImportEntry[] {
  return serverMap(servers, field).map(([name, raw]) => {
    const collector = newCollector(dialect, context, inputs);
    const key = `${context.keyPrefix}/${name}`;
    if (adapt && typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      const adapted = adapt(raw as Record<string, unknown>, name, collector);
      return buildEntry(key, name, adapted.raw, collector, adapted.extras);
    }
    return buildEntry(key, name, raw, collector);
  });
}
