/**
 * The wire text of each large response, found by the result parsed from it. A reply that carries
 * that very result (a call's outcome) is then written for the window around this text, instead of
 * serializing megabytes again (see `quotingReplyJson`). Weak: an entry lasts as long as its result.
 */
import { SERIALIZED_REPLY_MIN_CHARS } from '../../../shared/wire.js';

const textByResult = new WeakMap<object, string>();

/** Called for each response as it is recorded; only large ones are kept. */
export function rememberResponseText(message: unknown, text: string): void {
  if (text.length < SERIALIZED_REPLY_MIN_CHARS || typeof message !== 'object' || message === null) return;
  const result = (message as { result?: unknown }).result;
  if (typeof result === 'object' && result !== null) textByResult.set(result, text);
}

/** The text of the response `result` was parsed from, when it is large and still known. */
export function responseTextOf(result: unknown): string | undefined {
  return typeof result === 'object' && result !== null ? textByResult.get(result) : undefined;
}
