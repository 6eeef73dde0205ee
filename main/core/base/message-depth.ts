/**
 * How deep Loupe nests a message it keeps as parsed JSON. Deeper ones overflow the stack of
 * whatever serializes them next (the bridge, the export, Electron's IPC), so they are kept as text.
 */
export const MAX_MESSAGE_DEPTH = 512;

/** What `measureBounds` found first: a value nested past the depth limit, or holding more characters than allowed. */
export type BoundExceeded = 'depth' | 'size';

/**
 * Walks `value` once, without recursion, and says whether it nests arrays or objects more than
 * `maxDepth` levels deep or holds more than `maxChars` characters (strings and keys; a number,
 * boolean or null counts as one; binary data by its bytes). This runs on every message that
 * crosses between Loupe's processes, so it allocates nothing per node: two parallel stacks, and
 * `for…in` instead of `Object.values`.
 */
export function measureBounds(value: unknown, maxDepth: number, maxChars = Number.POSITIVE_INFINITY): BoundExceeded | undefined {
  if (typeof value !== 'object' || value === null) return typeof value === 'string' && value.length > maxChars ? 'size' : undefined;
  const values: object[] = [value];
  const depths: number[] = [1];
  let chars = 0;
  while (values.length > 0) {
    const current = values.pop()!;
    const depth = depths.pop()!;
    if (depth > maxDepth) return 'depth';
    if (ArrayBuffer.isView(current)) {
      chars += current.byteLength;
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        const child: unknown = current[index];
        if (typeof child === 'string') chars += child.length;
        else if (typeof child === 'object' && child !== null) {
          values.push(child);
          depths.push(depth + 1);
        } else chars += 1;
      }
    } else {
      for (const key in current) {
        const child: unknown = (current as Record<string, unknown>)[key];
        chars += key.length;
        if (typeof child === 'string') chars += child.length;
        else if (typeof child === 'object' && child !== null) {
          values.push(child);
          depths.push(depth + 1);
        } else chars += 1;
      }
    }
    if (chars > maxChars) return 'size';
  }
  return undefined;
}

/** True when `value` nests arrays or objects more than `limit` levels deep. Iterative: no recursion. */
export function exceedsDepth(value: unknown, limit = MAX_MESSAGE_DEPTH): boolean {
  return measureBounds(value, limit) === 'depth';
}

/** A message this deep needs at least two characters per level, so smaller ones need no walk. */
export function mayExceedDepth(sizeInBytes: number, limit = MAX_MESSAGE_DEPTH): boolean {
  return sizeInBytes > limit * 2;
}
