import type { ImportEntry } from '../../../../shared/config-import.js';
import { looksLikeSecret } from '../../../../shared/secret-shape.js';
import { DEFAULT_CALL_TIMEOUTS, type KeyValue, type ServerConfigInput, type TransportConfig } from '../../../../shared/server-config.js';
import { FileShapeError } from './parse-text.js';
import { isObject } from '../../../../shared/is-object.js';
import { mentionsPassword, type VariableCollector } from './variables.js';

/** The fields most clients share, still unchecked, after a client module renamed its own (e.g. Windsurf's `serverUrl`). */
export interface RawServer {
  type?: unknown;
  command?: unknown;
  args?: unknown;
  env?: unknown;
  cwd?: unknown;
  url?: unknown;
  headers?: unknown;
}

export interface EntryExtras {
  notes?: string[];
  disabled?: boolean;
  /** Pairs the client keeps in fields of its own (Codex's `env_vars`, `bearer_token_env_var`), already canonical. */
  extraEnv?: KeyValue[];
  extraHeaders?: KeyValue[];
  /** Timeouts the client sets in fields of its own (Codex's `startup_timeout_sec`, Gemini's `timeout`), in milliseconds. */
  connectTimeoutMs?: unknown;
  callTimeoutMs?: unknown;
}

/** A client's timeout as Loupe keeps it: a positive number of milliseconds, else nothing (with a note). */
function timeoutSetting(value: unknown, what: string, notes: string[]): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.round(value);
  notes.push(`Its ${what} is not a positive number, so Loupe's default is used.`);
  return undefined;
}

/** The entry's settings besides its transport: the client's timeouts. */
function otherSettings(extras: EntryExtras, notes: string[]): Partial<ServerConfigInput> {
  const connectTimeoutMs = timeoutSetting(extras.connectTimeoutMs, 'start-up timeout', notes);
  const callTimeoutMs = timeoutSetting(extras.callTimeoutMs, 'tool timeout', notes);
  return {
    ...(connectTimeoutMs !== undefined ? { connectTimeoutMs } : {}),
    ...(callTimeoutMs !== undefined
      ? { timeouts: { ...DEFAULT_CALL_TIMEOUTS, timeoutMs: callTimeoutMs, maxTotalTimeoutMs: Math.max(DEFAULT_CALL_TIMEOUTS.maxTotalTimeoutMs, callTimeoutMs) } }
      : {}),
  };
}

class EntryProblem extends Error {}

/** The longest value (command, argument, url, variable or header) an entry may have: real ones are lines, not pages. */
export const MAX_IMPORTED_VALUE_CHARS = 64 * 1024;

/** The value, or a problem when it is too long to be a setting. */
function bounded(value: string, name: string): string {
  if (value.length > MAX_IMPORTED_VALUE_CHARS) {
    throw new EntryProblem(`“${name}” has a value of ${value.length.toLocaleString('en')} characters; Loupe imports values of up to ${MAX_IMPORTED_VALUE_CHARS.toLocaleString('en')}.`);
  }
  return value;
}

/** The value with its variables in canonical form (see `bounded`). */
function converted(value: string, name: string, collector: VariableCollector): string {
  return collector.convert(bounded(value, name));
}

function transportType(type: unknown, url: string | undefined, name: string): TransportConfig['type'] | undefined {
  if (type === undefined || type === null || type === '') {
    if (url === undefined) return undefined;
    // Clients that take a bare url try Streamable HTTP first; an `/sse` endpoint is the old transport.
    return /\/sse\/?(\?.*)?$/i.test(url) ? 'sse' : 'streamable-http';
  }
  if (typeof type !== 'string') throw new EntryProblem(`“${name}” has a type that is not text.`);
  switch (type.toLowerCase()) {
    case 'stdio':
    case 'local':
      return 'stdio';
    case 'http':
    case 'streamable-http':
    case 'streamablehttp':
    case 'streamable_http':
      return 'streamable-http';
    case 'sse':
      return 'sse';
    default:
      throw new EntryProblem(`“${name}” has the type “${type}”, which is none of stdio, http or sse.`);
  }
}

function optionalText(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new EntryProblem(`${what} is not text.`);
  return value;
}

function pairs(value: unknown, what: string, name: string, collector: VariableCollector): KeyValue[] {
  if (value === undefined || value === null) return [];
  if (!isObject(value)) throw new EntryProblem(`${what} is not an object of names and values.`);
  return Object.entries(value).map(([key, item]) => {
    if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
      throw new EntryProblem(`${what} “${key}” is not text.`);
    }
    return { key: bounded(key, name), value: converted(String(item), name, collector) };
  });
}

/** Turns one client entry into an import entry, or an entry with a one-sentence problem. */
export function buildEntry(key: string, name: string, raw: unknown, collector: VariableCollector, extras: EntryExtras = {}): ImportEntry {
  const notes = [...(extras.notes ?? [])];
  const base = { key, name, notes, ...(extras.disabled ? { disabled: true } : {}) };
  try {
    if (!isObject(raw)) throw new EntryProblem(`“${name}” is not an object.`);
    const server = raw as RawServer;
    const command = optionalText(server.command, `“${name}”'s command`);
    const url = optionalText(server.url, `“${name}”'s url`);
    const type = transportType(server.type, url, name) ?? (command !== undefined ? 'stdio' : undefined);
    if (type === undefined) throw new EntryProblem(`“${name}” has neither a command nor a url.`);
    let transport: TransportConfig;
    if (type === 'stdio') {
      if (command === undefined || command.trim() === '') throw new EntryProblem(`“${name}” is a stdio server without a command.`);
      const args = server.args ?? [];
      if (!Array.isArray(args) || args.some((arg) => typeof arg !== 'string' && typeof arg !== 'number')) {
        throw new EntryProblem(`“${name}”'s args are not a list of text values.`);
      }
      const cwd = optionalText(server.cwd, `“${name}”'s cwd`);
      transport = {
        type,
        command: converted(command.trim(), name, collector),
        args: args.map((arg) => converted(String(arg), name, collector)),
        env: [...pairs(server.env, `“${name}”'s env`, name, collector), ...(extras.extraEnv ?? [])],
        ...(cwd ? { cwd: converted(cwd, name, collector) } : {}),
      };
    } else {
      if (url === undefined || url.trim() === '') throw new EntryProblem(`“${name}” is a remote server without a url.`);
      transport = { type, url: converted(url.trim(), name, collector), headers: [...pairs(server.headers, `“${name}”'s headers`, name, collector), ...(extras.extraHeaders ?? [])] };
    }
    const variables = collector.variables();
    const rows = transport.type === 'stdio' ? transport.env : transport.headers;
    for (const row of rows) {
      if (looksLikeSecret(row.key, row.value) || mentionsPassword(row.value, variables)) row.secret = true;
    }
    return { ...base, config: { name, transport, ...otherSettings(extras, notes) }, variables };
  } catch (error) {
    if (!(error instanceof EntryProblem)) throw error;
    return { ...base, problem: error.message, variables: [] };
  }
}

/** Entries of a `{ name: server }` object, or the sentence that says why it is not one. */
export function serverMap(value: unknown, field: string): [string, unknown][] {
  if (value === undefined) return [];
  if (!isObject(value)) throw new FileShapeError(`its “${field}” is not an object of servers.`);
  return Object.entries(value);
}
