/**
 * Required text left empty. JSON Schema is satisfied by `""` for a required string, but a person
 * who left a required field blank almost always forgot it: the form says so, and "Send anyway"
 * still sends it.
 */
import type { JsonObject } from '../../../../shared/mcp.js';
import { toPointer, type PathSegment } from '../../../../shared/json-pointer.js';
import { resolveSchema } from './resolve-ref.js';
import { checkValue, type SchemaCheck, type ValidateInCore, type ValidationError } from './schema-check.js';
import { requiredNames } from './schema-utils.js';
import { isObject } from '../../../../shared/is-object.js';

/** Deep enough for any form a person fills in; deeper values are left to the schema check. */
const MAX_DEPTH = 32;

export const EMPTY_REQUIRED_MESSAGE = 'Required, but left empty.';

export function emptyRequiredFields(schema: JsonObject, value: unknown): ValidationError[] {
  const found: ValidationError[] = [];
  visit(schema, value, [], schema, found, 0);
  return found;
}

function visit(schema: unknown, value: unknown, path: PathSegment[], root: JsonObject, found: ValidationError[], depth: number): void {
  if (depth > MAX_DEPTH || !isObject(value)) return;
  const resolved = resolveSchema(schema, root);
  if (!resolved.ok) return;
  const properties = isObject(resolved.schema.properties) ? resolved.schema.properties : {};
  const required = new Set(requiredNames(resolved.schema));
  for (const [name, child] of Object.entries(value)) {
    const childSchema = properties[name];
    if (childSchema === undefined) continue;
    if (child === '' && required.has(name)) found.push({ pointer: toPointer([...path, name]), message: EMPTY_REQUIRED_MESSAGE, keyword: 'required' });
    else visit(childSchema, child, [...path, name], root, found, depth + 1);
  }
}

/**
 * The check for what a person typed (tool arguments): the core's schema verdict plus required
 * fields left empty. Results a server sent are checked with `checkValue` alone: `""` is valid there.
 */
export async function checkArguments(validate: ValidateInCore, schema: JsonObject, value: unknown): Promise<SchemaCheck> {
  const check = await checkValue(validate, schema, value);
  if (check.kind !== 'checked') return check;
  const empties = emptyRequiredFields(schema, value).filter((empty) => !check.errors.some((error) => error.pointer === empty.pointer));
  return empties.length === 0 ? check : { kind: 'checked', errors: [...check.errors, ...empties] };
}
