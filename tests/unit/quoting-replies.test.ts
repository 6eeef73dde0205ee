import { describe, expect, it } from 'vitest';
import { rememberResponseText, responseTextOf } from '../../main/core/traffic/response-texts.js';
import { quotingReplyJson, replyFromJson, SERIALIZED_REPLY_MIN_CHARS } from '../../shared/wire.js';

const bigText = 'x'.repeat(SERIALIZED_REPLY_MIN_CHARS);

describe('a large reply quoting the server response it carries', () => {
  it('reads back as the reply with the response result in place, exactly as the response text parses', () => {
    const responseText = `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"${bigText}"}],"n":1.0,"big":12345678901234567890}}`;
    const reply = { rpcId: 7, result: { content: 'the core copy, left out' }, violations: [], durationMs: 3, responseSize: responseText.length };
    const json = quotingReplyJson(reply, responseText);
    expect(json).toContain(responseText);
    expect(json).not.toContain('the core copy');
    expect(replyFromJson(JSON.parse(json))).toEqual({ ...reply, result: (JSON.parse(responseText) as { result: unknown }).result });
  });

  it('leaves every other reply as it is', () => {
    for (const value of [{ result: 1 }, [1, 2], 'text', null, 3]) expect(replyFromJson(value)).toBe(value);
  });
});

describe('response texts remembered by their result', () => {
  it('keeps the text of a large response under its very result object, and nothing for small ones or look-alikes', () => {
    const large = { jsonrpc: '2.0', id: 1, result: { content: [] } };
    const text = `${JSON.stringify(large)}${' '.repeat(SERIALIZED_REPLY_MIN_CHARS)}`;
    rememberResponseText(large, text);
    expect(responseTextOf(large.result)).toBe(text);
    expect(responseTextOf({ content: [] })).toBeUndefined();

    const small = { jsonrpc: '2.0', id: 2, result: { content: [] } };
    rememberResponseText(small, JSON.stringify(small));
    expect(responseTextOf(small.result)).toBeUndefined();
    expect(responseTextOf(undefined)).toBeUndefined();
  });
});
