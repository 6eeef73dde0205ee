/**
 * Routing an entry of a JSON (or JSONC) client config: only the entry's `command` and `args` (or
 * its URL) change, through jsonc-parser's edits, so comments, trailing commas, key order and the
 * file's indentation stay as they were. The result is parsed again and compared with what was
 * meant, so a file that could not be edited precisely is refused rather than written.
 */
import { applyEdits, findNodeAtLocation, modify, parseTree, type FormattingOptions, type JSONPath } from 'jsonc-parser';
import { isDeepStrictEqual } from 'node:util';
import type { RouteTarget } from '../../../../shared/proxy.js';
import { LoupeError } from '../../../../shared/wire.js';
import { parseJsonText } from '../../config/import/parse-text.js';
import { entryFields, type EntryFields, type RoutedFields } from './routed-entry.js';

/** Where a client keeps its servers in its file. */
export function entryPath(target: RouteTarget): JSONPath {
  if (target.client === 'claude-code' && target.project !== undefined) return ['projects', target.project, 'mcpServers', target.name];
  if (target.client === 'vscode') return /settings\.json$/i.test(target.path) ? ['mcp', 'servers', target.name] : ['servers', target.name];
  return ['mcpServers', target.name];
}

/** The file's own indentation and line ending, for the values jsonc-parser writes. */
function formattingOf(text: string): FormattingOptions {
  const indented = /^([ \t]+)["/]/m.exec(text)?.[1] ?? '  ';
  return { insertSpaces: !indented.startsWith('\t'), tabSize: indented.startsWith('\t') ? 1 : indented.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

function bomless(text: string): { bom: string; body: string } {
  return text.startsWith('\uFEFF') ? { bom: '\uFEFF', body: text.slice(1) } : { bom: '', body: text };
}

function entryAt(value: unknown, path: JSONPath): unknown {
  let node = value;
  for (const segment of path) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment as string] : undefined;
  return node;
}

export function readJsonEntry(text: string, target: RouteTarget): EntryFields {
  const { body } = bomless(text);
  const path = entryPath(target);
  const root = parseTree(body);
  if (!root || !findNodeAtLocation(root, path)) throw new LoupeError(`${target.path} has no server “${target.name}” where ${target.client} keeps it.`, 'not-found');
  return entryFields(entryAt(parseJsonText(text), path), target.name);
}

export function routeJsonEntry(text: string, target: RouteTarget, routed: RoutedFields): string {
  const { bom, body } = bomless(text);
  const path = entryPath(target);
  const options = { formattingOptions: formattingOf(body) };
  let next = body;
  const set = (field: JSONPath, value: unknown) => {
    next = applyEdits(next, modify(next, [...path, ...field], value, options));
  };
  if (routed.kind === 'stdio') {
    set(['command'], routed.command);
    set(['args'], routed.args);
    for (const [name, value] of Object.entries(routed.env)) set(['env', name], value);
  } else {
    set([routed.urlKey], routed.url);
  }
  const result = bom + next;
  checkOnlyEntryChanged(text, result, path, routed);
  return result;
}

/** The edited file means what was meant: the entry has the new values, and nothing else differs. */
function checkOnlyEntryChanged(before: string, after: string, path: JSONPath, routed: RoutedFields): void {
  const old = parseJsonText(before);
  const expected = structuredClone(old) as Record<string, unknown>;
  const entry = entryAt(expected, path) as Record<string, unknown>;
  if (routed.kind === 'stdio') {
    entry.command = routed.command;
    entry.args = routed.args;
    if (Object.keys(routed.env).length > 0) entry.env = { ...(entry.env as Record<string, unknown> | undefined), ...routed.env };
  } else entry[routed.urlKey] = routed.url;
  if (!isDeepStrictEqual(parseJsonText(after), expected)) throw new LoupeError('Loupe could not rewrite this entry precisely, so it left the file as it is.', 'invalid');
}
