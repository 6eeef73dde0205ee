import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../shared/auth.js';
import { MAX_RECORDED_MODEL_BODY, recordingFetch } from '../../main/core/transports/recording-fetch.js';

const KEY = 'sk-live-abcdef0123456789';

function streamOf(pieces: string[], end: 'close' | 'error' = 'close'): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      if (index < pieces.length) controller.enqueue(encoder.encode(pieces[index++]));
      else if (end === 'close') controller.close();
      else controller.error(new TypeError('terminated'));
    },
  });
}

function recorder(body: () => ReadableStream<Uint8Array>, status = 200) {
  const exchanges: HttpExchange[] = [];
  const fetch = recordingFetch(async () => new Response(body(), { status, headers: { 'content-type': 'text/event-stream', 'set-cookie': 'a=b' } }), {
    serverUrl: new URL('http://127.0.0.1:1/v1'),
    model: { hide: () => [KEY] },
    onExchange: (exchange) => exchanges.push(exchange),
  });
  return { fetch, exchanges };
}

const post = { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'x-api-key': KEY }, body: JSON.stringify({ messages: [{ role: 'user', content: `my key is ${KEY}` }] }) };

describe('recording a model provider\'s exchange', () => {
  it('reports it once the body has been read to its end, both bodies kept with the key hidden everywhere', async () => {
    const { fetch, exchanges } = recorder(() => streamOf(['data: {"a":1}\n\n', `data: {"echo":"${KEY}"}\n\n`]));
    const response = await fetch(`http://127.0.0.1:1/v1/chat/completions?key=${KEY}`, post);
    expect(exchanges).toHaveLength(0);
    expect(await response.text()).toBe(`data: {"a":1}\n\ndata: {"echo":"${KEY}"}\n\n`);
    expect(exchanges).toHaveLength(1);
    const [exchange] = exchanges;
    expect(exchange).toMatchObject({ purpose: 'model', method: 'POST', status: 200 });
    expect(exchange!.requestHeaders).toMatchObject({ authorization: 'Bearer [redacted]', 'x-api-key': '[redacted]' });
    expect(exchange!.responseHeaders?.['set-cookie']).toBe('[redacted]');
    expect(exchange!.requestBody).toContain('my key is [redacted]');
    expect(exchange!.responseBody).toContain('"echo":"[redacted]"');
    expect(exchange!.url).not.toContain(KEY);
    expect(JSON.stringify(exchange)).not.toContain(KEY);
  });

  it('says when the body broke off, or was dropped before its end', async () => {
    const broken = recorder(() => streamOf(['data: partial'], 'error'));
    await expect((await broken.fetch('http://127.0.0.1:1/v1/messages', post)).text()).rejects.toThrow('terminated');
    expect(broken.exchanges[0]).toMatchObject({ status: 200, responseBody: 'data: partial', error: 'The response broke off: terminated' });

    const dropped = recorder(() => streamOf(['data: one', 'data: two']));
    const response = await dropped.fetch('http://127.0.0.1:1/v1/messages', post);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel('Stopped.');
    expect(dropped.exchanges[0]?.error).toBe('Loupe stopped reading the response before its end (Stopped.).');
  });

  it('keeps at most MAX_RECORDED_MODEL_BODY of a body, and says how long it was', async () => {
    const long = 'x'.repeat(MAX_RECORDED_MODEL_BODY + 10);
    // The response in many pieces: the ones past the limit still count in its length.
    const { fetch, exchanges } = recorder(() => streamOf([...Array.from({ length: 10 }, () => long.slice(0, MAX_RECORDED_MODEL_BODY / 2)), 'end']));
    await (await fetch('http://127.0.0.1:1/v1/messages', { method: 'POST', body: long })).text();
    expect(exchanges[0]!.requestBody).toBe(`${'x'.repeat(MAX_RECORDED_MODEL_BODY)}… (${long.length} characters in all)`);
    expect(exchanges[0]!.responseBody).toBe(`${'x'.repeat(MAX_RECORDED_MODEL_BODY)}… (${5 * MAX_RECORDED_MODEL_BODY + 3} characters in all)`);
  });
});
