import { parseFilter } from '../../../../shared/filter/filter-terms';

/** A piece of a line: matched text is highlighted, the rest is plain. Always text, never HTML. */
export interface TextPiece {
  text: string;
  match: boolean;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

let lastQuery = '';
let lastPattern: RegExp | null = null;

/** What a query highlights: its words and phrases (any case) and its /regex/es; negated terms highlight nothing. */
function highlightPattern(query: string): RegExp | null {
  if (query === lastQuery) return lastPattern;
  const { terms } = parseFilter(query, () => undefined);
  const words: string[] = [];
  const regexes: string[] = [];
  for (const term of terms) {
    if (term.negate) continue;
    if (term.type === 'text') words.push(escapeRegex(term.value));
    else if (term.type === 'regex') regexes.push(term.regex.source);
  }
  let pattern: RegExp | null = null;
  const parts = [...words, ...regexes];
  if (parts.length > 0) {
    try {
      pattern = new RegExp(parts.join('|'), 'gi');
    } catch {
      // A /regex/ that only works with its own flags: the words still show.
      pattern = words.length > 0 ? new RegExp(words.join('|'), 'gi') : null;
    }
  }
  lastQuery = query;
  lastPattern = pattern;
  return pattern;
}

/** Splits `text` around every match of the query's words, phrases and /regex/es. */
export function splitMatches(text: string, query: string): TextPiece[] {
  const pattern = highlightPattern(query);
  if (!pattern) return [{ text, match: false }];
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const found of text.matchAll(pattern)) {
    if (found[0] === '') continue;
    if (found.index > from) pieces.push({ text: text.slice(from, found.index), match: false });
    pieces.push({ text: found[0], match: true });
    from = found.index + found[0].length;
  }
  if (from < text.length || pieces.length === 0) pieces.push({ text: text.slice(from), match: false });
  return pieces;
}
