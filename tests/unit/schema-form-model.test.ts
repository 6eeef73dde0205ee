import { describe, expect, test } from 'vitest';
import { describeField, type FieldModel } from '../../renderer/src/ui/schema-form/field-model.js';
import {
  extraKeys,
  formatJsonValue,
  getAt,
  initialValue,
  moveItem,
  numberFromText,
  parseJsonText,
  setAt,
  textFromNumber,
} from '../../renderer/src/ui/schema-form/form-value.js';
import { parsePointer, toPointer, valueAtPointer } from '../../shared/json-pointer.js';
import { resolveSchema } from '../../renderer/src/ui/schema-form/resolve-ref.js';

const kindOf = (schema: unknown, root: unknown = schema): FieldModel['kind'] => describeField(schema, root).kind;

describe('describeField: schema → field model', () => {
  test('scalars, formats and their inputs', () => {
    const date = describeField({ type: 'string', format: 'date' }, {});
    expect(date).toMatchObject({ kind: 'string', inputType: 'date', format: 'date' });
    expect(describeField({ type: 'string', format: 'email' }, {})).toMatchObject({ kind: 'string', inputType: 'email' });
    expect(describeField({ type: 'string', format: 'uri' }, {})).toMatchObject({ kind: 'string', inputType: 'url' });
    const dateTime = describeField({ type: 'string', format: 'date-time' }, {});
    expect(dateTime).toMatchObject({ kind: 'string', inputType: 'text', placeholder: '2025-01-31T13:45:00Z' });
    expect(describeField({ type: 'integer' }, {})).toMatchObject({ kind: 'number', integer: true });
    expect(describeField({ type: 'number' }, {})).toMatchObject({ kind: 'number', integer: false });
    expect(kindOf({ type: 'boolean' })).toBe('boolean');
  });

  test('number ranges become hints, including semem-like min/max', () => {
    expect(describeField({ type: 'integer', minimum: 1, maximum: 100 }, {}).hints).toEqual(['≥ 1 and ≤ 100']);
    expect(describeField({ type: 'number', exclusiveMinimum: 0 }, {}).hints).toEqual(['> 0']);
    const semem = describeField({ type: 'number', min: 1, max: 50 }, {});
    expect(semem.hints).toEqual(['min 1, max 50 (non-standard “min”/“max”: not enforced)']);
  });

  test('enums and oneOf/anyOf of constants are choices with titles', () => {
    expect(describeField({ type: 'string', enum: ['fast', 'safe'] }, {})).toMatchObject({
      kind: 'choice',
      options: [
        { value: 'fast', label: 'fast' },
        { value: 'safe', label: 'safe' },
      ],
    });
    const oneOf = describeField({ oneOf: [{ const: 'c', title: 'Celsius' }, { const: 'f', title: 'Fahrenheit' }] }, {});
    expect(oneOf).toMatchObject({ kind: 'choice', options: [{ value: 'c', label: 'Celsius' }, { value: 'f', label: 'Fahrenheit' }] });
  });

  test('nullable fields: type with null, anyOf with null, nullable: true', () => {
    expect(describeField({ type: ['integer', 'null'] }, {})).toMatchObject({ kind: 'number', nullable: true });
    const anyOf = describeField({ anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }], description: 'When' }, {});
    expect(anyOf).toMatchObject({ kind: 'string', inputType: 'date', nullable: true, description: 'When' });
    const nullableEnum = describeField({ anyOf: [{ enum: ['a', 'b'] }, { type: 'null' }] }, {});
    expect(nullableEnum).toMatchObject({ kind: 'choice', nullable: true });
    expect(describeField({ type: 'string', nullable: true }, {})).toMatchObject({ kind: 'string', nullable: true });
    expect(describeField({ type: 'string' }, {}).nullable).toBe(false);
  });

  test('objects list their properties with required flags; arrays keep their item schema', () => {
    const schema = {
      type: 'object',
      properties: { host: { type: 'string' }, port: { type: 'integer' } },
      required: ['host'],
    };
    expect(describeField(schema, schema)).toMatchObject({
      kind: 'object',
      extraProperties: false,
      properties: [
        { name: 'host', required: true },
        { name: 'port', required: false },
      ],
    });
    expect(describeField({ type: 'array', items: { type: 'string' } }, {})).toMatchObject({ kind: 'array', items: { type: 'string' } });
    expect(kindOf({ properties: { a: {} } })).toBe('object');
  });

  test('allOf of objects merges; $ref and $defs resolve', () => {
    const schema = {
      $defs: { named: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      allOf: [{ $ref: '#/$defs/named' }, { properties: { age: { type: 'integer' } } }],
    };
    const field = describeField(schema, schema);
    expect(field.kind).toBe('object');
    if (field.kind === 'object') {
      expect(field.properties.map((property) => [property.name, property.required])).toEqual([
        ['name', true],
        ['age', false],
      ]);
    }
    const viaDefinitions = { definitions: { id: { type: 'integer', minimum: 1 } }, $ref: '#/definitions/id' };
    expect(describeField(viaDefinitions, viaDefinitions)).toMatchObject({ kind: 'number', hints: ['≥ 1'] });
  });

  test('what the form cannot express is a JSON field with a reason', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ type: ['string', 'number'] }, /several types/],
      [{ oneOf: [{ type: 'string' }, { type: 'object' }] }, /one of several shapes/],
      [{ type: 'object', additionalProperties: { type: 'string' } }, /map of names/],
      [{ type: 'array', prefixItems: [{ type: 'string' }] }, /tuple/],
      [{}, /does not say what type/],
      [{ $ref: 'https://example.com/s.json' }, /not a local reference/],
    ];
    for (const [schema, reason] of cases) {
      const field = describeField(schema, schema);
      expect(field.kind).toBe('json');
      if (field.kind === 'json') expect(field.reason).toMatch(reason);
    }
  });
});

