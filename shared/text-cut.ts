/** Where to cut `text` to keep at most `max` UTF-16 code units without splitting a surrogate pair. */
export function cutLength(text: string, max: number): number {
  if (text.length <= max) return text.length;
  const end = Math.max(0, max);
  const before = text.charCodeAt(end - 1);
  return end > 0 && before >= 0xd800 && before <= 0xdbff ? end - 1 : end;
}
