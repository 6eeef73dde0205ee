import type { FilterKey } from '../../../../shared/filter/filter-terms';
/** Filter-key autocompletion, as DevTools' Network filter has: keys first, then known values. */

export interface FilterSuggestion {
  /** What the list shows. */
  label: string;
  /** What replaces the term being typed. */
  insert: string;
  /** A few words on what it means. */
  detail?: string;
}



export interface SuggestionList {
  /** The range of the text the chosen suggestion replaces. */
  from: number;
  to: number;
  items: FilterSuggestion[];
}

const MAX_SUGGESTIONS = 12;

function quoted(value: string): string {
  return /[\s"]/.test(value) ? `"${value.replaceAll('"', '')}"` : value;
}

/**
 * Suggestions for the term the caret is in: the box's keys while a key is typed, then the values
 * `valuesOf` knows for it; none when the term is empty, a phrase or a /regex/.
 */
export function filterSuggestions(
  text: string,
  caret: number,
  keys: readonly FilterKey[],
  valuesOf: (key: string) => readonly string[] | undefined,
): SuggestionList {
  let start = caret;
  while (start > 0 && !/\s/.test(text[start - 1]!)) start--;
  if (text[start] === '-') start++;
  const term = text.slice(start, caret);
  const none = { from: start, to: caret, items: [] };
  if (term === '' || term.startsWith('"') || term.startsWith('/')) return none;

  const colon = term.indexOf(':');
  if (colon < 0) {
    const lower = term.toLowerCase();
    const items = keys
      .map(({ key, detail }) => ({ label: `${key}:`, insert: `${key}:`, detail }))
      .filter((item) => item.insert.startsWith(lower) && item.insert !== lower);
    return { from: start, to: caret, items };
  }

  const key = term.slice(0, colon).toLowerCase();
  const typed = term.slice(colon + 1).replace(/^"/, '').toLowerCase();
  const values = keys.some((candidate) => candidate.key === key) ? valuesOf(key) : undefined;
  if (!values) return none;
  const items = values
    .filter((value) => value.toLowerCase().includes(typed) && value.toLowerCase() !== typed)
    .sort((a, b) => Number(!a.toLowerCase().startsWith(typed)) - Number(!b.toLowerCase().startsWith(typed)) || a.localeCompare(b))
    .slice(0, MAX_SUGGESTIONS)
    .map((value) => ({ label: value, insert: `${key}:${quoted(value)} ` }));
  return { from: start, to: caret, items };
}
