import { SchemaValidator } from '../../main/core/mcp/schema-validator.js';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import {
  buildContent,
  fieldsOf,
  initialValues,
  inputTypeFor,
  fieldErrorsFrom,
} from '../../renderer/src/features/approvals/elicitation-schema.js';
import { readUrlRequest } from '../../renderer/src/features/approvals/url-request.js';

// ajv-formats is CommonJS with a default export.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** The schema server-everything 2026.8.31 sends from trigger-elicitation-request: every 2025-11-25 field kind. */
const EVERYTHING_SCHEMA = {
  type: 'object',
  properties: {
    name: { title: 'String', type: 'string', description: 'Your full, legal name' },
    check: { title: 'Boolean', type: 'boolean', description: 'Agree to the terms and conditions' },
    firstLine: { title: 'String with default', type: 'string', default: 'It was a dark and stormy night.' },
    email: { title: 'String with email format', type: 'string', format: 'email' },
    homepage: { type: 'string', format: 'uri', title: 'String with uri format' },
    birthdate: { title: 'String with date format', type: 'string', format: 'date' },
    integer: { title: 'Integer', type: 'integer', minimum: 1, maximum: 100, default: 42 },
    number: { title: 'Number in range 1-1000', type: 'number', minimum: 0, maximum: 1000, default: 3.14 },
    untitledSingleSelectEnum: { type: 'string', title: 'Untitled Single Select Enum', enum: ['Monica', 'Rachel', 'Joey'], default: 'Monica' },
    untitledMultipleSelectEnum: {
      type: 'array',
      title: 'Untitled Multiple Select Enum',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string', enum: ['Guitar', 'Piano', 'Violin'] },
      default: ['Guitar'],
    },
    titledSingleSelectEnum: {
      type: 'string',
      title: 'Titled Single Select Enum',
      oneOf: [
        { const: 'hero-1', title: 'Superman' },
        { const: 'hero-2', title: 'Green Lantern' },
      ],
      default: 'hero-1',
    },
    titledMultipleSelectEnum: {
      type: 'array',
      title: 'Titled Multiple Select Enum',
      items: {
        anyOf: [
          { const: 'fish-1', title: 'Tuna' },
          { const: 'fish-2', title: 'Salmon' },
        ],
      },
      default: ['fish-1'],
    },
    legacyTitledEnum: { type: 'string', title: 'Legacy', enum: ['pet-1', 'pet-2'], enumNames: ['Cats', 'Dogs'], default: 'pet-1' },
    when: { type: 'string', format: 'date-time', title: 'When' },
    code: { type: 'string', minLength: 2, maxLength: 4, pattern: '^[A-Z]+$' },
  },
  required: ['name', 'check'],
};

/** The top-level property each Ajv error is about. */
function ajvFields(schema: object, content: unknown): string[] {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.validate(schema, content);
  const names = (ajv.errors ?? []).map((error: ErrorObject) =>
    error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.split('/')[1] ?? '',
  );
  return [...new Set(names)].sort();
}

