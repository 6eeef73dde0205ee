import { json } from '@codemirror/lang-json';
import { EditorState } from '@codemirror/state';
import { describe, expect, test } from 'vitest';
import { SchemaValidator } from '../../main/core/mcp/schema-validator.js';
import type { JsonObject } from '../../shared/mcp.js';
import { editorStatus, jsonDiagnostics, schemaDiagnostics } from '../../renderer/src/ui/schema-form/json-schema-extensions.js';
import { checkValue, errorsByPointer, type ValidateInCore } from '../../renderer/src/ui/schema-form/schema-check.js';

/** The core's own validator, as `schemas.validate` runs it. */
const validator = new SchemaValidator();
const validate: ValidateInCore = async (schema, value) => validator.validate(schema, value);
const linkDown: ValidateInCore = async () => {
  throw new Error('Lost connection to the Loupe host');
};

const schema: JsonObject = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email' },
    count: { type: 'integer', minimum: 1, maximum: 100 },
    target: { type: 'object', properties: { host: { type: 'string' }, 'a/b': { type: 'number' } }, required: ['host'] },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['count'],
  additionalProperties: false,
};

describe('the core’s verdict by form field', () => {
  test('each failing place is keyed by its JSON Pointer, as the form’s fields are', async () => {
    const check = await checkValue(validate, schema, { email: 'nope', count: 0, target: { 'a/b': 'x' }, tags: ['a', 2] });
    expect(check.kind).toBe('checked');
    if (check.kind !== 'checked') return;
    expect(errorsByPointer(check.errors)).toEqual({
      '/email': ['Must be an email address, like name@example.com.'],
      '/count': ['Must be at least 1.'],
      '/target/host': ['Required.'],
      '/target/a~1b': ['Must be a number.'],
      '/tags/1': ['Must be a string.'],
    });
  });

  test('a missing required property belongs to its own field; a valid value has no errors', async () => {
    expect(await checkValue(validate, schema, {})).toEqual({
      kind: 'checked',
      errors: [{ pointer: '/count', keyword: 'required', message: 'Required.' }],
    });
    expect(await checkValue(validate, schema, { count: 5, target: { host: 'h' } })).toEqual({ kind: 'checked', errors: [] });
  });

  test('types read as words; the same message at one place is shown once', async () => {
    const nullable: JsonObject = { type: 'object', properties: { n: { type: ['integer', 'null'] }, s: { anyOf: [{ type: 'string' }, { type: 'string', minLength: 3 }] } } };
    const check = await checkValue(validate, nullable, { n: 'x', s: 1 });
    if (check.kind !== 'checked') throw new Error('expected a verdict');
    const grouped = errorsByPointer(check.errors);
    expect(grouped['/n']).toEqual(['Must be a whole number or null.']);
    expect(grouped['/s']).toEqual(['Must be a string.', 'Must match one of the allowed shapes.']);
  });

  test('a schema the core cannot use, or a core that does not answer, leaves the value unchecked with the reason', async () => {
    const broken = await checkValue(validate, { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, { a: 1 });
    expect(broken.kind).toBe('unchecked');
    if (broken.kind === 'unchecked') expect(broken.reason).toMatch(/^The schema could not be used: /);
    expect(await checkValue(linkDown, schema, {})).toEqual({
      kind: 'unchecked',
      reason: 'Loupe’s core did not answer the schema check (Lost connection to the Loupe host).',
    });
  });
});

describe('the core’s verdict in the JSON editor', () => {
  const stateOf = (doc: string) => EditorState.create({ doc, extensions: [json()] });
  const placed = (state: EditorState, diagnostics: Awaited<ReturnType<typeof jsonDiagnostics>>) =>
    diagnostics.map((diagnostic) => [state.sliceDoc(diagnostic.from, diagnostic.to), diagnostic.message]);

  test('each error is underlined where its pointer lands: a value, a missing property’s container, a property that is not allowed', async () => {
    const state = stateOf('{\n  "count": 500,\n  "target": {"a/b": "x"},\n  "extra": 1\n}');
    expect(placed(state, await jsonDiagnostics(state, schema, validate))).toEqual([
      ['"extra"', '/extra: "extra" is not allowed here.'],
      ['500', '/count: Must be at most 100.'],
      ['{', '/target/host: Required.'],
      ['"x"', '/target/a~1b: Must be a number.'],
    ]);
  });

  test('a syntax error is one diagnostic and the core is not asked', async () => {
    const diagnostics = await jsonDiagnostics(stateOf('{"count": '), schema, linkDown);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.source).toBe('JSON');
  });

  test('an unanswered check is a warning, not an error of the value', () => {
    const state = stateOf('{"count": 5}');
    const diagnostics = schemaDiagnostics(state, { kind: 'unchecked', reason: 'Loupe’s core did not answer the schema check (gone).' });
    expect(diagnostics).toMatchObject([{ severity: 'warning', from: 0, to: 1 }]);
  });

  test('the status line sums up the latest verdict', async () => {
    const text = '{"count": 500}';
    const diagnostics = await jsonDiagnostics(stateOf(text), schema, validate);
    expect(editorStatus(text, true, diagnostics)).toEqual({ ok: false, message: '1 schema problem: /count: Must be at most 100.' });
    expect(editorStatus('{"count": 5}', true, [])).toEqual({ ok: true, message: 'Valid JSON that matches the schema.' });
    expect(editorStatus('{"count": 5}', true, null).message).toBe('Valid JSON; checking it against the schema…');
    expect(editorStatus('{"count": ', true, diagnostics).message).toMatch(/^Not valid JSON: /);
    expect(editorStatus(' ', true, null)).toEqual({ ok: true, message: 'Empty: sent as {}.' });
    const unchecked = schemaDiagnostics(stateOf(text), { kind: 'unchecked', reason: 'Loupe’s core did not answer the schema check (gone).' });
    expect(editorStatus(text, true, unchecked).message).toBe('Valid JSON, not checked against the schema: Loupe’s core did not answer the schema check (gone).');
  });
});
