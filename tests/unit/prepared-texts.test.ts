import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreparedTexts, type PreparedTextsLimits } from '../../shared/document/prepared-texts.js';
import { SharedTextKeys } from '../../renderer/src/bridge/documents/shared-text-keys.js';

const KEEP_MS = 30_000;
const LIMITS: PreparedTextsLimits = { keepChars: 1000, keepMs: KEEP_MS, arrivalWaitMs: 10_000 };
const json = (items: number) => JSON.stringify(Array.from({ length: items }, (_, id) => ({ id })));

describe('texts the reply parser sends straight to the document worker', () => {
  afterEach(() => vi.useRealTimers());

  it('are prepared on arrival, and the first view takes that document', async () => {
    const texts = new PreparedTexts(LIMITS);
    texts.add({ key: 1, text: json(3) });
    const document = await texts.take(1);
    expect(document.info()).toMatchObject({ tree: true, rowCount: 7 });
    expect(document.copyText()).toBe(json(3));
  });

  it('a second view of the same text gets a document of its own (views expand rows independently)', async () => {
    const texts = new PreparedTexts(LIMITS);
    texts.add({ key: 1, text: json(2) });
    const first = await texts.take(1);
    const second = await texts.take(1);
    expect(second).not.toBe(first);
    first.collapseAll();
    expect(first.info().rowCount).toBe(3);
    expect(second.info().rowCount).toBe(5);
  });

  it('a view that asks before its text arrived waits for it', async () => {
    const texts = new PreparedTexts(LIMITS);
    const taking = texts.take(4);
    texts.add({ key: 4, text: 'plain text, not JSON' });
    expect((await taking).info()).toMatchObject({ tree: false });
  });

  it('the oldest texts go when the budget is spent; asking for one then fails, so the view sends it', async () => {
    const texts = new PreparedTexts(LIMITS);
    texts.add({ key: 1, text: 'a'.repeat(600) });
    texts.add({ key: 2, text: 'b'.repeat(600) });
    await expect(texts.take(1)).rejects.toThrow(/no longer kept/);
    expect((await texts.take(2)).copyText()).toBe('b'.repeat(600));
  });

  it('a text larger than the whole budget is not kept at all', async () => {
    const texts = new PreparedTexts(LIMITS);
    texts.add({ key: 1, text: 'x'.repeat(LIMITS.keepChars + 1) });
    await expect(texts.take(1)).rejects.toThrow(/no longer kept/);
  });

  it('without a time limit a text stays until the budget needs its room, and can be read whole', async () => {
    vi.useFakeTimers();
    const texts = new PreparedTexts({ keepChars: 25, arrivalWaitMs: 10_000 });
    texts.add({ key: 1, text: json(2) });
    vi.advanceTimersByTime(24 * 60 * 60 * 1000);
    expect(await texts.text(1)).toBe(json(2));
    texts.add({ key: 2, text: json(2) });
    await expect(texts.text(1)).rejects.toThrow(/no longer kept/);
    expect((await texts.take(2)).info()).toMatchObject({ tree: true });
  });

  it('keeps prepared documents for the newest texts only; an older one is prepared again when opened', async () => {
    const texts = new PreparedTexts({ ...LIMITS, preparedTexts: 1 });
    texts.add({ key: 1, text: json(1) });
    const prepared = (texts as unknown as { kept: Map<number, { prepared: unknown }> }).kept;
    expect(prepared.get(1)!.prepared).toBeDefined();
    texts.add({ key: 2, text: json(2) });
    expect(prepared.get(1)!.prepared).toBeUndefined();
    expect(prepared.get(2)!.prepared).toBeDefined();
    expect((await texts.take(1)).info()).toMatchObject({ tree: true, rowCount: 3 });
  });

  it('a text nobody opens is dropped after a while, and a text that never comes stops the wait', async () => {
    vi.useFakeTimers();
    const texts = new PreparedTexts(LIMITS);
    texts.add({ key: 1, text: json(1) });
    vi.advanceTimersByTime(KEEP_MS + 1);
    await expect(texts.take(1)).rejects.toThrow(/no longer kept/);
    await expect(texts.text(1)).rejects.toThrow(/no longer kept/);
    const waiting = expect(texts.take(9)).rejects.toThrow(/no longer kept/);
    await vi.advanceTimersByTimeAsync(LIMITS.arrivalWaitMs + 1);
    await waiting;
  });
});

describe('the page’s note of which texts the document worker has', () => {
  it('finds the newest key of a text, also when an older reply carried the same content', () => {
    const keys = new SharedTextKeys(2);
    const first = 'a'.repeat(300_000);
    const repeated = 'a'.repeat(300_000);
    keys.add(first, 1);
    keys.add(repeated, 2);
    expect(keys.keyOf(repeated)).toBe(2);
    expect(keys.keyOf(first)).toBe(2);
    expect(keys.keyOf('b'.repeat(300_000))).toBeUndefined();
  });

  it('forgets the oldest beyond what it remembers', () => {
    const keys = new SharedTextKeys(2);
    keys.add('one', 1);
    keys.add('two', 2);
    keys.add('three', 3);
    expect([keys.keyOf('one'), keys.keyOf('two'), keys.keyOf('three')]).toEqual([undefined, 2, 3]);
  });
});
