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
      const { done, value } = await reader.read();
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