describe('elicitation schema → form fields', () => {
  const fields = fieldsOf(EVERYTHING_SCHEMA);
  const byName = Object.fromEntries(fields.map((field) => [field.name, field]));

  test('every property becomes a field of the right kind, in schema order, with title and required', () => {
    expect(fields.map((field) => [field.name, field.kind])).toEqual([
      ['name', 'text'],
      ['check', 'boolean'],
      ['firstLine', 'text'],
      ['email', 'text'],
      ['homepage', 'text'],
      ['birthdate', 'text'],
      ['integer', 'number'],
      ['number', 'number'],
      ['untitledSingleSelectEnum', 'select'],
      ['untitledMultipleSelectEnum', 'multi-select'],
      ['titledSingleSelectEnum', 'select'],
      ['titledMultipleSelectEnum', 'multi-select'],
      ['legacyTitledEnum', 'select'],
      ['when', 'text'],
      ['code', 'text'],
    ]);
    expect(byName.name).toMatchObject({ label: 'String', description: 'Your full, legal name', required: true });
    expect(byName.code).toMatchObject({ label: 'code', required: false, minLength: 2, maxLength: 4, pattern: '^[A-Z]+$' });
    expect(byName.integer).toMatchObject({ integer: true, minimum: 1, maximum: 100, default: 42 });
  });

  test('titled choices (oneOf/anyOf const+title, legacy enumNames) show titles and send values', () => {
    expect(byName.titledSingleSelectEnum).toMatchObject({ options: [{ value: 'hero-1', label: 'Superman' }, { value: 'hero-2', label: 'Green Lantern' }] });
    expect(byName.titledMultipleSelectEnum).toMatchObject({ options: [{ value: 'fish-1', label: 'Tuna' }, { value: 'fish-2', label: 'Salmon' }] });
    expect(byName.legacyTitledEnum).toMatchObject({ options: [{ value: 'pet-1', label: 'Cats' }, { value: 'pet-2', label: 'Dogs' }] });
    expect(byName.untitledSingleSelectEnum).toMatchObject({ options: [{ value: 'Monica', label: 'Monica' }, { value: 'Rachel', label: 'Rachel' }, { value: 'Joey', label: 'Joey' }] });
    expect(byName.untitledMultipleSelectEnum).toMatchObject({ minItems: 1, maxItems: 2 });
  });

  test('defaults fill the form; fields without one start empty', () => {
    expect(initialValues(fields)).toEqual({
      name: '',
      check: false,
      firstLine: 'It was a dark and stormy night.',
      email: '',
      homepage: '',
      birthdate: '',
      integer: '42',
      number: '3.14',
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
      when: '',
      code: '',
    });
  });

  test('a property without a control (nested object) is edited as JSON; a schema without properties has no fields', () => {
    const [nested] = fieldsOf({ type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } });
    expect(nested).toMatchObject({ name: 'address', kind: 'json' });
    expect(buildContent([nested!], { address: '{"city":"Paris"}' })).toEqual({ content: { address: { city: 'Paris' } }, errors: {} });
    expect(buildContent([nested!], { address: '{city' }).errors).toEqual({ address: 'Enter valid JSON.' });
    expect(fieldsOf({ type: 'object' })).toEqual([]);
    expect(fieldsOf('nonsense')).toEqual([]);
  });

  test('input types follow the string format', () => {
    expect(['email', 'uri', 'date', 'date-time', undefined].map(inputTypeFor)).toEqual(['email', 'url', 'date', 'text', 'text']);
  });
});

