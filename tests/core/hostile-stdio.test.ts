import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransportConfig } from '../../shared/server-config.js';
import { startCore, waitFor, type TestCore, exportedText } from './helpers.js';

const HOSTILE = fileURLToPath(new URL('../fixtures/hostile-stdio.mjs', import.meta.url));
const hostile: TransportConfig = { type: 'stdio', command: process.execPath, args: [HOSTILE], env: [] };
/** Small limits, so the tests need no large inputs; the defaults are 128 MB and 1 MB. */
const LIMITS = { stdoutBytes: 256 * 1024, stderrBytes: 1024 };

describe('every stream a stdio server writes is bounded', () => {
  let test: TestCore;
  let serverId: string;
  let otherId: string;

  const call = (id: string, name: string, args: Record<string, unknown> = {}) =>
    test.core.handlers['tools.call']({ serverId: id, name, arguments: args, callId: `${name}-${Math.random()}` });
  const text = (result: unknown) => (result as { content?: Array<{ text?: string }> } | undefined)?.content?.[0]?.text;

  beforeAll(async () => {
    test = await startCore({ lineLimits: LIMITS });
    serverId = (await test.core.handlers['servers.add']({ name: 'hostile', transport: hostile, era: 'legacy' })).id;
    otherId = (await test.core.handlers['servers.add']({ name: 'other', transport: hostile, era: 'legacy' })).id;
    expect((await test.core.handlers['connections.connect']({ serverId })).status).toBe('connected');
    expect((await test.core.handlers['connections.connect']({ serverId: otherId })).status).toBe('connected');
  });

  afterAll(async () => {
    await test?.core.dispose();
  });

  it('a stdout line past the limit is kept as its start and length, and the connection goes on', async () => {
    const outcome = await call(serverId, 'long-line', { bytes: 300_000 });
    expect(text(outcome.result)).toBe('after the long line');
    const entry = (await test.traffic(serverId)).find((candidate) => candidate.kind === 'malformed' && candidate.truncated);
    expect(entry).toMatchObject({ size: 300_000, problem: "A stdout line of 300,000 bytes, over Loupe's limit of 262,144 bytes: only its start is kept, the rest was skipped." });
    expect(entry?.text).toBe('L'.repeat(4096));
    expect(text((await call(otherId, 'echo', { message: 'still here' })).result)).toBe('Echo: still here');
  });

  it('a stderr line of control bytes past its limit is bounded too', async () => {
    const outcome = await call(serverId, 'control-stderr', { bytes: 5_000 });
    expect(text(outcome.result)).toBe('after the control bytes');
    // stderr is a pipe of its own: its line may be read after the reply on stdout.
    const entry = await waitFor(async () => (await test.traffic(serverId)).find((candidate) => candidate.kind === 'stderr' && candidate.truncated), 'the oversized stderr entry');
    expect(entry?.problem).toMatch(/^A stderr line of 5,000 bytes, over Loupe's limit of 1,024 bytes/);
    expect(entry?.text?.length).toBe(4096);
  });

  it('a line that never ends is held only up to its preview, and reported when the process ends', async () => {
    const id = (await test.core.handlers['servers.add']({ name: 'endless', transport: hostile, era: 'legacy' })).id;
    await test.core.handlers['connections.connect']({ serverId: id });
    const outcome = await call(id, 'endless-line', { bytes: 2_000_000 });
    expect(outcome.failure?.kind).toBe('disconnected');
    const entry = await waitFor(async () => (await test.traffic(id)).find((candidate) => candidate.kind === 'malformed' && candidate.truncated), 'the oversized entry');
    expect(entry.size).toBe(2_000_000);
    expect(entry.text).toBe('E'.repeat(4096));
  });

  it('a 10,000-level result is kept as text; the call says it was answered; the record and export still work', async () => {
    const outcome = await call(serverId, 'deep', { depth: 10_000 });
    expect(outcome.failure?.kind).toBe('invalid-result');
    expect(outcome.failure?.message).toMatch(/^The server answered, but the reply cannot be shown as a result\. Nested more than 512 levels deep/);
    expect(() => JSON.stringify(outcome)).not.toThrow();
    const page = { entries: await test.traffic() };
    expect(() => JSON.stringify(page)).not.toThrow();
    const deep = page.entries.find((entry) => entry.kind === 'response' && entry.problem);
    expect(deep?.text).toMatch(/^\{"jsonrpc":"2\.0".*"leaf":true\}+$/);
    expect(deep?.text?.length).toBe(deep?.size);
    const exported = await exportedText(test.core);
    expect(exported.split('\n').filter(Boolean).length).toBe(page.entries.length);
    expect(text((await call(serverId, 'echo', { message: 'after' })).result)).toBe('Echo: after');
  });

  it('a server that closes stdout but keeps running is stopped, and shows as exited', async () => {
    const id = (await test.core.handlers['servers.add']({ name: 'half-closed', transport: hostile, era: 'legacy' })).id;
    await test.core.handlers['connections.connect']({ serverId: id });
    expect(text((await call(id, 'close-stdout')).result)).toBe('closing stdout');
    const state = await waitFor(async () => (await test.core.handlers['connections.list']()).find((candidate) => candidate.serverId === id && candidate.status === 'exited'), 'the exited state');
    expect(state.exit?.signal ?? state.exit?.code).toBeDefined();
    const notes = (await test.traffic(id)).filter((entry) => entry.kind === 'note').map((entry) => entry.text);
    expect(notes).toContain('The server closed its stdout but its process kept running, so Loupe stopped the process.');
  });
});
