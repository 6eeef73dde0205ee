/** A piece of a line: matched text is highlighted, the rest is plain. Always text, never HTML. */
export interface TextPiece {
  text: string;
  match: boolean;
}

/** Splits `text` around every case-insensitive occurrence of `query`. */
export function splitMatches(text: string, query: string): TextPiece[] {
  if (query === '') return [{ text, match: false }];
  const haystack = text.toLowerCase();
  const needle = query.toLowerCase();
  const pieces: TextPiece[] = [];
  let from = 0;
  for (let found = haystack.indexOf(needle); found >= 0; found = haystack.indexOf(needle, from)) {
    if (found > from) pieces.push({ text: text.slice(from, found), match: false });
    pieces.push({ text: text.slice(found, found + needle.length), match: true });
    from = found + needle.length;
  }
  if (from < text.length || pieces.length === 0) pieces.push({ text: text.slice(from), match: false });
  return pieces;
}
