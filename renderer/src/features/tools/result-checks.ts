/** Checks on a tool result beyond the MCP schema: its structuredContent against the tool's outputSchema. */
import type { JsonObject } from '../../../../shared/mcp.js';
import { checkValue, type ValidateInCore, type ValidationError } from '../../ui/schema-form/schema-check.js';
import { isObject } from '../../../../shared/is-object.js';

export type StructuredCheck =
  | { status: 'none' }
  /** The tool declares an outputSchema but the result has no structuredContent (servers MUST send it). */
  | { status: 'missing' }
  /** structuredContent without an outputSchema to check it against. */
  | { status: 'unchecked' }
  | { status: 'checking' }
  | { status: 'pass' }
  | { status: 'fail'; errors: ValidationError[] }
  /** The schema could not be used, or the core did not answer. */
  | { status: 'not-checked'; reason: string };

/** What can be said without asking the core; null when the structuredContent has to be checked against the schema. */
export function structuredCheckWithoutCore(outputSchema: JsonObject | undefined, result: unknown): StructuredCheck | null {
  const present = isObject(result) && 'structuredContent' in result;
  if (!outputSchema) return present ? { status: 'unchecked' } : { status: 'none' };
  if (!present) {
    // A tool error need not match the output schema, nor carry structured content.
    return isObject(result) && result.isError === true ? { status: 'none' } : { status: 'missing' };
  }
  return null;
}

export async function checkStructuredContent(validate: ValidateInCore, outputSchema: JsonObject | undefined, result: unknown): Promise<StructuredCheck> {
  const known = structuredCheckWithoutCore(outputSchema, result);
  if (known || !outputSchema || !isObject(result)) return known ?? { status: 'none' };
  const check = await checkValue(validate, outputSchema, result.structuredContent);
  if (check.kind === 'unchecked') return { status: 'not-checked', reason: check.reason };
  return check.errors.length === 0 ? { status: 'pass' } : { status: 'fail', errors: check.errors };
}
