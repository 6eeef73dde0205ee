/**
 * Elicitation form mode: the answer a person builds in the schema form (`ui/schema-form`, in its
 * `questions` mode) from the server's `requestedSchema`, and what the checks found in it.
 */
import type { JsonObject } from '../../../../shared/mcp.js';
import { isObject } from '../../../../shared/is-object.js';
import { parsePointer } from '../../../../shared/json-pointer.js';
import { initialValue } from '../../ui/schema-form/form-value.js';
import type { ValidationError } from '../../ui/schema-form/schema-check.js';

/** The answer the form starts with: the schema's defaults, and empty values for required fields. */
export function initialAnswer(requestedSchema: unknown): JsonObject {
  const value = initialValue(requestedSchema, requestedSchema, true);
  return isObject(value) ? value : {};
}

/** How many of the form's fields have at least one problem (problems with the whole answer count as one). */
export function fieldsNeedingAttention(errors: readonly ValidationError[]): number {
  return new Set(errors.map((error) => (error.pointer === '' ? '' : (parsePointer(error.pointer)[0] ?? '')))).size;
}

/** The field an edit touched: the top-level properties whose values differ. */
export function changedFields(before: JsonObject, after: JsonObject): Set<string> {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return new Set([...names].filter((name) => before[name] !== after[name]));
}
