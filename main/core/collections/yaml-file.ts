/**
 * YAML files of a collection, read with line numbers and written back through the `yaml` package's
 * document API, so a save keeps the file's comments, key order and formatting.
 */
import { Document, isMap, isScalar, isSeq, LineCounter, parseDocument, stringify, type Node, type ParsedNode, type Scalar, type YAMLMap } from 'yaml';
import type { z } from 'zod';
import { isObject } from '../../../shared/is-object.js';
import type { CollectionProblem } from '../../../shared/collections.js';

/** Nesting deeper than this (brackets or indentation) is refused before the parser sees it. */
const MAX_NESTING = 64;
/** YAML aliases expand on reading; a few are plenty for a request file (and many make a bomb). */
const MAX_ALIASES = 100;

export interface ParsedYaml {
  document: Document.Parsed;
  lines: LineCounter;
}

function lineOf(lines: LineCounter, offset: number): number {
  return lines.linePos(offset).line;
}

/**
 * How deep the text nests, roughly: brackets outside quotes, and indentation in steps of one
 * space. Enough to refuse a file that would take the parser seconds or overflow its stack.
 */
function nestingProblem(text: string): { line: number; message: string } | undefined {
  let depth = 0;
  let line = 1;
  let quote: string | undefined;
  let lineStart = true;
  let indent = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\n') {
      line++;
      lineStart = true;
      indent = 0;
      if (quote === "'" || quote === '"') continue;
      quote = undefined;
      continue;
    }
    if (lineStart) {
      if (char === ' ') {
        if (++indent > MAX_NESTING * 4) return { line, message: `is indented more than ${MAX_NESTING * 4} spaces` };
        continue;
      }
      lineStart = false;
    }
    if (quote) {
      if (char === quote && text[index - 1] !== '\\') quote = undefined;
      continue;
    }
    if (char === '#' && (index === 0 || /\s/.test(text[index - 1]!))) {
      quote = '#';
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '[' || char === '{') {
      if (++depth > MAX_NESTING) return { line, message: `nests more than ${MAX_NESTING} levels deep` };
    } else if (char === ']' || char === '}') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/** Parses YAML text; a syntax error is a problem naming the file and its line. */
export function parseYaml(text: string, file: string): { parsed: ParsedYaml } | { problem: CollectionProblem } {
  const deep = nestingProblem(text);
  if (deep) return { problem: { file, line: deep.line, message: `${file}, line ${deep.line}: the file ${deep.message}.` } };
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, keepSourceTokens: false });
  const error = document.errors[0];
  if (error) {
    const line = lineOf(lines, error.pos[0]);
    const sentence = error.message.split('\n')[0]!.replace(/\s+at line \d+, column \d+.*$/, '').replace(/\.?$/, '.');
    return { problem: { file, line, message: `${file}, line ${line}: ${sentence}` } };
  }
  return { parsed: { document, lines } };
}

/** The document's value as plain JSON-like data; aliases are bounded. */
export function yamlValue(parsed: ParsedYaml, file: string): { value: unknown } | { problem: CollectionProblem } {
  try {
    return { value: parsed.document.toJS({ maxAliasCount: MAX_ALIASES }) as unknown };
  } catch (error) {
    return { problem: { file, message: `${file}: ${error instanceof Error ? error.message : String(error)}` } };
  }
}

/** The line of the node at `path` (or of its nearest parent that exists). */
export function lineAt(parsed: ParsedYaml, path: readonly PropertyKey[]): number | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = parsed.document.getIn(path.slice(0, length) as unknown[], true) as ParsedNode | undefined;
    if (node && typeof node === 'object' && 'range' in node && node.range) return lineOf(parsed.lines, node.range[0]);
  }
  return undefined;
}

/** `checks[2].path` for a path of keys and indexes. */
export function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '');
}

/** The first zod issue as one sentence naming the file, the line and the field. */
export function shapeProblem(parsed: ParsedYaml, file: string, error: z.ZodError): CollectionProblem {
  const issue = error.issues[0]!;
  const where = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  const line = lineAt(parsed, where);
  const field = pathText(where);
  const message = issue.code === 'unrecognized_keys' ? 'is not a field Loupe knows' : issue.message;
  const sentence = `${field ? `"${field}" ` : 'The file '}${message}`.replace(/\.?$/, '.');
  return { file, ...(line !== undefined ? { line } : {}), message: `${file}${line !== undefined ? `, line ${line}` : ''}: ${sentence}` };
}

// ─── Writing ────────────────────────────────────────────────────────────────────────────────────

/** The order keys are written in when Loupe adds them, per kind of map (others go last). */
export type KeyOrder = (path: readonly PropertyKey[]) => readonly string[];

