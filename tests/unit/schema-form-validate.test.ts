import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { errorsByPointer, validateValue } from '../../renderer/src/features/schema-form/validate.js';

// ajv-formats is CommonJS with a default export.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** Ajv is the reference: the renderer cannot run it (it needs eval), but Node can. */
function ajvVerdict(schema: object, value: unknown): boolean {
  const is2020 = JSON.stringify(schema).includes('2020-12');
  const ajv = is2020 ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.validate(schema, value) as boolean;
}

const S2020 = 'https://json-schema.org/draft/2020-12/schema';

/** [name, schema, values to check]: each value's verdict must match Ajv's. */
const CASES: Array<[string, object, unknown[]]> = [
  ['type string', { type: 'string' }, ['a', 3, null, {}, []]],
  ['type integer', { type: 'integer' }, [3, 3.5, '3', -0, 1e3]],
  ['type list with null', { type: ['string', 'null'] }, ['x', null, 1]],
  ['enum', { enum: ['a', 1, null, { b: 2 }] }, ['a', 1, null, { b: 2 }, { b: 3 }, 'b']],
  ['const', { const: { x: [1, 2] } }, [{ x: [1, 2] }, { x: [2, 1] }]],
  ['minimum/maximum', { type: 'number', minimum: 1, maximum: 10 }, [0, 1, 10, 10.5, 5]],
  ['exclusive bounds', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }, [0, 0.5, 1]],
  ['multipleOf', { type: 'number', multipleOf: 0.5 }, [1.5, 1.25, 2]],
  ['lengths', { type: 'string', minLength: 2, maxLength: 3 }, ['a', 'ab', 'abc', 'abcd', '😀😀']],
  ['pattern', { type: 'string', pattern: '^[a-z]+$' }, ['abc', 'aBc', '']],
  ['format date', { type: 'string', format: 'date' }, ['2024-02-29', '2023-02-29', '2024-13-01', 'yesterday']],
  ['format date-time', { type: 'string', format: 'date-time' }, ['2025-01-31T13:45:00Z', '2025-01-31T13:45:00+02:00', '2025-01-31 13:45', 'now']],
  ['format email', { type: 'string', format: 'email' }, ['a@b.co', 'not an email', 'a@b']],
  ['format uri', { type: 'string', format: 'uri' }, ['https://example.com/x', 'mailto:a@b.co', 'example.com']],
  ['format uuid', { type: 'string', format: 'uuid' }, ['123e4567-e89b-12d3-a456-426614174000', '123']],
  ['format ipv4', { type: 'string', format: 'ipv4' }, ['127.0.0.1', '256.1.1.1', '1.2.3']],
  [
    'required and properties',
    { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'] },
    [{ a: 'x' }, {}, { a: 1 }, { a: 'x', b: 'y' }, { a: 'x', c: 1 }],
  ],
  [
    'additionalProperties false',
    { type: 'object', properties: { a: {} }, additionalProperties: false },
    [{ a: 1 }, { a: 1, b: 2 }],
  ],
  ['additionalProperties schema', { type: 'object', additionalProperties: { type: 'number' } }, [{ a: 1 }, { a: 'x' }]],
  ['patternProperties', { type: 'object', patternProperties: { '^x-': { type: 'string' } } }, [{ 'x-a': 'y' }, { 'x-a': 1 }, { y: 1 }]],
  ['array items', { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 2 }, [[1], [], [1, 2, 3], [1, 'x']]],
  ['uniqueItems', { type: 'array', uniqueItems: true }, [[1, 2], [1, 1], [{ a: 1 }, { a: 1 }]]],
  ['contains', { type: 'array', contains: { const: 3 } }, [[1, 3], [1, 2]]],
  ['draft-07 tuple', { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false }, [['a', 1], ['a', 'b'], ['a', 1, 2]]],
  ['2020-12 prefixItems', { $schema: S2020, type: 'array', prefixItems: [{ type: 'string' }], items: false }, [['a'], ['a', 1], [1]]],
  [
    '$defs and $ref',
    { $schema: S2020, type: 'object', $defs: { pos: { type: 'integer', minimum: 1 } }, properties: { n: { $ref: '#/$defs/pos' } } },
    [{ n: 1 }, { n: 0 }, { n: 'x' }],
  ],
  [
    'recursive $ref to the root',
    { type: 'object', properties: { name: { type: 'string' }, child: { $ref: '#' } } },
    [{ name: 'a', child: { name: 'b', child: { name: 'c' } } }, { child: { child: { name: 3 } } }],
  ],
  ['anyOf', { anyOf: [{ type: 'string' }, { type: 'number', minimum: 5 }] }, ['x', 5, 4, null]],
  ['oneOf', { oneOf: [{ type: 'number', multipleOf: 2 }, { type: 'number', multipleOf: 3 }] }, [2, 3, 6, 5]],
  ['allOf', { allOf: [{ type: 'object', required: ['a'] }, { required: ['b'] }] }, [{ a: 1, b: 2 }, { a: 1 }]],
  ['not', { not: { type: 'string' } }, [1, 'x']],
  ['if/then/else', { if: { properties: { kind: { const: 'a' } } }, then: { required: ['x'] }, else: { required: ['y'] } }, [{ kind: 'a', x: 1 }, { kind: 'a', y: 1 }, { kind: 'b', y: 1 }]],
  ['dependentRequired', { $schema: S2020, dependentRequired: { a: ['b'] } }, [{ a: 1, b: 1 }, { a: 1 }, {}]],
  ['draft-07 dependencies', { dependencies: { a: ['b'], c: { required: ['d'] } } }, [{ a: 1 }, { c: 1 }, { c: 1, d: 1 }]],
  ['propertyNames', { propertyNames: { pattern: '^[a-z]+$' } }, [{ abc: 1 }, { ABC: 1 }]],
  ['min/maxProperties', { minProperties: 1, maxProperties: 2 }, [{}, { a: 1 }, { a: 1, b: 2, c: 3 }]],
  ['boolean schemas', { type: 'object', properties: { yes: true, no: false } }, [{ yes: 1 }, { no: 1 }]],
  ['nullable anyOf', { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] }, ['a', null, 'c']],
];

