/**
 * The outline of a large JSON text: where each entry of its top-level object or array is, found
 * without building any value. Building the values of 20 MB of JSON (JSON.parse) takes 200–450 ms
 * on Node 20; this pass a fraction of that, and the tree then parses only the entries it shows (see
 * `LazyContainer`). It checks the structure only (strings, nesting, commas and colons at the top
 * level): whether the whole text is JSON is checked afterwards (`DocumentCore.check`).
 */

export interface JsonOutline {
  isArray: boolean;
  /** The object's keys in order (null for an array). */
  keys: string[] | null;
  /** Each entry's value as `[start, end)` offsets into the text, two numbers per entry. */
  spans: Int32Array;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;

/** The outline of `text` when it is an object or array whose structure holds; null otherwise (the caller parses it whole, which says why). */
export function outlineJson(text: string): JsonOutline | null {
  let at = skipWhitespace(text, 0);
  const open = text.charCodeAt(at);
  if (open !== 0x5b /* [ */ && open !== 0x7b /* { */) return null;
  const isArray = open === 0x5b;
  const close = isArray ? 0x5d : 0x7d;
  const keys: string[] | null = isArray ? null : [];
  let spans = new Int32Array(1024);
  let count = 0;
  at = skipWhitespace(text, at + 1);
  if (text.charCodeAt(at) === close) {
    at++;
  } else {
    for (;;) {
      if (keys) {
        if (text.charCodeAt(at) !== QUOTE) return null;
        const keyEnd = endOfString(text, at);
        if (keyEnd < 0) return null;
        try {
          keys.push(JSON.parse(text.slice(at, keyEnd)) as string);
        } catch {
          return null;
        }
        at = skipWhitespace(text, keyEnd);
        if (text.charCodeAt(at) !== COLON) return null;
        at = skipWhitespace(text, at + 1);
      }
      const end = endOfValue(text, at);
      if (end < 0) return null;
      if (count + 2 > spans.length) {
        const grown = new Int32Array(spans.length * 2);
        grown.set(spans);
        spans = grown;
      }
      spans[count++] = at;
      spans[count++] = end;
      at = skipWhitespace(text, end);
      const next = text.charCodeAt(at++);
      if (next === close) break;
      if (next !== COMMA) return null;
      at = skipWhitespace(text, at);
    }
  }
  if (skipWhitespace(text, at) !== text.length) return null;
  return { isArray, keys, spans: spans.slice(0, count) };
}

function skipWhitespace(text: string, from: number): number {
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return at;
    at++;
  }
}

/** Where the string starting at `from` (its opening quote) ends, past its closing quote; -1 when it does not. */
function endOfString(text: string, from: number): number {
  let at = from;
  for (;;) {
    const quote = text.indexOf('"', at + 1);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote;
  }
}

/** Where the value starting at `from` ends; -1 when its structure is broken. Nested containers are skipped by counting brackets outside strings. */
function endOfValue(text: string, from: number): number {
  const first = text.charCodeAt(from);
  if (first === QUOTE) return endOfString(text, from);
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    for (let at = from; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        const end = endOfString(text, at);
        if (end < 0) return -1;
        at = end - 1;
      } else if (code === 0x7b || code === 0x5b) {
        depth++;
      } else if (code === 0x7d || code === 0x5d) {
        if (--depth === 0) return at + 1;
      }
    }
    return -1;
  }
  // A number or a literal: up to the next delimiter.
  let at = from;
  for (;;) {
    const code = text.charCodeAt(at);
    if (Number.isNaN(code) || code === COMMA || code === 0x5d || code === 0x7d || code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) break;
    at++;
  }
  return at > from ? at : -1;
}
