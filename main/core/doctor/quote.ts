import { DOCTOR_LIMITS } from '../../../shared/doctor.js';
import { revealInvisible } from '../../../shared/reveal-invisible.js';

/** A server's text as a check quotes it: invisible characters written out, cut at the limit. */
export function quoted(text: string, maxChars: number = DOCTOR_LIMITS.quotedLineChars): string {
  const cut = text.length > maxChars ? `${text.slice(0, maxChars)}… (${text.length} characters)` : text;
  return revealInvisible(cut);
}

/** At most the limit's number of lines, each quoted. */
export function quotedLines(lines: readonly string[], max: number = DOCTOR_LIMITS.quotedLines): string[] {
  return lines.slice(0, max).map((line) => quoted(line));
}
