/**
 * Routing an entry of Codex's `config.toml` by editing its text in place (a TOML library would
 * rewrite the whole file and lose its comments and layout): the `[mcp_servers.NAME]` table is
 * found, and only the values of its `command` and `args` (or `url`) are replaced, or `args` added
 * after `command`. The result is parsed again and compared with what was meant.
 */
import { isDeepStrictEqual } from 'node:util';
import { isObject } from '../../../../shared/is-object.js';
import type { RouteTarget } from '../../../../shared/proxy.js';
import { LoupeError } from '../../../../shared/wire.js';
import { parseTomlText } from '../../config/import/parse-text.js';
import { entryFields, type EntryFields, type RoutedFields } from './routed-entry.js';

/** A key = value line in a table: where its value's text is. */
interface ValueSpan {
  key: string;
  lineStart: number;
  valueStart: number;
  valueEnd: number;
}

/** A table header's key, decoded: bare, "basic" or 'literal'. */
function decodeKey(text: string): string | undefined {
  const key = text.trim();
  if (/^[A-Za-z0-9_-]+$/.test(key)) return key;
  if (key.startsWith('"') && key.endsWith('"') && key.length >= 2) {
    try {
      return JSON.parse(key) as string;
    } catch {
      return undefined;
    }
  }
  if (key.startsWith("'") && key.endsWith("'") && key.length >= 2) return key.slice(1, -1);
  return undefined;
}

/** The dotted parts of a header's key (`mcp_servers."a.b"` is two parts). */
function headerParts(inner: string): string[] | undefined {
  const parts: string[] = [];
  const pattern = /\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*(\.|$)/y;
  let at = 0;
  while (at < inner.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(inner);
    if (!match) return undefined;
    const part = decodeKey(match[1]!);
    if (part === undefined) return undefined;
    parts.push(part);
    at = pattern.lastIndex;
    if (match[2] === '') break;
  }
  return parts;
}

/**
 * Scans TOML text from `start`, keeping track of strings, brackets and comments, and reports each
 * top-level `key = value` of the table that starts there, until the next table header.
 */
