/** Medium 1 of issue 25: the bounds every value crossing between Loupe's processes is checked against. */
import { describe, expect, it } from 'vitest';
import { assertCrossable, MAX_CROSSING_CHARS, MAX_CROSSING_DEPTH } from '../../main/core/base/process-crossing.js';
import { crossableParams } from '../../main/core/crossable-params.js';
import { exceedsDepth, measureBounds } from '../../main/core/base/message-depth.js';
import { sendableEntry } from '../../main/core/traffic/sendable-entry.js';
import type { TrafficEntry } from '../../shared/traffic.js';

/** An object `depth` levels deep, counting itself. */
function nested(depth: number, make: (inner: unknown) => unknown = (inner) => ({ a: inner })): unknown {
  let value: unknown = make(1);
  for (let level = 1; level < depth; level++) value = make(value);
  return value;
}

describe('Medium 1: the crossing bounds', () => {
  it('counts levels of objects and arrays alike, the root included', () => {
    expect(measureBounds(nested(MAX_CROSSING_DEPTH), MAX_CROSSING_DEPTH)).toBeUndefined();
    expect(measureBounds(nested(MAX_CROSSING_DEPTH + 1), MAX_CROSSING_DEPTH)).toBe('depth');
    expect(measureBounds(nested(MAX_CROSSING_DEPTH + 1, (inner) => [inner]), MAX_CROSSING_DEPTH)).toBe('depth');
    // The traffic record's own limit keeps its meaning: 512 levels are kept as JSON, 513 as text.
    expect(exceedsDepth(nested(512))).toBe(false);
    expect(exceedsDepth(nested(513))).toBe(true);
    expect(measureBounds('text', 1)).toBeUndefined();
  });

  it('counts characters of strings and keys, and bytes of binary data', () => {
    expect(measureBounds({ text: 'x'.repeat(96) }, 10, 100)).toBeUndefined();
    expect(measureBounds({ text: 'x'.repeat(97) }, 10, 100)).toBe('size');
    expect(measureBounds([new Uint8Array(101)], 10, 100)).toBe('size');
    expect(measureBounds('x'.repeat(101), 10, 100)).toBe('size');
  });

  it('a channel message one level past the bound is refused with the sentence', () => {
    expect(() => assertCrossable({ type: 'event', payload: nested(MAX_CROSSING_DEPTH) } as { type: string })).not.toThrow();
    expect(() => assertCrossable({ type: 'event', payload: nested(MAX_CROSSING_DEPTH + 1) } as { type: string })).toThrow(
      "The event message's contents nest more than 1,001 levels deep; Loupe passes at most 1,001 levels between its processes.",
    );
  });

  it("a request's parameters past the bound get one sentence naming the request and the limit", () => {
    expect(crossableParams('tools.call', { arguments: nested(MAX_CROSSING_DEPTH) })).toMatchObject({
      ok: false,
      error: { code: 'too-deep', message: "The tools.call request's parameters nest more than 1,000 levels deep; Loupe passes at most 1,000 levels between its processes." },
    });
    expect(crossableParams('tools.call', { arguments: nested(MAX_CROSSING_DEPTH - 1) })).toMatchObject({ ok: true });
    const huge = { chunks: Array.from({ length: 5 }, () => 'x'.repeat(MAX_CROSSING_CHARS / 4)) };
    expect(crossableParams('tools.call', huge)).toMatchObject({ ok: false, error: { code: 'too-large', message: expect.stringContaining('hold more than 256 M characters') } });
  });

  it('a traffic entry too deep to cross becomes a placeholder that says why', () => {
    const entry = { seq: 1, serverId: 's', connectionId: 'c', direction: 'in', time: 1, kind: 'note', size: 0, message: nested(MAX_CROSSING_DEPTH) } as TrafficEntry;
    const sent = sendableEntry(entry);
    expect(sent.message).toBeUndefined();
    expect(sent.problem).toMatch(/^This entry could not be sent to the window \(Its contents nest more than 996 levels deep/);
  });
});
