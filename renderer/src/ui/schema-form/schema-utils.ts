/** Small facts about JSON Schema values, shared by the form model and the editor. */
import type { JsonObject } from '../../../../shared/mcp.js';

/** The names a schema's `type` allows, or null when it does not restrict the type. */
export function schemaTypes(schema: JsonObject): string[] | null {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  return null;
}

export function requiredNames(schema: JsonObject): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
}

/** Deep equality of JSON values (key order ignored), as `enum`, `const` and `uniqueItems` need it. */
export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (depth > 1000 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index], depth + 1));
  }
  const aKeys = Object.keys(a);
  const bObject = b as JsonObject;
  return (
    aKeys.length === Object.keys(bObject).length &&
    aKeys.every((key) => Object.hasOwn(bObject, key) && jsonEqual((a as JsonObject)[key], bObject[key], depth + 1))
  );
}

/** A short, single-line rendering of a JSON value for messages and option labels. */
export function shortJson(value: unknown, max = 60): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
