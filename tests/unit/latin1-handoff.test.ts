import { describe, expect, it } from 'vitest';
import { Latin1Handoff, readLatin1 } from '../../main/core/documents/latin1-handoff.js';

const EVERY_LATIN1 = Array.from({ length: 256 }, (_, code) => String.fromCharCode(code)).join('');

describe('handing long texts to the document thread in shared memory', () => {
  it('carries a Latin-1 text exactly, one at a time, and reuses its buffer once the thread has copied', () => {
    const handoff = new Latin1Handoff();
    const first = handoff.write(EVERY_LATIN1.repeat(100));
    expect(first).toBeDefined();
    expect(readLatin1(first!)).toBe(EVERY_LATIN1.repeat(100));
    // Still in use: the next text goes the usual way.
    expect(handoff.write('second')).toBeUndefined();

    handoff.released();
    const second = handoff.write('shorter, café');
    expect(second?.bytes).toBe(first!.bytes);
    expect(readLatin1(second!)).toBe('shorter, café');

    handoff.released();
    const longer = handoff.write('x'.repeat(first!.bytes.byteLength + 1));
    expect(longer?.bytes).not.toBe(first!.bytes);
    expect(readLatin1(longer!)).toHaveLength(first!.bytes.byteLength + 1);
  });

  it('leaves a text wider than Latin-1 to go the usual way, and is free again when the thread is gone', () => {
    const handoff = new Latin1Handoff();
    expect(handoff.write('東京 🙂')).toBeUndefined();
    expect(handoff.write('plain')).toBeDefined();
    handoff.reset();
    expect(readLatin1(handoff.write('after a restart')!)).toBe('after a restart');
  });
});