describe('$ref resolution', () => {
  test('follows chains, merges siblings and percent-decodes pointers', () => {
    const root = { $defs: { 'a b': { $ref: '#/$defs/c' }, c: { type: 'string', title: 'C' } } };
    expect(resolveSchema({ $ref: '#/$defs/a%20b', description: 'beside' }, root)).toEqual({
      ok: true,
      schema: { type: 'string', title: 'C', description: 'beside' },
    });
  });

  test('a reference loop is reported, not followed forever', () => {
    const root = { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } };
    const resolved = resolveSchema({ $ref: '#/$defs/a' }, root);
    expect(resolved.ok).toBe(false);
    if (!resolved.ok) expect(resolved.problem).toMatch(/loop/);
  });

  test('a recursive schema is described one level at a time', () => {
    const tree = { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } } };
    const field = describeField(tree, tree);
    expect(field.kind).toBe('object');
    const children = field.kind === 'object' ? field.properties[1]! : undefined;
    const list = describeField(children?.schema, tree);
    expect(list.kind).toBe('array');
    expect(list.kind === 'array' && describeField(list.items, tree).kind).toBe('object');
  });

  test('JSON Pointers round-trip with escapes', () => {
    expect(toPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
    expect(parsePointer('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(valueAtPointer({ 'a/b': [{ x: 1 }] }, '/a~1b/0/x')).toBe(1);
    expect(valueAtPointer({ a: 1 }, '/b')).toBeUndefined();
  });
});

describe('form value', () => {
  const schema = {
    type: 'object',
    properties: {
      query: { type: 'string' },
      limit: { type: 'integer', default: 10 },
      mode: { enum: ['fast', 'safe'] },
      flag: { type: 'boolean' },
      target: { type: 'object', properties: { host: { type: 'string' }, port: { type: 'integer', default: 80 } }, required: ['host'] },
      tags: { type: 'array', items: { type: 'string' } },
      when: { type: ['string', 'null'], default: null },
    },
    required: ['query', 'target', 'tags', 'flag'],
  };

  test('initial value: defaults prefilled, required fields empty, optional ones left out', () => {
    expect(initialValue(schema, schema)).toEqual({
      query: '',
      limit: 10,
      flag: false,
      target: { host: '', port: 80 },
      tags: [],
      when: null,
    });
  });

  test('a recursive required property does not recurse forever', () => {
    const recursive = { type: 'object', properties: { next: { $ref: '#' } }, required: ['next'] };
    let value = initialValue(recursive, recursive) as Record<string, unknown>;
    let depth = 0;
    while (value && typeof value === 'object' && 'next' in value) {
      value = value.next as Record<string, unknown>;
      depth++;
    }
    expect(depth).toBeLessThan(12);
  });

  test('setAt updates immutably, creates containers, removes undefined and keeps unknown keys', () => {
    const value = { query: 'x', unknown: { keep: true } };
    const next = setAt(value, ['target', 'host'], 'example.com');
    expect(next).toEqual({ query: 'x', unknown: { keep: true }, target: { host: 'example.com' } });
    expect(value).toEqual({ query: 'x', unknown: { keep: true } });
    expect(setAt(next, ['query'], undefined)).toEqual({ unknown: { keep: true }, target: { host: 'example.com' } });
    expect(setAt({ tags: ['a', 'b'] }, ['tags', 2], 'c')).toEqual({ tags: ['a', 'b', 'c'] });
    expect(setAt({ tags: ['a', 'b'] }, ['tags', 0], undefined)).toEqual({ tags: ['b'] });
    expect(getAt(next, ['target', 'host'])).toBe('example.com');
    expect(getAt(next, ['missing', 'x'])).toBeUndefined();
    expect(extraKeys(next, ['query', 'target'])).toEqual(['unknown']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  test('form value ↔ JSON text round trip loses nothing', () => {
    const value = { query: 'ü "quoted"\n', limit: 1e21, nested: { list: [1, null, { deep: [] }] }, empty: '' };
    const text = formatJsonValue(value);
    expect(parseJsonText(text)).toEqual({ ok: true, value });
    expect(parseJsonText('')).toEqual({ ok: true, value: {} });
    const broken = parseJsonText('{"a": ');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.message).toMatch(/not valid JSON/);
  });

  test('number text: numbers parse, empty is nothing, anything else stays as typed', () => {
    expect(numberFromText('42')).toBe(42);
    expect(numberFromText(' -1.5e3 ')).toBe(-1500);
    expect(numberFromText('')).toBeUndefined();
    expect(numberFromText('12abc')).toBe('12abc');
    expect(numberFromText('0x10')).toBe('0x10');
    expect(textFromNumber(3)).toBe('3');
    expect(textFromNumber('3x')).toBe('3x');
    expect(textFromNumber(undefined)).toBe('');
  });
});
