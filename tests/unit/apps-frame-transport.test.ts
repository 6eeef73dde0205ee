import { describe, expect, test, vi } from 'vitest';
import type { AppWireRecord } from '../../shared/apps.js';
import { FrameTransport, type FrameMessage } from '../../renderer/src/features/tools/apps/frame-transport.js';
import { RecordQueue } from '../../renderer/src/features/tools/apps/record-queue.js';

const ORIGIN = 'http://a0123456789abcdef01234567.localhost:5000';

function setUp(limits = { maxMessages: 5, windowMs: 1_000, maxChars: 200, maxDepth: 20 }) {
  const frame = { posted: [] as Array<{ message: unknown; origin: string }>, postMessage(message: unknown, origin: string) { this.posted.push({ message, origin }); } };
  const records: AppWireRecord[] = [];
  const delivered: unknown[] = [];
  let now = 0;
  const listeners: Array<(event: MessageEvent) => void> = [];
  const target = {
    addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
    removeEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.splice(listeners.indexOf(listener), 1),
  };
  const transport = new FrameTransport(
    frame as unknown as Window,
    ORIGIN,
    (record) => records.push(record),
    limits,
    target as unknown as Window,
    () => now,
  );
  transport.onmessage = (message) => delivered.push(message);
  const post = (data: unknown, overrides: Partial<FrameMessage> = {}) => transport.receive({ source: frame, origin: ORIGIN, data, ...overrides });
  return { frame, records, delivered, transport, listeners, post, advance: (ms: number) => (now += ms) };
}

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('FrameTransport: the window end of an app frame', () => {
  test('accepts JSON-RPC from the frame’s window and origin, and records it as from the app', () => {
    const { records, delivered, post } = setUp();
    post(ping(1));
    expect(delivered).toEqual([ping(1)]);
    expect(records).toEqual([{ direction: 'in', message: ping(1) }]);
  });

  test('ignores other windows’ messages without a word: they are not this app’s', () => {
    const { records, delivered, post } = setUp();
    post(ping(1), { source: {} });
    expect(delivered).toEqual([]);
    expect(records).toEqual([]);
  });

  test('refuses a message from the frame’s window on another origin, and says so', () => {
    const { records, delivered, post } = setUp();
    post(ping(1), { origin: 'http://evil.localhost:5000' });
    expect(delivered).toEqual([]);
    expect(records[0]!.violation).toMatch(/posted from http:\/\/evil\.localhost:5000, not from its own origin/);
  });

  test('records something that is not JSON-RPC as a violation and never hands it to the bridge', () => {
    const { records, delivered, post } = setUp();
    post('hello');
    post({ hello: 'world' });
    expect(delivered).toEqual([]);
    expect(records.map((record) => record.violation)).toEqual([
      expect.stringMatching(/not a JSON-RPC 2\.0 message/),
      expect.stringMatching(/not a JSON-RPC 2\.0 message/),
    ]);
    expect(records[1]!.message).toEqual({ hello: 'world' });
  });

  test('refuses a message larger than its limit', () => {
    const { records, delivered, post } = setUp();
    post({ jsonrpc: '2.0', method: 'x', params: { text: 'a'.repeat(500) } });
    expect(delivered).toEqual([]);
    expect(records[0]!.violation).toMatch(/accepts up to 200/);
  });

  test('refuses a 100 MB string by its length, without converting it to JSON (issue 25, Medium 2)', () => {
    const { records, delivered, post } = setUp();
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      post({ jsonrpc: '2.0', method: 'x', params: { text: 'a'.repeat(100 * 1024 * 1024) } });
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
    expect(delivered).toEqual([]);
    expect(records).toEqual([expect.objectContaining({ violation: 'The app posted a message of more than 200 characters; Loupe accepts up to 200 and ignored it.' })]);
  });

  test('stops measuring a huge array once past the limit: the work is bounded by the limit, not the message', () => {
    const { records, post } = setUp();
    let reads = 0;
    const items = new Proxy(new Array<number>(1_000_000).fill(1), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    post({ jsonrpc: '2.0', method: 'x', params: { items } });
    expect(reads).toBeLessThan(200);
    expect(records[0]!.violation).toMatch(/more than 200 characters/);
  });

  test('refuses a value nested past its depth, or one that contains itself, with a sentence', () => {
    const { records, delivered, post } = setUp({ maxMessages: 5, windowMs: 1_000, maxChars: 1_000_000, maxDepth: 20 });
    let deep: unknown = 'bottom';
    for (let level = 0; level < 1_950; level++) deep = { deep };
    post({ notJsonRpc: deep });
    const circular: Record<string, unknown> = { jsonrpc: '2.0', method: 'x' };
    circular.params = circular;
    post(circular);
    expect(delivered).toEqual([]);
    expect(records.map((record) => record.violation)).toEqual([
      'The app posted a message nested more than 20 levels deep (or one that contains itself); Loupe accepts up to 20 levels and ignored it.',
      'The app posted a message nested more than 20 levels deep (or one that contains itself); Loupe accepts up to 20 levels and ignored it.',
    ]);
  });

  test('names what JSON cannot hold (a Map, binary data, a bigint, an Error) and ignores it', () => {
    const { records, delivered, post } = setUp();
    post({ jsonrpc: '2.0', method: 'x', params: { map: new Map() } });
    post({ jsonrpc: '2.0', method: 'x', params: { bytes: new Uint8Array(4) } });
    post({ jsonrpc: '2.0', id: 1n, method: 'x' });
    post({ jsonrpc: '2.0', method: 'x', params: { error: new Error('no') } });
    expect(delivered).toEqual([]);
    expect(records.map((record) => record.violation)).toEqual([
      expect.stringContaining('holding a Map, which JSON cannot hold'),
      expect.stringContaining('holding binary data (Uint8Array), which JSON cannot hold'),
      expect.stringContaining('holding a bigint, which JSON cannot hold'),
      expect.stringContaining('holding an Error, which JSON cannot hold'),
    ]);
  });

  test('passes a message nested as deep as its limit allows', () => {
    const { delivered, post } = setUp({ maxMessages: 5, windowMs: 1_000, maxChars: 1_000, maxDepth: 20 });
    let nested: unknown = 'x';
    for (let level = 0; level < 17; level++) nested = { nested };
    const message = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'a', arguments: { nested, list: [1, true, null, 'b'] } } };
    post(message);
    expect(delivered).toEqual([message]);
  });

  test('drops a flood past its rate, says so once, and counts what it dropped when the next window starts', () => {
    const { records, delivered, post, advance } = setUp();
    for (let id = 0; id < 12; id++) post(ping(id));
    expect(delivered).toHaveLength(5);
    expect(records.filter((record) => record.violation)).toEqual([expect.objectContaining({ violation: expect.stringMatching(/more than 5 messages within 1000 ms/) })]);
    advance(1_000);
    post(ping(99));
    expect(delivered).toHaveLength(6);
    expect(records.some((record) => /dropped 7 messages/.test(record.violation ?? ''))).toBe(true);
  });

  test('posts to the app’s origin only (never "*"), records what it sends, and stops listening on close', async () => {
    const { frame, records, transport, listeners } = setUp();
    await transport.start();
    expect(listeners).toHaveLength(1);
    await transport.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: {} } });
    expect(frame.posted).toEqual([{ message: expect.objectContaining({ method: 'ui/notifications/tool-input' }), origin: ORIGIN }]);
    expect(records).toEqual([{ direction: 'out', message: expect.objectContaining({ method: 'ui/notifications/tool-input' }) }]);
    await transport.close();
    expect(listeners).toHaveLength(0);
  });
});

