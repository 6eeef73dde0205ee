/** The load run's arguments against the tool's input schema: the Tools tab's check, and why a run may not start. */
import type { JsonObject } from '../../../../shared/mcp';
import { isObject } from '../../../../shared/is-object';
import { checkArguments } from '../../ui/schema-form/empty-required';
import type { SchemaCheck, ValidateInCore } from '../../ui/schema-form/schema-check';
import { plural } from '../../ui/format';

/** The problems named in the sentence; the count tells how many there are. */
const MAX_NAMED = 3;

/** Why a run with these arguments may not start, in one sentence; undefined when the schema accepts them (or could not be used). */
export function argumentsRefusal(check: SchemaCheck): string | undefined {
  if (check.kind !== 'checked' || check.errors.length === 0) return undefined;
  const named = check.errors.slice(0, MAX_NAMED).map((error) => `${error.pointer || '(arguments)'}: ${error.message.replace(/\.$/, '')}`);
  const more = check.errors.length > MAX_NAMED ? `, and ${check.errors.length - MAX_NAMED} more` : '';
  return `The arguments do not match the tool’s input schema (${plural(check.errors.length, 'problem')}): ${named.join('; ')}${more}.`;
}

/** Checks the arguments as the Tools tab does (required fields left empty included); a tool without a schema takes any object. */
export async function checkLoadArguments(validate: ValidateInCore, inputSchema: unknown, args: JsonObject): Promise<string | undefined> {
  const schema: JsonObject = isObject(inputSchema) ? inputSchema : { type: 'object' };
  return argumentsRefusal(await checkArguments(validate, schema, args));
}
