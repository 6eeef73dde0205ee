import { EditorState } from '@codemirror/state';
import { describe, expect, test } from 'vitest';
import { SchemaValidator } from '../../main/core/mcp/schema-validator.js';
import type { JsonObject } from '../../shared/mcp.js';
import { jsonDiagnostics } from '../../renderer/src/ui/schema-form/json-schema-extensions.js';
import type { ValidateInCore } from '../../renderer/src/ui/schema-form/schema-check.js';
import { createRememberedArgumentsCheck, MAX_REMEMBERED_PER_SCHEMA } from '../../renderer/src/ui/schema-form/use-schema-check.js';

const schema: JsonObject = { type: 'object', properties: { count: { type: 'integer', minimum: 1 } }, required: ['count'] };

/** The core's validator, counting how often the window asked it. */
function countingValidate() {
  const validator = new SchemaValidator();
  const asked: unknown[] = [];
  const validate: ValidateInCore = async (checked, value) => {
    asked.push(value);
    return validator.validate(checked, value);
  };
  return { validate, asked };
}

describe('verdicts on arguments are remembered by the value’s JSON text', () => {
  test('the editor’s diagnostics and the Run button ask the core once for the same text, and Run then knows the verdict at once', async () => {
    const { validate, asked } = countingValidate();
    const check = createRememberedArgumentsCheck(validate);
    const text = '{"count": 0}';
    // The editor's linter parses the document itself: a different object from the draft's value.
    const diagnostics = await jsonDiagnostics(EditorState.create({ doc: text }), schema, validate, check);
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toEqual(['/count: Must be at least 1.']);
    const draftValue = JSON.parse(text) as unknown;
    expect(check.known(schema, draftValue)).toEqual({ kind: 'checked', errors: [expect.objectContaining({ pointer: '/count' })] });
    expect(await check(schema, draftValue)).toEqual(check.known(schema, draftValue));
    expect(asked).toHaveLength(1);
  });

  test('a verdict the core could not give is asked again the next time', async () => {
    let up = false;
    const validator = new SchemaValidator();
    const validate: ValidateInCore = async (checked, value) => {
      if (!up) throw new Error('Lost connection to the Loupe host');
      return validator.validate(checked, value);
    };
    const check = createRememberedArgumentsCheck(validate);
    expect((await check(schema, { count: 2 })).kind).toBe('unchecked');
    expect(check.known(schema, { count: 2 })).toBeUndefined();
    up = true;
    expect(await check(schema, { count: 2 })).toEqual({ kind: 'checked', errors: [] });
    expect(check.known(schema, { count: 2 })).toEqual({ kind: 'checked', errors: [] });
  });

  test('at most MAX_REMEMBERED_PER_SCHEMA values are kept per schema, the oldest dropped first', async () => {
    const { validate, asked } = countingValidate();
    const check = createRememberedArgumentsCheck(validate);
    for (let count = 1; count <= MAX_REMEMBERED_PER_SCHEMA + 1; count++) await check(schema, { count });
    expect(check.known(schema, { count: 1 })).toBeUndefined();
    expect(check.known(schema, { count: MAX_REMEMBERED_PER_SCHEMA + 1 })).toEqual({ kind: 'checked', errors: [] });
    await check(schema, { count: 1 });
    expect(asked).toHaveLength(MAX_REMEMBERED_PER_SCHEMA + 2);
  });
});