describe('building and checking the answer', () => {
  const fields = fieldsOf(EVERYTHING_SCHEMA);
  const validator = new SchemaValidator();

  test('the filled form becomes content: numbers as numbers, empty optional fields left out', () => {
    const values = { ...initialValues(fields), name: 'Ada', check: true, email: 'ada@example.com', integer: ' 7 ' };
    const { content, errors } = buildContent(fields, values);
    expect(errors).toEqual({});
    expect(content).toEqual({
      name: 'Ada',
      check: true,
      firstLine: 'It was a dark and stormy night.',
      email: 'ada@example.com',
      integer: 7,
      number: 3.14,
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
    });
    expect(ajvFields(EVERYTHING_SCHEMA, content)).toEqual([]);
  });

  test('errors are given field by field, in words a person understands', () => {
    const values = { ...initialValues(fields), email: 'not-an-email', integer: '1.5', number: 'abc', untitledMultipleSelectEnum: [] };
    const built = buildContent(fields, values);
    expect(built.errors).toEqual({ name: 'This field is required.', number: 'Enter a number.' });
    expect(fieldErrorsFrom(fields, validator.validate(EVERYTHING_SCHEMA, built.content))).toMatchObject({
      email: 'Enter an email address, like name@example.com.',
      integer: 'Must be a whole number.',
    });
    const tooMany = buildContent(fields, { ...initialValues(fields), name: 'x', untitledMultipleSelectEnum: ['Guitar', 'Piano', 'Violin'] });
    expect(fieldErrorsFrom(fields, validator.validate(EVERYTHING_SCHEMA, tooMany.content))).toEqual({
      untitledMultipleSelectEnum: 'Choose at most 2.',
    });
  });

  /** Each row: content to check. The fields this form rejects must be exactly the ones Ajv rejects. */
  const cases: Array<[string, Record<string, unknown>]> = [
    ['all good', { name: 'Ada', check: false }],
    ['missing required', { check: true }],
    ['wrong types', { name: 5, check: 'yes', integer: '4', number: null }],
    ['integer out of range and fractional', { name: 'a', check: true, integer: 101, number: -0.5 }],
    ['integer fractional', { name: 'a', check: true, integer: 2.5 }],
    ['range edges', { name: 'a', check: true, integer: 1, number: 1000 }],
    ['good formats', { name: 'a', check: true, email: 'a.b+c@sub.example.org', homepage: 'https://example.com/x?y=1', birthdate: '2024-02-29', when: '2025-01-31T14:30:00Z' }],
    ['bad email', { name: 'a', check: true, email: 'a@b' }],
    ['email with space', { name: 'a', check: true, email: 'a b@example.com' }],
    ['uri without scheme', { name: 'a', check: true, homepage: 'example.com' }],
    ['mailto uri', { name: 'a', check: true, homepage: 'mailto:ada@example.com' }],
    ['not a leap year', { name: 'a', check: true, birthdate: '2023-02-29' }],
    ['month 13', { name: 'a', check: true, birthdate: '2024-13-01' }],
    ['date-time without zone', { name: 'a', check: true, when: '2025-01-31T14:30:00' }],
    ['date-time with offset', { name: 'a', check: true, when: '2025-01-31 14:30:00.5+02:00' }],
    ['date-time bad hour', { name: 'a', check: true, when: '2025-01-31T25:00:00Z' }],
    ['enum outside', { name: 'a', check: true, untitledSingleSelectEnum: 'Ross', titledSingleSelectEnum: 'hero-9', legacyTitledEnum: 'pet-9' }],
    ['multi outside', { name: 'a', check: true, untitledMultipleSelectEnum: ['Drums'], titledMultipleSelectEnum: ['fish-9'] }],
    ['multi empty below minItems', { name: 'a', check: true, untitledMultipleSelectEnum: [] }],
    ['multi too many', { name: 'a', check: true, untitledMultipleSelectEnum: ['Guitar', 'Piano', 'Violin'] }],
    ['length and pattern', { name: 'a', check: true, code: 'A' }],
    ['pattern', { name: 'a', check: true, code: 'ab' }],
    ['max length', { name: 'a', check: true, code: 'ABCDE' }],
    ['good code', { name: 'a', check: true, code: 'ABC' }],
  ];

  test.each(cases)('agrees with Ajv: %s', (_name, content) => {
    const mine = Object.keys(fieldErrorsFrom(fields, validator.validate(EVERYTHING_SCHEMA, content))).sort();
    expect(mine).toEqual(ajvFields(EVERYTHING_SCHEMA, content));
  });
});

describe('URL elicitation target', () => {
  test('the host is read by the URL parser, so look-alike hosts show as punycode', () => {
    expect(readUrlRequest({ url: 'https://example.com/consent?id=1' })).toEqual({ url: 'https://example.com/consent?id=1', host: 'example.com', safe: true });
    expect(readUrlRequest({ url: 'https://exаmple.com/' }).host).toBe('xn--exmple-4nf.com');
    expect(readUrlRequest({ url: 'http://localhost:8080/x' })).toMatchObject({ host: 'localhost:8080', safe: true });
  });

  test('only http and https may be opened', () => {
    expect(readUrlRequest({ url: 'javascript:alert(1)' }).safe).toBe(false);
    expect(readUrlRequest({ url: 'file:///etc/passwd' }).safe).toBe(false);
    expect(readUrlRequest({ url: 'not a url' })).toEqual({ url: 'not a url', safe: false });
    expect(readUrlRequest({})).toEqual({ url: '', safe: false });
  });
});
