/**
 * Characters that change how text around them is shown without being seen themselves: bidi
 * embeddings, overrides and isolates, zero-width characters, control characters. In a server's
 * name or URL they can disguise it (`report\u202Etxt.exe` reads as `reportexe.txt`).
 */
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;

/** The text with each such character written out as ⟨U+XXXX⟩, so it is seen and never applied. */
export function revealInvisible(text: string): string {
  return text.replace(INVISIBLE, (character) => `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`);
}
