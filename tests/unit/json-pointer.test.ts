/** One JSON Pointer builder (shared/json-pointer.ts) for the schema form, the JSON tree and the core's schema errors. */
import { describe, expect, test } from 'vitest';
import { parsePointer, setAtPath, toPointer, valueAtPointer, withValueAtPath } from '../../shared/json-pointer.js';
import { SchemaValidator } from '../../main/core/mcp/schema-validator.js';
import { JsonTreeModel } from '../../shared/document/json-tree-model.js';

const document = { 'a/b': { '~c': [10, { 'x~/y': true }] } };

describe('JSON Pointer (RFC 6901)', () => {
  test('escapes ~ before /, and reads back what it wrote', () => {
    const pointer = toPointer(['a/b', '~c', 1, 'x~/y']);
    expect(pointer).toBe('/a~1b/~0c/1/x~0~1y');
    expect(parsePointer(pointer)).toEqual(['a/b', '~c', '1', 'x~/y']);
    expect(valueAtPointer(document, pointer)).toBe(true);
    // ~01 is a literal "~1", not a slash.
    expect(parsePointer('/~01')).toEqual(['~1']);
  });

  test('the core names a missing or extra property with an escaped pointer', () => {
    const validator = new SchemaValidator();
    const missing = validator.validate({ type: 'object', required: ['a/~b'] }, {});
    expect(missing.errors.map((error) => error.path)).toEqual(['/a~1~0b']);
    const extra = validator.validate({ type: 'object', additionalProperties: false }, { 'c~/d': 1 });
    expect(extra.errors.map((error) => error.path)).toEqual(['/c~0~1d']);
  });

  test('the JSON tree gives each row its escaped pointer', () => {
    const tree = new JsonTreeModel(document);
    tree.expandAll(0);
    const pointers = Array.from({ length: tree.rowCount }, (_, index) => tree.pointer(index));
    expect(pointers).toContain('/a~1b/~0c/1/x~0~1y');
  });
});

describe('setAtPath', () => {
  test('puts a value in place inside nested containers, and the empty path replaces the root', () => {
    const root = { content: [{ type: 'text', text: '' }, { type: 'resource', resource: { text: '' } }] };
    expect(setAtPath(root, ['content', 1, 'resource', 'text'], 'whole')).toBe(root);
    expect(root.content[1]).toEqual({ type: 'resource', resource: { text: 'whole' } });
    expect(root.content[0]).toEqual({ type: 'text', text: '' });
    expect(setAtPath(root, [], 'all')).toBe('all');
  });
});

describe('withValueAtPath', () => {
  test('puts a value in a copy: the containers on the way are new, the original and the rest are untouched', () => {
    const root = { content: [{ type: 'text', text: 'long' }, { type: 'resource', resource: { text: 'also long' } }], meta: { kept: true } };
    const snapshot = structuredClone(root);
    const copy = withValueAtPath(root, ['content', 1, 'resource', 'text'], '') as typeof root;
    expect(root).toEqual(snapshot);
    expect(copy.content[1]).toEqual({ type: 'resource', resource: { text: '' } });
    expect(Array.isArray(copy.content)).toBe(true);
    expect(copy.content).not.toBe(root.content);
    expect(copy.content[0]).toBe(root.content[0]);
    expect(copy.meta).toBe(root.meta);
    expect(withValueAtPath(root, [], 'all')).toBe('all');
  });
});