describe('validateValue agrees with Ajv', () => {
  for (const [name, schema, values] of CASES) {
    test(name, () => {
      for (const value of values) {
        const expected = ajvVerdict(schema, value);
        const report = validateValue(schema, value);
        expect({ value, valid: report.errors.length === 0 }).toEqual({ value, valid: expected });
        expect(report.problems).toEqual([]);
      }
    });
  }
});

describe('validateValue error paths and messages', () => {
  const schema = {
    type: 'object',
    properties: {
      email: { type: 'string', format: 'email' },
      count: { type: 'integer', minimum: 1, maximum: 100 },
      target: { type: 'object', properties: { host: { type: 'string' } }, required: ['host'] },
      tags: { type: 'array', items: { type: 'string' } },
    },
    required: ['count'],
  };

  test('each failing place is reported at its JSON Pointer', () => {
    const report = validateValue(schema, { email: 'nope', count: 0, target: {}, tags: ['a', 2] });
    const grouped = errorsByPointer(report.errors);
    expect(Object.keys(grouped).sort()).toEqual(['/count', '/email', '/tags/1', '/target/host']);
    expect(grouped['/count']).toEqual(['Must be ≥ 1.']);
    expect(grouped['/email']![0]).toMatch(/valid email address/);
    expect(grouped['/target/host']).toEqual(['Required.']);
    expect(grouped['/tags/1']).toEqual(['Expected a string, got a whole number.']);
  });

  test('a missing required property is reported where it belongs', () => {
    const report = validateValue(schema, {});
    expect(report.errors).toEqual([{ pointer: '/count', keyword: 'required', message: 'Required.' }]);
  });

  test('a failed anyOf reports the branch that fits the value best', () => {
    const report = validateValue({ anyOf: [{ type: 'string' }, { type: 'object', required: ['a'] }] }, {});
    expect(report.errors).toEqual([{ pointer: '/a', keyword: 'required', message: 'Required.' }]);
  });

  test('an unresolvable or looping $ref is a problem of the schema, not an error of the value', () => {
    expect(validateValue({ $ref: 'https://example.com/schema.json' }, 1).problems[0]).toMatch(/not a local reference/);
    expect(validateValue({ $ref: '#/$defs/missing' }, 1).problems[0]).toMatch(/does not exist/);
    const looping = { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' };
    const report = validateValue(looping, 1);
    expect(report.errors).toEqual([]);
    expect(report.problems.length).toBeGreaterThan(0);
  });

  test('a deep value against a recursive schema does not overflow the stack', () => {
    let value: unknown = {};
    for (let depth = 0; depth < 10_000; depth++) value = { child: value };
    const report = validateValue({ type: 'object', properties: { child: { $ref: '#' } } }, value);
    expect(report.errors).toEqual([]);
    expect(report.problems[0]).toMatch(/deeper than/);
  });

  test('multipleOf tolerates binary rounding (0.3 is a multiple of 0.1, unlike in Ajv)', () => {
    expect(validateValue({ multipleOf: 0.1 }, 0.3).errors).toEqual([]);
    expect(validateValue({ multipleOf: 0.1 }, 0.35).errors[0]?.message).toBe('Must be a multiple of 0.1.');
  });

  test('non-standard min/max (semem) are not enforced', () => {
    expect(validateValue({ type: 'number', min: 1, max: 50 }, 100).errors).toEqual([]);
  });
});
