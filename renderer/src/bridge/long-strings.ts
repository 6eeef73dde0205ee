/**
 * Long strings in a parsed reply (a 20 MB text content) leave the parse worker in slices, one
 * message each, and are joined on the page: making such a string in the page's heap at once (by a
 * structured clone, or by decoding its bytes) holds the main thread for about 100 ms, while each
 * slice takes a few milliseconds and joining them is a copy.
 */
import { LARGE_TEXT_CHARS } from '../../../shared/document/large-text';
import type { KeyedText } from '../../../shared/document/prepared-texts';
import { setAtPath, type PathSegment } from '../../../shared/json-pointer';

const SLICE_CHARS = 1024 * 1024;
/** The walk looks at this many values at most: a reply of millions of small values keeps them in the clone. */
const MAX_VISITS = 200_000;

/** Where a long string was, and how many slices it comes in. */
export interface LongStringPlace {
  path: PathSegment[];
  slices: number;
  /** Its name in the document worker, when the parse worker also sent it there (see `SharedLongText`). */
  sharedKey?: number;
}

/**
 * A long string the parse worker sends straight to the document worker, besides the page: a view
 * of it then opens there without the page copying it over again.
 */
export type SharedLongText = KeyedText;

/** A long string's slices, in order. */
export function slicesOf(text: string): string[] {
  const slices: string[] = [];
  for (let start = 0; start < text.length; start += SLICE_CHARS) slices.push(text.slice(start, start + SLICE_CHARS));
  return slices;
}

/** Takes the long strings out of `value` (in place; each becomes ''): their places, and the strings in the same order. */
export function takeLongStrings(value: unknown): { value: unknown; places: LongStringPlace[]; strings: string[] } {
  if (typeof value === 'string') {
    return value.length >= LARGE_TEXT_CHARS ? { value: '', places: [{ path: [], slices: slicesOf(value).length }], strings: [value] } : { value, places: [], strings: [] };
  }
  const places: LongStringPlace[] = [];
  const strings: string[] = [];
  const stack: Array<{ node: object; path: PathSegment[] }> = typeof value === 'object' && value !== null ? [{ node: value, path: [] }] : [];
  let visits = 0;
  while (stack.length > 0 && visits < MAX_VISITS) {
    const { node, path } = stack.pop()!;
    const record = node as Record<string | number, unknown>;
    for (const key of Array.isArray(node) ? node.keys() : Object.keys(node)) {
      visits++;
      const child = record[key];
      if (typeof child === 'string' && child.length >= LARGE_TEXT_CHARS) {
        places.push({ path: [...path, key], slices: Math.ceil(child.length / SLICE_CHARS) });
        strings.push(child);
        record[key] = '';
      } else if (typeof child === 'object' && child !== null) {
        stack.push({ node: child, path: [...path, key] });
      }
    }
  }
  return { value, places, strings };
}

/** Puts the strings, joined from their slices (all of them, in order), back in their places. */
export function putLongStrings(
  value: unknown,
  places: readonly LongStringPlace[],
  slices: readonly string[],
  onJoined?: (text: string, place: LongStringPlace) => void,
): unknown {
  let whole = value;
  let next = 0;
  for (const place of places) {
    const { path, slices: count } = place;
    const text = slices.slice(next, next + count).join('');
    next += count;
    onJoined?.(text, place);
    whole = setAtPath(whole, path, text);
  }
  return whole;
}
