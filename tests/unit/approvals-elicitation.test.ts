import { SchemaValidator } from '../../main/core/mcp/schema-validator.js';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { changedFields, fieldsNeedingAttention, initialAnswer } from '../../renderer/src/features/approvals/elicitation-answer.js';
import { describeField } from '../../renderer/src/ui/schema-form/field-model.js';
import { checkArguments } from '../../renderer/src/ui/schema-form/empty-required.js';
import { errorsByPointer } from '../../renderer/src/ui/schema-form/schema-check.js';
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

describe('elicitation schema → the schema form (questions mode)', () => {
  const root = describeField(EVERYTHING_SCHEMA, EVERYTHING_SCHEMA);
  const properties = root.kind === 'object' ? root.properties : [];
  const field = (name: string) => describeField(properties.find((property) => property.name === name)?.schema, EVERYTHING_SCHEMA);

  test('every property becomes a field of the right kind, in schema order, with title and required', () => {
    expect(properties.map((property) => [property.name, describeField(property.schema, EVERYTHING_SCHEMA).kind, property.required])).toEqual([
      ['name', 'string', true],
      ['check', 'boolean', true],
      ['firstLine', 'string', false],
      ['email', 'string', false],
      ['homepage', 'string', false],
      ['birthdate', 'string', false],
      ['integer', 'number', false],
      ['number', 'number', false],
      ['untitledSingleSelectEnum', 'choice', false],
      ['untitledMultipleSelectEnum', 'multi-choice', false],
      ['titledSingleSelectEnum', 'choice', false],
      ['titledMultipleSelectEnum', 'multi-choice', false],
      ['legacyTitledEnum', 'choice', false],
      ['when', 'string', false],
      ['code', 'string', false],
    ]);
    expect(field('name')).toMatchObject({ title: 'String', description: 'Your full, legal name' });
    expect(field('email')).toMatchObject({ inputType: 'email' });
    expect(field('integer')).toMatchObject({ integer: true, hints: ['≥ 1 and ≤ 100'] });
    expect(field('untitledMultipleSelectEnum').hints).toEqual(['at least 1 item', 'at most 2 items']);
  });

  test('titled choices (oneOf/anyOf const+title, legacy enumNames) show titles and send values', () => {
    const options = (name: string) => {
      const described = field(name);
      return described.kind === 'choice' || described.kind === 'multi-choice' ? described.options.map(({ value, label }) => ({ value, label })) : null;
    };
    expect(options('titledSingleSelectEnum')).toEqual([{ value: 'hero-1', label: 'Superman' }, { value: 'hero-2', label: 'Green Lantern' }]);
    expect(options('titledMultipleSelectEnum')).toEqual([{ value: 'fish-1', label: 'Tuna' }, { value: 'fish-2', label: 'Salmon' }]);
    expect(options('legacyTitledEnum')).toEqual([{ value: 'pet-1', label: 'Cats' }, { value: 'pet-2', label: 'Dogs' }]);
    expect(options('untitledMultipleSelectEnum')).toEqual(['Guitar', 'Piano', 'Violin'].map((value) => ({ value, label: value })));
  });

  test('a list of objects or of free text stays a list with items to add', () => {
    expect(describeField({ type: 'array', items: { type: 'string' } }, {}).kind).toBe('array');
    expect(describeField({ type: 'array', items: { enum: [{ a: 1 }, { a: 2 }] } }, {}).kind).toBe('array');
    expect(describeField({ type: 'array', items: { anyOf: [{ const: 'a' }, { type: 'null' }] } }, {}).kind).toBe('array');
  });

  test('defaults fill the answer; required fields start empty; optional ones are left out', () => {
    expect(initialAnswer(EVERYTHING_SCHEMA)).toEqual({
      name: '',
      check: false,
      firstLine: 'It was a dark and stormy night.',
      integer: 42,
      number: 3.14,
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
    });
    expect(initialAnswer({ type: 'object' })).toEqual({});
    expect(initialAnswer('nonsense')).toEqual({});
  });

  test('an edit names the fields it changed', () => {
    expect([...changedFields({ a: 1, b: 'x' }, { a: 1, b: 'y', c: true })]).toEqual(['b', 'c']);
  });
});

describe('checking the answer', () => {
  const validator = new SchemaValidator();
  const check = async (content: unknown) => {
    const verdict = await checkArguments(async (schema, value) => validator.validate(schema, value), EVERYTHING_SCHEMA, content);
    return verdict.kind === 'checked' ? verdict.errors : [];
  };

  test('problems are given field by field, in plain words, and counted by field', async () => {
    const errors = await check({ ...initialAnswer(EVERYTHING_SCHEMA), email: 'not-an-email', integer: 500, untitledMultipleSelectEnum: [] });
    expect(errorsByPointer(errors)).toEqual({
      '/name': ['Required, but left empty.'],
      '/email': ['Must be an email address, like name@example.com.'],
      '/integer': ['Must be at most 100.'],
      '/untitledMultipleSelectEnum': ['Add at least 1 item.'],
    });
    expect(fieldsNeedingAttention(errors)).toBe(4);
    expect(fieldsNeedingAttention([{ pointer: '/a/0', message: 'x', keyword: 'type' }, { pointer: '/a/1', message: 'y', keyword: 'type' }, { pointer: '', message: 'z', keyword: 'type' }])).toBe(2);
  });

  /** Each row: content to check. The fields counted as needing attention must be exactly the ones Ajv rejects. */
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

  test.each(cases)('agrees with Ajv: %s', async (_name, content) => {
    const fields = [...new Set((await check(content)).map((error) => error.pointer.split('/')[1] ?? ''))].sort();
    expect(fields).toEqual(ajvFields(EVERYTHING_SCHEMA, content));
  });
});

describe('URL elicitation target', () => {
  test('the host is read by the URL parser, so look-alike hosts show as punycode', () => {
    expect(readUrlRequest({ url: 'https://example.com/consent?id=1' })).toEqual({ url: 'https://example.com/consent?id=1', shownUrl: 'https://example.com/consent?id=1', host: 'example.com', safe: true });
    // The path is shown revealed too, not only the host (issue 25, Low 1).
    expect(readUrlRequest({ url: 'https://example.com/pa\u202Eth' }).shownUrl).toBe('https://example.com/pa⟨U+202E⟩th');
    expect(readUrlRequest({ url: 'https://exаmple.com/' }).host).toBe('xn--exmple-4nf.com');
    expect(readUrlRequest({ url: 'http://localhost:8080/x' })).toMatchObject({ host: 'localhost:8080', safe: true });
  });

  test('only http and https may be opened', () => {
    expect(readUrlRequest({ url: 'javascript:alert(1)' }).safe).toBe(false);
    expect(readUrlRequest({ url: 'file:///etc/passwd' }).safe).toBe(false);
    expect(readUrlRequest({ url: 'not a url' })).toEqual({ url: 'not a url', shownUrl: 'not a url', safe: false });
    expect(readUrlRequest({})).toEqual({ url: '', shownUrl: '', safe: false });
  });
});
