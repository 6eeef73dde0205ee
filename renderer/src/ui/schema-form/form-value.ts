/**
 * The form's value is the JSON value itself (for a tool: its arguments object). These helpers
 * read and update it immutably by path, and build the first value from the schema's defaults.
 */
import type { JsonObject } from '../../../../shared/mcp.js';
import { describeField } from './field-model.js';
import type { PathSegment } from '../../../../shared/json-pointer.js';
import { isObject } from '../../../../shared/is-object.js';

/** Nested deeper than this, the first value stops filling in required objects (a recursive schema). */
const MAX_INITIAL_DEPTH = 8;

const clone = <T>(value: T): T => (value === undefined ? value : structuredClone(value));

/**
 * The value a field starts with: its default when it has one; for required fields an empty value
 * of their type (an empty string, false, an empty list, an object with its own required fields);
 * otherwise nothing (`undefined`: the property is left out).
 */
export function initialValue(schema: unknown, root: unknown, required = true, depth = 0): unknown {
  const field = describeField(schema, root);
  if (field.defaultValue) return clone(field.defaultValue.value);
  if (!required || depth > MAX_INITIAL_DEPTH) return undefined;
  switch (field.kind) {
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'array':
    case 'multi-choice':
      return [];
    case 'choice':
      return field.options.length === 1 ? clone(field.options[0]!.value) : undefined;
    case 'object': {
      const value: JsonObject = {};
      for (const property of field.properties) {
        const child = initialValue(property.schema, root, property.required, depth + 1);
        if (child !== undefined) value[property.name] = child;
      }
      return value;
    }
    default:
      return undefined;
  }
}

/** The value at `path`, or undefined when a step is missing. */
export function getAt(value: unknown, path: readonly PathSegment[]): unknown {
  let current = value;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isObject(current) && typeof segment === 'string' && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

/**
 * A copy of `value` with `next` at `path`; `undefined` removes an object property. Containers
 * missing along the way are created, and everything else is kept as it was (including
 * properties the schema does not know), so switching to JSON loses nothing.
 */
export function setAt(value: unknown, path: readonly PathSegment[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [PathSegment, ...PathSegment[]];
  if (typeof head === 'number') {
    const list: unknown[] = Array.isArray(value) ? [...(value as unknown[])] : [];
    const child = setAt(list[head], rest, next);
    if (child === undefined && rest.length === 0) list.splice(head, 1);
    else list[head] = child;
    return list;
  }
  const object: JsonObject = isObject(value) ? { ...value } : {};
  const child = setAt(object[head], rest, next);
  if (child === undefined) delete object[head];
  else object[head] = child;
  return object;
}

/** Moves a list item from one index to another (for the reorder buttons). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Properties of `value` the schema's `properties` do not name: the form cannot show them. */
export function extraKeys(value: unknown, schemaProperties: readonly string[]): string[] {
  if (!isObject(value)) return [];
  const known = new Set(schemaProperties);
  return Object.keys(value).filter((key) => !known.has(key));
}

/** The arguments as the JSON editor shows them. */
export function formatJsonValue(value: unknown): string {
  return JSON.stringify(value ?? {}, null, 2);
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; message: string };

/** Empty text is an empty object (no arguments); anything else must be JSON. */
export function parseJsonText(text: string): ParsedJson {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `The arguments are not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * What a number field's text means: a number when it is one, nothing when empty, and otherwise
 * the text itself, so the JSON shows what was typed and validation says why it is wrong.
 */
export function numberFromText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (NUMBER_TEXT.test(trimmed)) {
    const number = Number(trimmed);
    if (Number.isFinite(number)) return number;
  }
  return text;
}

/** The text a number field shows for a value (a string that is not a number is shown as typed). */
export function textFromNumber(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  return '';
}
