/**
 * The filter language every filter box speaks (the traffic log, the console, the logs, the tool,
 * resource and prompt lists), modelled on DevTools' Network filter: space-separated terms, all of
 * which must match; a leading `-` negates a term; `"a phrase"`, `/regex/flags` and `key:value`.
 * Which keys exist, and what they mean, each box says for itself.
 */

/** A key a filter box understands, and what it means. */
export interface FilterKey {
  key: string;
  detail: string;
}

const REGEX_FLAG = /[dgimsuvy]/;
const REGEX_TERM = /^\/.+\/[dgimsuvy]*$/s;

/** Splits the query into terms: whitespace separates, except inside "quotes" and /regex/. */
export function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let index = 0;
  while (index < text.length) {
    while (index < text.length && /\s/.test(text[index]!)) index++;
    if (index >= text.length) break;
    const begin = index;
    const negated = text[index] === '-' ? 1 : 0;
    if (text[index + negated] === '/') {
      // A regex runs to the next unescaped slash; its flags follow.
      let cursor = index + negated + 1;
      while (cursor < text.length && text[cursor] !== '/') cursor += text[cursor] === '\\' ? 2 : 1;
      if (cursor < text.length) {
        cursor++;
        while (cursor < text.length && REGEX_FLAG.test(text[cursor]!)) cursor++;
        if (cursor >= text.length || /\s/.test(text[cursor]!)) {
          terms.push(text.slice(begin, cursor));
          index = cursor;
          continue;
        }
      }
    }
    let inQuotes = false;
    while (index < text.length && (inQuotes || !/\s/.test(text[index]!))) {
      if (text[index] === '"') inQuotes = !inQuotes;
      index++;
    }
    terms.push(text.slice(begin, index));
  }
  return terms;
}

/** `"a phrase"` → `a phrase`; text with quotes inside (e.g. `"jsonrpc":"2.0"`) is kept as typed. */
export function unquote(text: string): string {
  const quoted = text.length >= 2 && text.startsWith('"') && text.endsWith('"') && !text.slice(1, -1).includes('"');
  return quoted ? text.slice(1, -1) : text;
}

function parseRegex(body: string): RegExp | string {
  const close = body.lastIndexOf('/');
  const source = body.slice(1, close);
  // g and y make test() stateful; they mean nothing for a filter.
  const flags = body.slice(close + 1).replace(/[gy]/g, '');
  if (source === '') return 'An empty /regex/ matches everything; type a pattern between the slashes.';
  try {
    return new RegExp(source, flags);
  } catch (error) {
    return `Invalid regular expression ${body}: ${error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error)}`;
  }
}

/** A term of a query: free text, a /regex/, or a `key:value` the box understood (`K`). */
export type FilterTerm<K> = { negate: boolean } & ({ type: 'text'; value: string } | { type: 'regex'; regex: RegExp } | { type: 'key'; clause: K });

export interface ParsedFilter<K> {
  terms: Array<FilterTerm<K>>;
  /** Terms that could not be used, each as a sentence; the other terms still apply. */
  errors: string[];
}

/**
 * Parses a query. `parseKey` turns a `key:value` into the box's own clause, or into a sentence
 * saying what is wrong with it; for a key it does not know it returns undefined, and the term is
 * free text (so `a:b` in a message still matches).
 */
export function parseFilter<K>(text: string, parseKey: (key: string, value: string) => K | string | undefined): ParsedFilter<K> {
  const terms: Array<FilterTerm<K>> = [];
  const errors: string[] = [];
  for (const term of splitTerms(text)) {
    const negate = term.length > 1 && term.startsWith('-');
    const body = negate ? term.slice(1) : term;
    if (REGEX_TERM.test(body)) {
      const regex = parseRegex(body);
      if (typeof regex === 'string') errors.push(regex);
      else terms.push({ type: 'regex', regex, negate });
      continue;
    }
    const colon = body.indexOf(':');
    if (colon > 0) {
      const parsed = parseKey(body.slice(0, colon).toLowerCase(), unquote(body.slice(colon + 1)));
      if (typeof parsed === 'string') {
        errors.push(parsed);
        continue;
      }
      if (parsed !== undefined) {
        terms.push({ type: 'key', clause: parsed, negate });
        continue;
      }
    }
    const value = unquote(body);
    if (value !== '') terms.push({ type: 'text', value, negate });
  }
  return { terms, errors };
}
