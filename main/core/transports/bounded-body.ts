/**
 * Response bodies from servers and authorization servers, bounded before anything keeps them: a
 * body past its limit ends in an error that says so, so whoever reads it (the SDK's `json()`, the
 * OAuth flow) fails with that sentence instead of holding gigabytes.
 */
import { DEFAULT_MAX_LINE_BYTES } from './line-splitter.js';

/** An authorization server's documents and answers (metadata, registration, tokens): kilobytes in practice. */
export const MAX_OAUTH_BODY_BYTES = 1024 * 1024;
/** An MCP endpoint's JSON body: one message, bounded like a stdio line. */
export const MAX_MCP_BODY_BYTES = DEFAULT_MAX_LINE_BYTES;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`;
}

/** The sentence for a body past its limit. */
export function bodyTooLargeSentence(url: string, maxBytes: number): string {
  let where = url;
  try {
    const parsed = new URL(url);
    where = `${parsed.origin}${parsed.pathname}`;
  } catch {
    // Not a URL: named as given.
  }
  return `The answer from ${where} is larger than ${sizeText(maxBytes)}; Loupe reads no more of it.`;
}

/**
 * The response with its body cut off, as an error, past `maxBytes` (at once when its
 * Content-Length says so). An event stream is left as it is: it is read event by event, for as long
 * as the connection lasts.
 */
export function limitBody(response: Response, maxBytes: number, url: string): Response {
  const body = response.body;
  if (!body || (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream')) return response;
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () => new Error(bodyTooLargeSentence(url, maxBytes));
  let bytes = 0;
  const limited = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        if (Number.isFinite(declared) && declared > maxBytes) controller.error(tooLarge());
      },
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        if (bytes > maxBytes) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(limited, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Reads a body up to `maxBytes`; `enough` may end the reading early (an event stream whose answer
 * has come). The caller's signal (with its timeout) bounds the time.
 */
export async function readBounded(response: Response, maxBytes: number, enough?: (textSoFar: string) => boolean): Promise<{ text: string; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', truncated: false };
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = (await reader.read()) as { done: true; value?: undefined } | { done: false; value: Uint8Array };
      if (done) break;
      const room = maxBytes - bytes;
      bytes += value.byteLength;
      if (value.byteLength > room) {
        text += decoder.decode(value.subarray(0, room), { stream: true });
        truncated = true;
        break;
      }
      text += decoder.decode(value, { stream: true });
      if (enough?.(text)) break;
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
  return { text: text + decoder.decode(), truncated };
}
