/**
 * Local `$ref` resolution (`#`, `#/$defs/x`, `#/definitions/x`, `#/properties/a`…) with a guard
 * against loops. Remote references are not fetched: an inspector must not reach out to URLs a
 * server names.
 */
import type { JsonObject } from '../../../../shared/mcp.js';
import { refFragmentPointer, valueAtPointer } from '../../../../shared/json-pointer.js';
import { isObject } from '../../../../shared/is-object.js';

export type ResolvedSchema = { ok: true; schema: JsonObject } | { ok: false; problem: string };

/** `true` accepts anything, `false` nothing; objects are schemas; anything else is treated as `{}`. */
export function asSchemaObject(schema: unknown): JsonObject {
  if (schema === false) return { not: {} };
  return isObject(schema) ? schema : {};
}

/** The target of one `$ref` in `root`, or why it cannot be followed. */
export function lookupRef(ref: string, root: unknown): ResolvedSchema {
  const pointer = refFragmentPointer(ref);
  if (pointer === null) {
    return { ok: false, problem: `The schema refers to “${ref}”, which is not a local reference (#/…); it is not fetched.` };
  }
  const target = valueAtPointer(root, pointer);
  if (target === undefined) return { ok: false, problem: `The schema refers to “${ref}”, which does not exist.` };
  return { ok: true, schema: asSchemaObject(target) };
}

/**
 * Follows `$ref` until a schema without one is reached, merging the keywords written beside each
 * `$ref` over its target (draft 2019-09+ allows siblings). A chain that comes back to a reference
 * it has already followed is reported instead of looping.
 */
export function resolveSchema(schema: unknown, root: unknown): ResolvedSchema {
  let current = asSchemaObject(schema);
  const followed: string[] = [];
  while (typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (followed.includes(ref)) {
      return { ok: false, problem: `The schema’s references loop (${[...followed, ref].join(' → ')}).` };
    }
    followed.push(ref);
    const target = lookupRef(ref, root);
    if (!target.ok) return target;
    const { $ref: _ref, ...siblings } = current;
    current = { ...target.schema, ...siblings };
  }
  return { ok: true, schema: current };
}
