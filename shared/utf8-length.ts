const NON_ASCII = /[\u0080-\uffff]/;

/** True when every character is ASCII (one byte in UTF-8, Latin-1 and ASCII alike). */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/** A character past Latin-1. V8 answers at once for a one-byte string, which cannot hold one. */
const WIDER_THAN_LATIN1 = /[\u0100-\uffff]/;

/** True when every character fits in one byte as Latin-1 (so a Latin-1 copy of the text is exact). */
export function isLatin1(text: string): boolean {
  return !WIDER_THAN_LATIN1.test(text);
}

/** UTF-8 size of a string, without allocating an encoded copy. */
export function utf8Length(text: string): number {
  // ASCII up to the first wider character is one byte each: the native search finds it much faster than the loop.
  const firstWide = text.search(NON_ASCII);
  if (firstWide < 0) return text.length;
  let bytes = firstWide;
  for (let i = firstWide; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
