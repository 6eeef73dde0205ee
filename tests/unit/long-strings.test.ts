import { describe, expect, it } from 'vitest';
import { putLongStrings, slicesOf, takeLongStrings } from '../../renderer/src/bridge/long-strings.js';
import { LARGE_TEXT_CHARS } from '../../shared/document/large-text.js';

const long = (char: string, extra = 0) => char.repeat(LARGE_TEXT_CHARS + extra);

describe('long strings leave the parse worker in slices and are put back whole', () => {
  it('takes each long string out of the value, wherever it is, and puts it back from its slices', () => {
    const text = `${long('a', 3 * 1024 * 1024)}🦊end`;
    const original = { content: [{ type: 'text', text }, { type: 'text', text: 'short' }], meta: { note: long('b') }, count: 3 };
    const copy = structuredClone(original);
    const taken = takeLongStrings(copy);
    expect(taken.places.map((place) => place.path)).toEqual(expect.arrayContaining([['content', 0, 'text'], ['meta', 'note']]));
    expect(JSON.stringify(taken.value).length).toBeLessThan(200);
    const slices = taken.strings.flatMap(slicesOf);
    expect(slices.length).toBe(taken.places.reduce((sum, place) => sum + place.slices, 0));
    expect(Math.max(...slices.map((slice) => slice.length))).toBeLessThanOrEqual(1024 * 1024);
    expect(putLongStrings(taken.value, taken.places, slices)).toEqual(original);
  });

  it('a reply that is itself a long string, and one with none, come through', () => {
    const text = long('c', 10);
    const taken = takeLongStrings(text);
    expect(taken.value).toBe('');
    expect(putLongStrings(taken.value, taken.places, taken.strings.flatMap(slicesOf))).toBe(text);
    const small = { a: ['x', { b: 'y' }] };
    expect(takeLongStrings(small)).toEqual({ value: small, places: [], strings: [] });
  });
});

describe('long strings shared with the document worker', () => {
  it('names each joined string with the key the parse worker gave its place', () => {
    const text = long('d');
    const taken = takeLongStrings({ content: [{ text }] });
    taken.places[0]!.sharedKey = 7;
    const joined: Array<[string, number | undefined]> = [];
    putLongStrings(taken.value, taken.places, taken.strings.flatMap(slicesOf), (whole, place) => joined.push([whole, place.sharedKey]));
    expect(joined).toHaveLength(1);
    expect(joined[0]![0]).toBe(text);
    expect(joined[0]![1]).toBe(7);
  });
});
