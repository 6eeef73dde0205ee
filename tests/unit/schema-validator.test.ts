import { describe, expect, it } from 'vitest';
import { SchemaValidator } from '../../main/core/mcp/schema-validator.js';

describe('SchemaValidator (Ajv in the core)', () => {
  const validator = new SchemaValidator();
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 2 },
      email: { type: 'string', format: 'email' },
      count: { type: 'integer', minimum: 1, maximum: 5 },
      tags: { type: 'array', items: { $ref: '#/$defs/tag' } },
    },
    required: ['name'],
    $defs: { tag: { enum: ['a', 'b'] } },
    min: 3, // a real server's unknown keyword must not break validation
  };

  it('accepts a valid value', () => {
    expect(validator.validate(schema, { name: 'ok', email: 'a@b.co', count: 3, tags: ['a'] })).toEqual({ valid: true, errors: [] });
  });

  it('reports every failing place as a JSON Pointer with a message', () => {
    const result = validator.validate(schema, { email: 'nope', count: 9, tags: ['c'] });
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.path).sort()).toEqual(['/count', '/email', '/name', '/tags/0']);
    expect(result.errors.find((e) => e.path === '/name')?.message).toBe('"name" is required');
  });

  it('points at the property itself for required and not-allowed properties', () => {
    const closed = { type: 'object', properties: { 'a/b': { type: 'string' } }, required: ['a/b'], additionalProperties: false };
    const result = validator.validate(closed, { extra: 1 });
    expect(result.errors.map((e) => e.path).sort()).toEqual(['/a~1b', '/extra']);
  });

  it('uses draft 2020-12 when the schema says so', () => {
    const tuple = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', prefixItems: [{ type: 'number' }], items: false };
    expect(validator.validate(tuple, [1]).valid).toBe(true);
    expect(validator.validate(tuple, [1, 2]).valid).toBe(false);
  });

  it('explains a schema that cannot be compiled instead of throwing', () => {
    const result = validator.validate({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, {});
    expect(result.valid).toBe(false);
    expect(result.schemaError).toMatch(/^The schema could not be used: .*missing/);
  });
});
