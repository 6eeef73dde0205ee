/**
 * Checking a value against a JSON Schema. Ajv runs in the core (`schemas.validate`): it compiles
 * schemas with `new Function`, which the renderer's Content-Security-Policy forbids. This module
 * turns the core's answer into what the form, the editor and the result view show.
 */
import type { JsonObject, SchemaValidation } from '../../../../shared/mcp.js';

export interface ValidationError {
  /** Where in the value, as a JSON Pointer (`` for the whole value, `/a/0` …). */
  pointer: string;
  message: string;
  /** The schema keyword that failed (`required`, `type`, `minimum` …). */
  keyword: string;
}

/** The core's verdict, or why there is none (the schema cannot be used, the core did not answer). */
export type SchemaCheck = { kind: 'checked'; errors: ValidationError[] } | { kind: 'unchecked'; reason: string };

/** Asks the core; in the app, `(schema, value) => api.invoke('schemas.validate', { schema, value })`. */
export type ValidateInCore = (schema: JsonObject, value: unknown) => Promise<SchemaValidation>;

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** Ajv's terse message as a sentence: `must be <= 100` → `Must be ≤ 100.` */
function sentenceOf(error: SchemaValidation['errors'][number]): string {
  // The core already points a `required` error at the missing property.
  if (error.keyword === 'required') return 'Required.';
  const typeList = error.keyword === 'type' ? /^must be (.+)$/.exec(error.message) : null;
  if (typeList) {
    const names = typeList[1]!.split(',').map((name) => TYPE_NAMES[name] ?? name);
    return `Must be ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]}.`;
  }
  const text = error.message.replace(/ <= /g, ' ≤ ').replace(/ >= /g, ' ≥ ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

export function checkFromValidation(validation: SchemaValidation): SchemaCheck {
  if (validation.schemaError) return { kind: 'unchecked', reason: validation.schemaError };
  return {
    kind: 'checked',
    errors: validation.errors.map((error) => ({ pointer: error.path, keyword: error.keyword, message: sentenceOf(error) })),
  };
}

/** Never rejects: a core that does not answer becomes an `unchecked` verdict saying so. */
export async function checkValue(validate: ValidateInCore, schema: JsonObject, value: unknown): Promise<SchemaCheck> {
  try {
    return checkFromValidation(await validate(schema, value));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'unchecked', reason: `Loupe’s core did not answer the schema check (${detail}).` };
  }
}

/** Errors grouped by pointer (each message once), for showing each next to its field. */
export function errorsByPointer(errors: readonly ValidationError[]): Record<string, string[]> {
  const grouped: Record<string, string[]> = {};
  for (const error of errors) {
    const messages = (grouped[error.pointer] ??= []);
    if (!messages.includes(error.message)) messages.push(error.message);
  }
  return grouped;
}
