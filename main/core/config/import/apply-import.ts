import type { ImportParams, ImportResult } from '../../../../shared/config-import.js';
import type { KeyValue, ServerConfig, ServerConfigInput } from '../../../../shared/server-config.js';
import { LoupeError } from '../../../../shared/wire.js';
import { parseServerConfigInput } from '../validate-server-config.js';
import { substituteVariables } from './variables.js';

/** What the import needs of the server list. */
export interface ServerList {
  list(): ServerConfig[];
  add(input: ServerConfigInput): Promise<ServerConfig>;
}

/** "name", "name (2)", "name (3)", … : the first that no server has yet. */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n += 1) {
    const candidate = `${name} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * Adds the chosen entries with their variables filled in. Existing servers are never changed: a
 * taken name gets a suffix. An entry that is still invalid after substitution is reported and skipped;
 * a variable nothing gave a value to stays in the config as `${…}` and is reported.
 */
export async function applyImport(params: ImportParams, servers: ServerList, environment: Record<string, string | undefined>): Promise<ImportResult> {
  const result: ImportResult = { added: [], renamed: [], unresolved: [], problems: [] };
  const taken = new Set(servers.list().map((server) => server.name.toLowerCase()));
  for (const item of params.items) {
    const missing = new Set<string>();
    const fill = (value: string) =>
      substituteVariables(value, item.variables, params.values, environment, (variable) => missing.add(variable.kind === 'env' ? `$${variable.name}` : variable.name));
    let input: ServerConfigInput;
    try {
      input = parseServerConfigInput({ ...item.config, name: item.name, transport: fillTransport(item.config.transport, fill) });
    } catch (error) {
      const reason = error instanceof LoupeError ? error.message : String(error);
      const needs = missing.size > 0 ? ` It needs a value for ${[...missing].join(', ')}.` : '';
      result.problems.push(`“${item.name}” was not imported: ${reason}${needs}`);
      continue;
    }
    const name = freeName(input.name, taken);
    taken.add(name.toLowerCase());
    if (name !== input.name) result.renamed.push({ from: input.name, to: name });
    result.added.push(await servers.add({ ...input, name }));
    if (missing.size > 0) {
      result.unresolved.push(`“${name}” still refers to ${[...missing].join(', ')}, which had no value: edit the server before connecting.`);
    }
  }
  return result;
}

/**
 * Fills every string of the transport. It came from the window, so nothing about its shape is
 * assumed here: parseServerConfigInput checks the filled result.
 */
function fillTransport(transport: unknown, fill: (value: string) => string): unknown {
  if (typeof transport !== 'object' || transport === null || Array.isArray(transport)) return transport;
  const text = (value: unknown) => (typeof value === 'string' ? fill(value) : value);
  const pairs = (value: unknown) =>
    Array.isArray(value) ? value.map((pair: unknown) => (typeof pair === 'object' && pair !== null ? { ...pair, value: text((pair as KeyValue).value) } : pair)) : value;
  const source = transport as Record<string, unknown>;
  return {
    ...source,
    command: text(source.command),
    args: Array.isArray(source.args) ? source.args.map(text) : source.args,
    env: pairs(source.env),
    cwd: text(source.cwd),
    url: text(source.url),
    headers: pairs(source.headers),
  };
}
