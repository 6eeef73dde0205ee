/**
 * The text of a paused message as the editor starts it: pretty JSON when it parses, else the text
 * as it came (a broken message is shown as it is).
 */
export function editableText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * What the person typed, made one line (stdio carries one message per line): JSON is written
 * compactly; text that is not JSON goes as it is if it is one line (to see how the peer takes it).
 */
export function oneLineText(text: string): { ok: true; text: string } | { ok: false; problem: string } {
  try {
    return { ok: true, text: JSON.stringify(JSON.parse(text)) };
  } catch (error) {
    if (!/[\r\n]/.test(text)) return { ok: true, text };
    return { ok: false, problem: `The message is not valid JSON (${error instanceof Error ? error.message : String(error)}) and spans lines, so it cannot be sent as one line.` };
  }
}
