import { describe, expect, it } from 'vitest';
import { emptyRequiredFields } from '../../renderer/src/ui/schema-form/empty-required.js';

const schema = {
  type: 'object',
  required: ['message', 'target'],
  properties: {
    message: { type: 'string' },
    note: { type: 'string' },
    target: { $ref: '#/$defs/target' },
  },
  $defs: { target: { type: 'object', required: ['host'], properties: { host: { type: 'string' }, path: { type: 'string' } } } },
};

describe('required fields left empty', () => {
  it('flags empty required strings, nested ones too, by pointer', () => {
    expect(emptyRequiredFields(schema, { message: '', note: '', target: { host: '', path: '' } })).toEqual([
      { pointer: '/message', message: 'Required, but left empty.', keyword: 'required' },
      { pointer: '/target/host', message: 'Required, but left empty.', keyword: 'required' },
    ]);
  });

  it('says nothing of filled, optional or absent fields', () => {
    expect(emptyRequiredFields(schema, { message: 'hi', target: { host: 'example.com' } })).toEqual([]);
    expect(emptyRequiredFields(schema, {})).toEqual([]);
    expect(emptyRequiredFields({ type: 'object', properties: { loop: { $ref: '#/properties/loop' } }, required: ['loop'] }, { loop: { loop: '' } })).toEqual([]);
  });
});
