/** Case-insensitive match of every word of `query` against any of the item's fields. */
export function matchesQuery(query: string, fields: ReadonlyArray<string | undefined>): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.filter(Boolean).join('\n').toLowerCase();
  return words.every((word) => haystack.includes(word));
}
