import { dispatchRequest } from '../../main/core/dispatch.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, startCore, type TestCore } from './helpers.js';

describe('traffic.replay: a logged request sent again', () => {
  let test: TestCore;
  let serverId: string;
  let echoSeq: number;

  beforeAll(async () => {
    test = await startCore();
    serverId = (await test.add('replay', fixture())).id;
    await test.core.handlers['connections.connect']({ serverId });
    const outcome = await test.core.handlers['tools.call']({ serverId, name: 'echo', arguments: { message: 'first' }, callId: 'r1' });
    echoSeq = outcome.requestSeq!;
    expect(echoSeq).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await test.core.dispose();
  });

  it('sends the same method and params again, and the new entry names the original', async () => {
    const outcome = await test.core.handlers['traffic.replay']({ seq: echoSeq });
    expect(outcome.failure).toBeUndefined();
    expect(outcome.result).toMatchObject({ content: [{ type: 'text', text: 'Echo: first' }] });
    const replayed = (await test.traffic(serverId)).find((entry) => entry.seq === outcome.requestSeq)!;
    expect(replayed).toMatchObject({ method: 'tools/call', direction: 'out', replayOf: echoSeq });
    expect((replayed.message as { params: { arguments: unknown } }).params.arguments).toEqual({ message: 'first' });
  });

  it('sends edited params when given (Edit and replay)', async () => {
    const outcome = await test.core.handlers['traffic.replay']({ seq: echoSeq, params: { name: 'echo', arguments: { message: 'edited' } } });
    expect(outcome.result).toMatchObject({ content: [{ type: 'text', text: 'Echo: edited' }] });
  });

  it('refuses what cannot be replayed, each with a sentence', async () => {
    const entries = await test.traffic(serverId);
    const initialize = entries.find((entry) => entry.method === 'initialize' && entry.direction === 'out')!;
    await expect(test.core.handlers['traffic.replay']({ seq: initialize.seq })).rejects.toThrow('initialize sets up the connection; reconnect the server instead of replaying it.');
    const response = entries.find((entry) => entry.kind === 'response')!;
    await expect(test.core.handlers['traffic.replay']({ seq: response.seq })).rejects.toThrow(`#${response.seq} is not a request Loupe sent`);
    await expect(test.core.handlers['traffic.replay']({ seq: 999_999 })).rejects.toThrow('There is no entry #999999');
    const edited = await dispatchRequest(test.core.handlers, 'traffic.replay', { seq: echoSeq, params: [1] });
    expect(edited).toMatchObject({ ok: false, error: { code: 'invalid-params', message: expect.stringMatching(/^Invalid parameters for traffic\.replay: "params": /) } });
    await test.core.handlers['connections.disconnect']({ serverId });
    await expect(test.core.handlers['traffic.replay']({ seq: echoSeq })).rejects.toThrow('The server is not connected');
  });
});
