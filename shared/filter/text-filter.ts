import { parseFilter } from './filter-terms.js';

/** An item as a filter sees it: its text fields by name (the names are the keys a query may use). */
export type TextFields = Readonly<Record<string, string | undefined>>;

export interface TextFilter {
  matches(fields: TextFields): boolean;
  /** Terms that could not be used, each as a sentence. */
  errors: string[];
}

/**
 * A query in the shared filter language (see filter/filter-terms.ts) for items made of text fields:
 * free text and /regex/ match any field, `key:value` the field of that name (one of `keys`), `-`
 * negates. Case is ignored. Parsed once, then tried on many items.
 */
export function compileTextFilter(query: string, keys: readonly string[] = []): TextFilter {
  const known = new Set(keys);
  const { terms, errors } = parseFilter(query, (key, value) => (known.has(key) ? { key, value: value.toLowerCase() } : undefined));
  const matches = (fields: TextFields): boolean =>
    terms.every((term) => {
      let hit: boolean;
      if (term.type === 'key') hit = (fields[term.clause.key] ?? '').toLowerCase().includes(term.clause.value);
      else if (term.type === 'regex') hit = Object.values(fields).some((field) => field !== undefined && term.regex.test(field));
      else {
        const value = term.value.toLowerCase();
        hit = Object.values(fields).some((field) => field !== undefined && field.toLowerCase().includes(value));
      }
      return hit !== term.negate;
    });
  return { matches, errors };
}
