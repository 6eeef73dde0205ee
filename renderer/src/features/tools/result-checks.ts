/** Checks on a tool result beyond the MCP schema: its structuredContent against the tool's outputSchema. */
import type { JsonObject } from '../../../../shared/mcp.js';
import { validateValue, type ValidationError } from '../schema-form/validate.js';

export type StructuredCheck =
  | { status: 'none' }
  /** The tool declares an outputSchema but the result has no structuredContent (servers MUST send it). */
  | { status: 'missing' }
  | { status: 'unchecked' }
  | { status: 'pass'; problems: string[] }
  | { status: 'fail'; errors: ValidationError[]; problems: string[] };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export function checkStructuredContent(outputSchema: JsonObject | undefined, result: unknown): StructuredCheck {
  const present = isObject(result) && 'structuredContent' in result;
  if (!outputSchema) return present ? { status: 'unchecked' } : { status: 'none' };
  if (!present) {
    // A tool error need not match the output schema, nor carry structured content.
    return isObject(result) && result.isError === true ? { status: 'none' } : { status: 'missing' };
  }
  const report = validateValue(outputSchema, result.structuredContent);
  return report.errors.length === 0
    ? { status: 'pass', problems: report.problems }
    : { status: 'fail', errors: report.errors, problems: report.problems };
}
