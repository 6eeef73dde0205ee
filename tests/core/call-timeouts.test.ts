import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, startCore, type TestCore } from './helpers.js';

describe('call timeouts: the call\'s own, else the server\'s saved ones, else the defaults', () => {
  let test: TestCore;
  let serverId: string;

  beforeAll(async () => {
    test = await startCore();
    serverId = (await test.add('timeouts', fixture())).id;
    expect((await test.core.handlers['connections.connect']({ serverId })).status).toBe('connected');
  });
  afterAll(async () => {
    await test.core.dispose();
  });

  it('an edit of the saved timeouts applies to the next call without reconnecting; a call\'s own still wins', async () => {
    const slow = (callId: string, timeouts?: { timeoutMs: number; resetTimeoutOnProgress: boolean; maxTotalTimeoutMs: number }) =>
      test.core.handlers['tools.call']({ serverId, name: 'slow', arguments: { ms: 600 }, callId, ...(timeouts ? { timeouts } : {}) });
    expect((await slow('before-edit')).failure).toBeUndefined();

    const { id: _id, ...saved } = (await test.core.handlers['servers.list']()).find((server) => server.id === serverId)!;
    await test.core.handlers['servers.update']({ id: serverId, config: { ...saved, timeouts: { timeoutMs: 150, resetTimeoutOnProgress: false, maxTotalTimeoutMs: 150 } } });
    expect((await test.core.handlers['connections.list']()).find((state) => state.serverId === serverId)?.status).toBe('connected');
    expect((await slow('after-edit')).failure).toMatchObject({ kind: 'timeout' });

    expect((await slow('own-timeouts', { timeoutMs: 5_000, resetTimeoutOnProgress: false, maxTotalTimeoutMs: 5_000 })).failure).toBeUndefined();
  });
});
