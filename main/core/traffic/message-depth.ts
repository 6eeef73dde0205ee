/**
 * How deep Loupe nests a message it keeps as parsed JSON. Deeper ones overflow the stack of
 * whatever serializes them next (the bridge, the export, Electron's IPC), so they are kept as text.
 */
export const MAX_MESSAGE_DEPTH = 512;

/** True when `value` nests arrays or objects more than `limit` levels deep. Iterative: no recursion. */
export function exceedsDepth(value: unknown, limit = MAX_MESSAGE_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/** A message this deep needs at least two characters per level, so smaller ones need no walk. */
export function mayExceedDepth(sizeInBytes: number, limit = MAX_MESSAGE_DEPTH): boolean {
  return sizeInBytes > limit * 2;
}
