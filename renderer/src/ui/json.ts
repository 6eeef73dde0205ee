import { plainText } from '../../../shared/plain-text';

/** Pretty JSON for display. Never throws: cycles and BigInts cannot come over the bridge, but be safe. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, null, 2) ?? plainText(value);
  } catch (error) {
    return `Could not format as JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Text a person typed that must be a JSON object: the object, or one sentence on what is wrong (naming `what`, a plural noun with `plural`). */
export function parseJsonObject(text: string, what: string, { plural = false }: { plural?: boolean } = {}): { ok: true; value: Record<string, unknown> } | { ok: false; problem: string } {
  const is = plural ? 'are' : 'is';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `The ${what} ${is} not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: `The ${what} must be a JSON object.` };
  return { ok: true, value: value as Record<string, unknown> };
}
