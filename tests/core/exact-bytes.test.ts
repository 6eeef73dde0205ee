import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrafficJsonl } from '../../shared/traffic-jsonl.js';
import { fixture, startCore, type TestCore, exportedText } from './helpers.js';

const REPLY_TAIL = '"structuredContent":{"ratio":1.0,"big":12345678901234567890,"twice":"first","twice":"second"}}}';

describe('the traffic record keeps each stdio message exactly as it was on the wire', () => {
  let test: TestCore;
  let serverId: string;
  beforeAll(async () => {
    test = await startCore();
    serverId = (await test.add('exact', fixture())).id;
    expect((await test.core.handlers['connections.connect']({ serverId })).status).toBe('connected');
    await test.core.handlers['tools.list']({ serverId });
    await test.core.handlers['tools.call']({ serverId, name: 'exact-numbers', arguments: {}, callId: 'exact-1' });
  });
  afterAll(async () => {
    await test.core.dispose();
  });

  it('a reply keeps 1.0, an integer past 2^53 and a repeated key as sent; the parsed message cannot', async () => {
    const entries = await test.traffic(serverId);
    const request = entries.find((entry) => entry.method === 'tools/call' && entry.direction === 'out')!;
    const reply = entries.find((entry) => entry.kind === 'response' && entry.requestSeq === request.seq)!;
    expect(reply.raw).toBe(`{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"content":[{"type":"text","text":"exact"}],${REPLY_TAIL}`);
    expect(reply.size).toBe(Buffer.byteLength(reply.raw!, 'utf8'));
    expect(JSON.stringify(reply.message)).not.toContain('12345678901234567890');
    // What Loupe sent is the text it wrote.
    expect(JSON.parse(request.raw!)).toEqual(request.message);
    expect(request.raw).toMatch(/^\{"(jsonrpc|method|id|params)"/);
  });

  it('the export carries the exact text, and reading it back gives it again', async () => {
    const exported = await exportedText(test.core);
    const back = parseTrafficJsonl(exported);
    expect(back.errors).toEqual([]);
    const reply = back.entries.find((entry) => entry.raw?.endsWith(REPLY_TAIL));
    expect(reply?.kind).toBe('response');
  });
});
