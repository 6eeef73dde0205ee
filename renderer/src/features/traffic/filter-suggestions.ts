/** Filter-key autocompletion, as DevTools' Network filter has: keys first, then known values. */

export interface FilterSuggestion {
  /** What the list shows. */
  label: string;
  /** What replaces the term being typed. */
  insert: string;
  /** A few words on what it means. */
  detail?: string;
}

export interface KnownValues {
  methods: readonly string[];
  /** Names from the Name column: tools, prompts, resource URIs. */
  names: readonly string[];
  servers: readonly string[];
}

export interface SuggestionList {
  /** The range of the text the chosen suggestion replaces. */
  from: number;
  to: number;
  items: FilterSuggestion[];
}

const MAX_SUGGESTIONS = 12;

const KEYS: ReadonlyArray<[string, string]> = [
  ['method:', 'method name'],
  ['name:', 'tool, prompt or resource acted on'],
  ['server:', 'server name'],
  ['is:', 'status'],
  ['dir:', 'direction'],
  ['kind:', 'message kind'],
  ['larger-than:', 'size, e.g. 10k'],
  ['smaller-than:', 'size, e.g. 1m'],
  ['id:', 'JSON-RPC id'],
];

const FIXED_VALUES: Record<string, readonly string[]> = {
  is: ['pending', 'ok', 'error', 'tool-error', 'cancelled', 'timeout', 'unanswered', 'input'],
  dir: ['in', 'out'],
  kind: ['request', 'response', 'error', 'notification', 'batch', 'stderr', 'malformed', 'note', 'http'],
};

function quoted(value: string): string {
  return /[\s"]/.test(value) ? `"${value.replaceAll('"', '')}"` : value;
}

/** Suggestions for the term the caret is in; none when it is empty, a phrase or a /regex/. */
export function filterSuggestions(text: string, caret: number, known: KnownValues): SuggestionList {
  let start = caret;
  while (start > 0 && !/\s/.test(text[start - 1]!)) start--;
  if (text[start] === '-') start++;
  const term = text.slice(start, caret);
  const none = { from: start, to: caret, items: [] };
  if (term === '' || term.startsWith('"') || term.startsWith('/')) return none;

  const colon = term.indexOf(':');
  if (colon < 0) {
    const lower = term.toLowerCase();
    const items = KEYS.filter(([key]) => key.startsWith(lower) && key !== lower).map(([key, detail]) => ({ label: key, insert: key, detail }));
    return { from: start, to: caret, items };
  }

  const key = term.slice(0, colon).toLowerCase();
  const typed = term.slice(colon + 1).replace(/^"/, '').toLowerCase();
  const values =
    FIXED_VALUES[key] ?? (key === 'method' ? known.methods : key === 'name' ? known.names : key === 'server' ? known.servers : undefined);
  if (!values) return none;
  const items = values
    .filter((value) => value.toLowerCase().includes(typed) && value.toLowerCase() !== typed)
    .sort((a, b) => Number(!a.toLowerCase().startsWith(typed)) - Number(!b.toLowerCase().startsWith(typed)) || a.localeCompare(b))
    .slice(0, MAX_SUGGESTIONS)
    .map((value) => ({ label: value, insert: `${key}:${quoted(value)} ` }));
  return { from: start, to: caret, items };
}