describe('RecordQueue: app records to the core in batches', () => {
  test('sends what arrived while a send was under way as one later batch', async () => {
    const batches: AppWireRecord[][] = [];
    let release: () => void = () => {};
    const queue = new RecordQueue(
      (records) =>
        new Promise<void>((resolve) => {
          batches.push(records);
          release = resolve;
        }),
    );
    queue.push({ direction: 'in', text: 'one' });
    await Promise.resolve();
    await Promise.resolve();
    queue.push({ direction: 'in', text: 'two' });
    queue.push({ direction: 'in', text: 'three' });
    expect(batches).toEqual([[{ direction: 'in', text: 'one' }]]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(batches[1]).toEqual([
      { direction: 'in', text: 'two' },
      { direction: 'in', text: 'three' },
    ]);
  });

  test('drain waits for a send under way and for what arrived during it', async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const queue = new RecordQueue(
      (records) =>
        new Promise<void>((resolve) => {
          release = () => {
            sent.push(...records.map((record) => ('text' in record ? String(record.text) : '')));
            resolve();
          };
        }),
    );
    queue.push({ direction: 'in', text: 'request' });
    await Promise.resolve();
    queue.push({ direction: 'in', text: 'answer' });
    let drained = false;
    const draining = queue.drain().then(() => (drained = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(drained).toBe(false);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(drained).toBe(false);
    release();
    await draining;
    expect(sent).toEqual(['request', 'answer']);
  });
});
