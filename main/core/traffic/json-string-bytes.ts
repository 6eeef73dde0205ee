/**
 * A long one-byte string's JSON string literal, made in a buffer as UTF-8: the bytes of
 * `JSON.stringify(text)`, without building that string (30 MB for a 20 MB result, plus a flattened
 * copy to encode). The text is copied in as Latin-1, which is a plain copy, then escaped in place.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** The control characters JSON.stringify writes as a letter after a backslash; the others are `\u00XX`. */
const SHORT_ESCAPE = new Map([
  [0x08, 0x62], // \b
  [0x09, 0x74], // \t
  [0x0a, 0x6e], // \n
  [0x0c, 0x66], // \f
  [0x0d, 0x72], // \r
]);
const HEX = Buffer.from('0123456789abcdef', 'latin1');

/** How many bytes a Latin-1 character takes in a JSON string written as UTF-8. */
function escapedSize(code: number): number {
  if (code >= 0x80) return 2;
  if (code === QUOTE || code === BACKSLASH) return 2;
  if (code >= 0x20) return 1;
  return SHORT_ESCAPE.has(code) ? 2 : 6;
}

/** The escaped size of the Latin-1 bytes in `[start, end)`. */
export function escapedLength(buffer: Uint8Array, start: number, end: number): number {
  let length = end - start;
  for (let index = start; index < end; index++) {
    const code = buffer[index]!;
    if (code >= 0x80 || code < 0x20 || code === QUOTE || code === BACKSLASH) length += escapedSize(code) - 1;
  }
  return length;
}

/**
 * Escapes the Latin-1 bytes in `[start, end)` in place, into `[start, start + escaped)`
 * (`escaped` from `escapedLength`; the buffer must have room). It works from the end backwards:
 * each character's escape ends at or after the character itself, so no unread byte is overwritten.
 */
export function escapeInPlace(buffer: Uint8Array, start: number, end: number, escaped: number): void {
  let to = start + escaped;
  for (let from = end - 1; from >= start; from--) {
    const code = buffer[from]!;
    if (code >= 0x20 && code < 0x80 && code !== QUOTE && code !== BACKSLASH) {
      buffer[--to] = code;
    } else if (code >= 0x80) {
      buffer[--to] = 0x80 | (code & 0x3f);
      buffer[--to] = 0xc0 | (code >> 6);
    } else if (code >= 0x20) {
      buffer[--to] = code;
      buffer[--to] = BACKSLASH;
    } else {
      const letter = SHORT_ESCAPE.get(code);
      if (letter !== undefined) {
        buffer[--to] = letter;
      } else {
        buffer[--to] = HEX[code & 0xf]!;
        buffer[--to] = HEX[code >> 4]!;
        buffer[--to] = 0x30; // 0
        buffer[--to] = 0x30; // 0
        buffer[--to] = 0x75; // u
      }
      buffer[--to] = BACKSLASH;
    }
  }
}