function sameScalar(node: unknown, value: unknown): boolean {
  return isScalar(node) && node.value === value;
}

function insertAt(map: YAMLMap, key: string, order: readonly string[]): number {
  const rank = order.indexOf(key);
  if (rank < 0) return map.items.length;
  const later = map.items.findIndex((pair) => {
    const other = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    const otherRank = order.indexOf(other);
    return otherRank > rank;
  });
  return later < 0 ? map.items.length : later;
}

/**
 * What an update did: scalar values replaced in place (each with its span in the source text), or
 * a change of structure (a key or item added or removed, a value of another kind).
 */
interface Edits {
  scalars: Array<{ start: number; end: number; text: string }>;
  structural: boolean;
}

/** A scalar as YAML text on one line, quoted the way the old one was; undefined when it needs more than a line. */
function scalarText(node: Scalar, value: unknown): string | undefined {
  const type = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? node.type : undefined;
  const text = stringify(value, { lineWidth: 0, ...(type ? { defaultStringType: type } : {}) }).replace(/\n$/, '');
  return text.includes('\n') ? undefined : text;
}

/**
 * Makes `node` hold `value`, changing only what differs: a scalar that stays keeps its comment and
 * style, a key that stays keeps its place, a new key goes where `order` puts it.
 */
function update(document: Document, node: unknown, value: unknown, order: KeyOrder, path: PropertyKey[], edits: Edits): Node {
  if (isMap(node) && isObject(value) && !Array.isArray(value)) {
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (!Object.hasOwn(value, key) || value[key] === undefined) {
        node.delete(pair.key);
        edits.structural = true;
      }
    }
    for (const [key, child] of Object.entries(value)) {
      if (child === undefined) continue;
      const pair = node.items.find((item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === key);
      if (pair) pair.value = update(document, pair.value, child, order, [...path, key], edits);
      else {
        node.items.splice(insertAt(node, key, order(path)), 0, document.createPair(key, fresh(document, child, order, [...path, key])));
        edits.structural = true;
      }
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    if (node.items.length !== value.length) edits.structural = true;
    node.items.splice(value.length);
    value.forEach((child, index) => {
      node.items[index] = index < node.items.length ? update(document, node.items[index], child, order, [...path, index], edits) : fresh(document, child, order, [...path, index]);
    });
    return node;
  }
  const plain = !(value !== null && typeof value === 'object');
  if (plain && sameScalar(node, value)) return node as Node;
  if (isScalar(node) && plain) {
    const text = scalarText(node, value);
    if (text !== undefined && node.range) edits.scalars.push({ start: node.range[0], end: node.range[1], text });
    else edits.structural = true;
    node.value = value;
    return node;
  }
  edits.structural = true;
  return fresh(document, value, order, path);
}

/** A new node for `value`, its maps' keys in `order`. */
function fresh(document: Document, value: unknown, order: KeyOrder, path: PropertyKey[]): Node {
  return document.createNode(sortKeys(value, order, path));
}

function sortKeys(value: unknown, order: KeyOrder, path: PropertyKey[]): unknown {
  if (Array.isArray(value)) return value.map((item, index) => sortKeys(item, order, [...path, index]));
  if (!isObject(value)) return value;
  const wanted = order(path);
  const keys = Object.keys(value).filter((key) => value[key] !== undefined);
  const rank = (key: string) => (wanted.includes(key) ? wanted.indexOf(key) : wanted.length);
  keys.sort((a, b) => rank(a) - rank(b));
  return Object.fromEntries(keys.map((key) => [key, sortKeys(value[key], order, [...path, key])]));
}

/**
 * The text of a YAML file holding `value`: the existing text edited in place when there is one,
 * else a new file with `header` as its first comment. An edit of values only changes those values'
 * text; a change of structure (keys or items added or removed) keeps every comment, but the yaml
 * package lays out the file again (a comment after a value then follows it by one space).
 */
export function yamlText(existing: string | undefined, value: unknown, order: KeyOrder, header?: string): string {
  if (existing !== undefined) {
    const document = parseDocument(existing, { uniqueKeys: true });
    if (document.errors.length === 0 && isMap(document.contents) && isObject(value)) {
      const edits: Edits = { scalars: [], structural: false };
      update(document, document.contents, value, order, [], edits);
      // Only values changed: splice them into the text, so everything else stays byte for byte.
      if (!edits.structural) return edits.scalars.sort((a, b) => b.start - a.start).reduce((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), existing);
      return document.toString({ lineWidth: 0, flowCollectionPadding: false });
    }
  }
  const document = new Document(sortKeys(value, order, []));
  if (header && document.contents) (document.contents).commentBefore = ` ${header}`;
  return document.toString({ lineWidth: 0, flowCollectionPadding: false });
}
