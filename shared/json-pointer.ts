/** JSON Pointers (RFC 6901): how values, schemas and errors refer to a place in a document. */

export type PathSegment = string | number;

const escapeSegment = (segment: PathSegment) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** `['a', 0, 'b/c']` → `/a/0/b~1c`; the empty path is the empty pointer (the whole document). */
export function toPointer(path: readonly PathSegment[]): string {
  return path.map((segment) => `/${escapeSegment(segment)}`).join('');
}

/**
 * Puts `value` at `path` inside `root` (in place: every container on the way must exist), and
 * returns the root, which is `value` itself for the empty path.
 */
export function setAtPath(root: unknown, path: readonly PathSegment[], value: unknown): unknown {
  if (path.length === 0) return value;
  let node = root as Record<PathSegment, unknown>;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<PathSegment, unknown>;
  node[path.at(-1)!] = value;
  return root;
}

/**
 * `root` with `value` at `path`, leaving `root` as it was: each container on the way is copied
 * (shallowly), everything else is shared. The empty path gives `value` itself.
 */
export function withValueAtPath(root: unknown, path: readonly PathSegment[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [segment, ...rest] = path as [PathSegment, ...PathSegment[]];
  const copy = (Array.isArray(root) ? [...(root as unknown[])] : { ...(root as object) }) as Record<PathSegment, unknown>;
  copy[segment] = withValueAtPath(copy[segment], rest, value);
  return copy;
}

/** `/a/0/b~1c` → `['a', '0', 'b/c']`. Throws on text that is not a pointer. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`Not a JSON Pointer: ${pointer}`);
  return pointer.slice(1).split('/').map(unescapeSegment);
}

/** The pointer of a `$ref` fragment (`#/$defs/a%20b` → `/$defs/a b`), or null when it is not a local pointer. */
export function refFragmentPointer(ref: string): string | null {
  if (!ref.startsWith('#')) return null;
  const fragment = ref.slice(1);
  if (fragment !== '' && !fragment.startsWith('/')) return null;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return null;
  }
}

/** Follows a pointer into a JSON value; `undefined` when a step is missing. */
export function valueAtPointer(document: unknown, pointer: string): unknown {
  return valueAtSegments(document, parsePointer(pointer));
}

/** Follows a parsed pointer (`parsePointer`) into a JSON value; `undefined` when a step is missing. */
export function valueAtSegments(document: unknown, segments: readonly string[]): unknown {
  let current: unknown = document;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}
