import { CompletionContext } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { EditorState } from '@codemirror/state';
import { describe, expect, test } from 'vitest';
import { SchemaValidator } from '../../main/core/mcp/schema-validator.js';
import { jsonDiagnostics, schemaCompletionSource } from '../../renderer/src/ui/schema-form/json-schema-extensions.js';
import type { ValidateInCore } from '../../renderer/src/ui/schema-form/schema-check.js';
import { cursorContext, rangeForPointer } from '../../renderer/src/ui/schema-form/json-syntax.js';

const stateOf = (doc: string) => EditorState.create({ doc, extensions: [json()] });
const slice = (state: EditorState, range: { from: number; to: number }) => state.sliceDoc(range.from, range.to);

const validator = new SchemaValidator();
const validate: ValidateInCore = async (schema, value) => validator.validate(schema, value);

const schema = {
  type: 'object',
  properties: {
    count: { type: 'integer', maximum: 100, description: 'How many' },
    mode: { enum: ['fast', 'safe'] },
    target: { type: 'object', properties: { host: { type: 'string' } }, required: ['host'] },
  },
  required: ['count'],
};

describe('JSON text positions', () => {
  test('a pointer maps to the value, a missing place to its container, an extra property to its name', () => {
    const state = stateOf('{\n  "a": {"b": [1, 2, {"c": true}]},\n  "x": 3\n}');
    expect(slice(state, rangeForPointer(state, '/a/b/2/c'))).toBe('true');
    expect(slice(state, rangeForPointer(state, '/a/missing'))).toBe('{');
    expect(slice(state, rangeForPointer(state, '/x', 'additionalProperties'))).toBe('"x"');
    expect(slice(state, rangeForPointer(state, ''))).toBe('{');
  });

  test('the cursor context says key or value, and where', () => {
    const at = (text: string) => cursorContext(stateOf(`${text}}`), text.length);
    expect(at('{"a": {"b": [1, ')).toMatchObject({ role: 'value', path: ['a', 'b', 1] });
    expect(at('{"a": {"')).toMatchObject({ role: 'key', path: ['a'], from: 7 });
    expect(at('{"a": 1, "q')).toMatchObject({ role: 'key', path: [], existingKeys: ['a'] });
    expect(at('{"mode": ')).toMatchObject({ role: 'value', path: ['mode'] });
  });
});

describe('schema-aware diagnostics and completion', () => {
  test('schema errors are placed where they are; a syntax error is one diagnostic', async () => {
    const state = stateOf('{"count": 500, "target": {}}');
    const diagnostics = await jsonDiagnostics(state, schema, validate);
    expect(diagnostics.map((diagnostic) => [slice(state, diagnostic), diagnostic.message])).toEqual([
      ['500', '/count: Must be at most 100.'],
      ['{', '/target/host: Required.'],
    ]);
    const broken = await jsonDiagnostics(stateOf('{"count": '), schema, validate);
    expect(broken).toHaveLength(1);
    expect(broken[0]!.source).toBe('JSON');
  });

  test('property names not yet used, required first, with type and description', () => {
    const doc = '{"mode": "fast", "';
    const state = stateOf(`${doc}"}`);
    const result = schemaCompletionSource(() => schema)(new CompletionContext(state, doc.length, true));
    expect(result?.options.map((option) => [option.displayLabel, option.detail, option.apply])).toEqual([
      ['count', 'integer · required', '"count": '],
      ['target', 'object', '"target": {}'],
    ]);
    expect(result?.options[0]!.info).toBe('How many\n≤ 100');
    // The auto-closed quote after the cursor is replaced too.
    expect(result?.to).toBe(doc.length + 1);
  });

  test('values from enums', () => {
    const doc = '{"mode": ';
    const result = schemaCompletionSource(() => schema)(new CompletionContext(stateOf(`${doc}}`), doc.length, true));
    expect(result?.options.map((option) => option.label)).toEqual(['"fast"', '"safe"']);
  });
});