function tableValues(text: string, start: number): { values: ValueSpan[]; end: number } {
  const values: ValueSpan[] = [];
  let at = start;
  while (at < text.length) {
    const lineEnd = text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at);
    const line = text.slice(at, lineEnd);
    if (/^\s*\[/.test(line)) return { values, end: at };
    const key = /^(\s*)("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_.-]+)\s*=\s*/.exec(line);
    if (!key) {
      at = lineEnd + 1;
      continue;
    }
    const valueStart = at + key[0].length;
    const valueEnd = valueEndAt(text, valueStart);
    values.push({ key: decodeKey(key[2]!) ?? key[2]!, lineStart: at, valueStart, valueEnd });
    const next = text.indexOf('\n', valueEnd);
    at = next === -1 ? text.length : next + 1;
  }
  return { values, end: text.length };
}

/** Where the value starting at `start` ends: past strings and nested brackets, before a comment or the line's end. */
function valueEndAt(text: string, start: number): number {
  let depth = 0;
  let at = start;
  let lastSignificant = start;
  while (at < text.length) {
    const char = text[at]!;
    if (text.startsWith('"""', at) || text.startsWith("'''", at)) {
      const quote = text.slice(at, at + 3);
      let close = text.indexOf(quote, at + 3);
      while (quote === '"""' && close > 0 && text[close - 1] === '\\') close = text.indexOf(quote, close + 1);
      at = close < 0 ? text.length : close + 3;
      lastSignificant = at;
      continue;
    }
    if (char === '"') {
      at++;
      while (at < text.length && text[at] !== '"' && text[at] !== '\n') at += text[at] === '\\' ? 2 : 1;
      at++;
      lastSignificant = at;
      continue;
    }
    if (char === "'") {
      const close = text.indexOf("'", at + 1);
      at = close < 0 ? text.length : close + 1;
      lastSignificant = at;
      continue;
    }
    if (char === '#') {
      const newline = text.indexOf('\n', at);
      if (depth === 0) return lastSignificant;
      at = newline < 0 ? text.length : newline;
      continue;
    }
    if (char === '[' || char === '{') depth++;
    if (char === ']' || char === '}') depth--;
    if (char === '\n' && depth <= 0) return lastSignificant;
    if (!/\s/.test(char)) lastSignificant = at + 1;
    at++;
  }
  return lastSignificant;
}

/** The `[mcp_servers.NAME]` table: where its header line ends and its values. */
function findTable(text: string, name: string): { bodyStart: number; values: ValueSpan[] } {
  const header = /^[ \t]*\[([^[\]\n]+)\][ \t]*(#.*)?$/gm;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const parts = headerParts(match[1]!);
    if (parts?.length === 2 && parts[0] === 'mcp_servers' && parts[1] === name) {
      const bodyStart = text.indexOf('\n', match.index) + 1 || text.length;
      return { bodyStart, values: tableValues(text, bodyStart).values };
    }
  }
  throw new LoupeError(`Codex's config has no [mcp_servers.${name}] table Loupe can rewrite (an entry written as an inline table is left alone).`, 'not-found');
}

function tomlString(value: string): string {
  return JSON.stringify(value);
}

function tomlArray(values: readonly string[]): string {
  return `[${values.map(tomlString).join(', ')}]`;
}

function serversOf(text: string): Record<string, unknown> {
  const parsed = parseTomlText(text);
  return isObject(parsed) && isObject(parsed.mcp_servers) ? parsed.mcp_servers : {};
}

export function readTomlEntry(text: string, target: RouteTarget): EntryFields {
  findTable(text, target.name);
  return entryFields(serversOf(text)[target.name], target.name);
}

export function routeTomlEntry(text: string, target: RouteTarget, routed: RoutedFields): string {
  const { bodyStart, values } = findTable(text, target.name);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const span = (key: string) => values.find((value) => value.key === key);
  if (routed.kind === 'stdio') {
    const command = span('command');
    if (!command) throw new LoupeError(`[mcp_servers.${target.name}] has no command line Loupe can rewrite.`, 'invalid');
    edits.push({ start: command.valueStart, end: command.valueEnd, text: tomlString(routed.command) });
    const args = span('args');
    if (args) edits.push({ start: args.valueStart, end: args.valueEnd, text: tomlArray(routed.args) });
    else {
      const indent = /^[ \t]*/.exec(text.slice(command.lineStart))![0];
      const lineEnd = text.indexOf('\n', command.valueEnd);
      const at = lineEnd < 0 ? text.length : lineEnd + 1;
      edits.push({ start: at, end: at, text: `${lineEnd < 0 ? eol : ''}${indent}args = ${tomlArray(routed.args)}${eol}` });
    }
    const envNames = Object.keys(routed.env);
    if (envNames.length > 0) {
      if (span('env') || new RegExp(`^\\s*\\[\\s*mcp_servers\\s*\\.\\s*["']?${target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*\\.\\s*env\\s*\\]`, 'm').test(text)) {
        throw new LoupeError(`[mcp_servers.${target.name}] has an env table already; add ${envNames.join(', ')} = "1" to it by hand, or route this entry from a Loupe run with Node.`, 'invalid');
      }
      const last = values.at(-1);
      const lineEnd = last ? text.indexOf('\n', last.valueEnd) : bodyStart - 1;
      const at = lineEnd < 0 ? text.length : lineEnd + 1;
      const pairs = Object.entries(routed.env).map(([name, value]) => `${name} = ${tomlString(value)}`).join(', ');
      edits.push({ start: at, end: at, text: `${lineEnd < 0 ? eol : ''}env = { ${pairs} }${eol}` });
    }
  } else {
    const url = span(routed.urlKey);
    if (!url) throw new LoupeError(`[mcp_servers.${target.name}] has no ${routed.urlKey} line Loupe can rewrite.`, 'invalid');
    edits.push({ start: url.valueStart, end: url.valueEnd, text: tomlString(routed.url) });
  }
  let result = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  checkOnlyEntryChanged(text, result, target.name, routed);
  return result;
}

function checkOnlyEntryChanged(before: string, after: string, name: string, routed: RoutedFields): void {
  const expected = structuredClone(parseTomlText(before)) as Record<string, unknown>;
  const entry = serversOfParsed(expected)[name] as Record<string, unknown>;
  if (routed.kind === 'stdio') {
    entry.command = routed.command;
    entry.args = routed.args;
    if (Object.keys(routed.env).length > 0) entry.env = routed.env;
  } else entry[routed.urlKey] = routed.url;
  let actual: unknown;
  try {
    actual = parseTomlText(after);
  } catch {
    actual = undefined;
  }
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(actual)), JSON.parse(JSON.stringify(expected)))) {
    throw new LoupeError('Loupe could not rewrite this entry precisely, so it left the file as it is.', 'invalid');
  }
}

function serversOfParsed(parsed: Record<string, unknown>): Record<string, unknown> {
  return isObject(parsed.mcp_servers) ? parsed.mcp_servers : {};
}
