/**
 * Checking a value against a JSON Schema. Ajv runs in the core (`schemas.validate`): it compiles
 * schemas with `new Function`, which the renderer's Content-Security-Policy forbids. This module
 * turns the core's answer into what the form, the editor and the result view show.
 */
import type { JsonObject, SchemaValidation } from '../../../../shared/mcp.js';
import { plainValidationMessage } from '../validation-wording.js';

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

/** Ajv's terse message as a sentence; a `required` error already points at the missing property. */
function sentenceOf(error: SchemaValidation['errors'][number]): string {
  return error.keyword === 'required' ? 'Required.' : plainValidationMessage(error.message);
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
