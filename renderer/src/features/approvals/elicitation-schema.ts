/**
 * Elicitation form mode: the `requestedSchema` (a flat object of primitive properties, MCP
 * 2025-11-25) read into form fields, and the person's answers checked against it.
 *
 * The checks are written out here rather than compiled with Ajv: the app's Content-Security-
 * Policy forbids `eval`, which Ajv's compiled validators need. The unit tests hold these checks
 * to Ajv's verdicts on the same schemas.
 */
import type { JsonObject } from '../../../../shared/mcp.js';

export interface ChoiceOption {
  value: string;
  label: string;
}

interface FieldBase {
  name: string;
  label: string;
  description?: string;
  required: boolean;
}

export type ElicitField =
  | (FieldBase & {
      kind: 'text';
      format?: string;
      minLength?: number;
      maxLength?: number;
      pattern?: string;
      default?: string;
    })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'select'; options: ChoiceOption[]; default?: string })
  | (FieldBase & { kind: 'multi-select'; options: ChoiceOption[]; minItems?: number; maxItems?: number; default?: string[] })
  /** A property this form has no control for: edited as JSON text. */
  | (FieldBase & { kind: 'json'; schema: unknown; default?: unknown });

/** What the form holds: text for text, number and JSON fields, a flag, or the chosen options. */
export type FieldValue = string | boolean | string[];
export type FieldValues = Record<string, FieldValue>;
export type FieldErrors = Record<string, string>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const finite = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `oneOf`/`anyOf` of `{const, title}`: titled choices. */
function titledOptions(list: unknown): ChoiceOption[] | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const options: ChoiceOption[] = [];
  for (const item of list) {
    if (!isObject(item) || typeof item.const !== 'string') return undefined;
    options.push({ value: item.const, label: text(item.title) ?? item.const });
  }
  return options;
}

/** `enum` (with the legacy `enumNames` as labels). */
function enumOptions(schema: JsonObject): ChoiceOption[] | undefined {
  if (!Array.isArray(schema.enum) || !schema.enum.every((value) => typeof value === 'string')) return undefined;
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  return (schema.enum as string[]).map((value, index) => ({ value, label: text(names[index]) ?? value }));
}

function choicesOf(schema: JsonObject): ChoiceOption[] | undefined {
  return enumOptions(schema) ?? titledOptions(schema.oneOf) ?? titledOptions(schema.anyOf);
}

function fieldOf(name: string, schema: unknown, required: boolean): ElicitField {
  const base: FieldBase = {
    name,
    label: (isObject(schema) && text(schema.title)) || name,
    required,
    ...(isObject(schema) && text(schema.description) ? { description: schema.description as string } : {}),
  };
  if (!isObject(schema)) return { ...base, kind: 'json', schema };
  const type = schema.type;
  if (type === 'string' || (type === undefined && (schema.enum !== undefined || schema.oneOf !== undefined))) {
    const options = choicesOf(schema);
    if (options) return { ...base, kind: 'select', options, ...(text(schema.default) !== undefined ? { default: schema.default as string } : {}) };
    if (type === 'string') {
      return {
        ...base,
        kind: 'text',
        ...(text(schema.format) ? { format: schema.format as string } : {}),
        ...(finite(schema.minLength) !== undefined ? { minLength: schema.minLength as number } : {}),
        ...(finite(schema.maxLength) !== undefined ? { maxLength: schema.maxLength as number } : {}),
        ...(text(schema.pattern) ? { pattern: schema.pattern as string } : {}),
        ...(text(schema.default) !== undefined ? { default: schema.default as string } : {}),
      };
    }
  }
  if (type === 'number' || type === 'integer') {
    return {
      ...base,
      kind: 'number',
      integer: type === 'integer',
      ...(finite(schema.minimum) !== undefined ? { minimum: schema.minimum as number } : {}),
      ...(finite(schema.maximum) !== undefined ? { maximum: schema.maximum as number } : {}),
      ...(finite(schema.default) !== undefined ? { default: schema.default as number } : {}),
    };
  }
  if (type === 'boolean') {
    return { ...base, kind: 'boolean', ...(typeof schema.default === 'boolean' ? { default: schema.default } : {}) };
  }
  if (type === 'array' && isObject(schema.items)) {
    const options = choicesOf(schema.items);
    if (options) {
      const defaults = Array.isArray(schema.default) ? schema.default.filter((value): value is string => typeof value === 'string') : undefined;
      return {
        ...base,
        kind: 'multi-select',
        options,
        ...(finite(schema.minItems) !== undefined ? { minItems: schema.minItems as number } : {}),
        ...(finite(schema.maxItems) !== undefined ? { maxItems: schema.maxItems as number } : {}),
        ...(defaults ? { default: defaults } : {}),
      };
    }
  }
  return { ...base, kind: 'json', schema, ...(schema.default !== undefined ? { default: schema.default } : {}) };
}

/** The form's fields, in the order the schema lists its properties. */
export function fieldsOf(requestedSchema: unknown): ElicitField[] {
  if (!isObject(requestedSchema) || !isObject(requestedSchema.properties)) return [];
  const required = new Set(Array.isArray(requestedSchema.required) ? requestedSchema.required.filter((name) => typeof name === 'string') : []);
  return Object.entries(requestedSchema.properties).map(([name, schema]) => fieldOf(name, schema, required.has(name)));
}

/** Each field's starting value: the schema's default, else empty. */
export function initialValues(fields: readonly ElicitField[]): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    switch (field.kind) {
      case 'text':
      case 'select':
        values[field.name] = field.default ?? '';
        break;
      case 'number':
        values[field.name] = field.default !== undefined ? String(field.default) : '';
        break;
      case 'boolean':
        values[field.name] = field.default ?? false;
        break;
      case 'multi-select':
        values[field.name] = field.default ?? [];
        break;
      case 'json':
        values[field.name] = field.default !== undefined ? JSON.stringify(field.default) : '';
        break;
    }
  }
  return values;
}

/** Converts the form's values to the `content` to send; empty optional fields are left out. */
export function buildContent(fields: readonly ElicitField[], values: FieldValues): { content: JsonObject; errors: FieldErrors } {
  const content: JsonObject = {};
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'boolean') {
      content[field.name] = value === true;
      continue;
    }
    if (field.kind === 'multi-select') {
      const chosen = Array.isArray(value) ? value : [];
      if (chosen.length > 0 || field.required) content[field.name] = chosen;
      continue;
    }
    const raw = typeof value === 'string' ? value : '';
    if (raw.trim() === '') {
      if (field.required) errors[field.name] = 'This field is required.';
      continue;
    }
    if (field.kind === 'number') {
      const number = Number(raw.trim());
      if (!Number.isFinite(number)) errors[field.name] = field.integer ? 'Enter a whole number.' : 'Enter a number.';
      else content[field.name] = number;
    } else if (field.kind === 'json') {
      try {
        content[field.name] = JSON.parse(raw) as unknown;
      } catch {
        errors[field.name] = 'Enter valid JSON.';
      }
    } else {
      content[field.name] = raw;
    }
  }
  return { content, errors: { ...validateContent(fields, content), ...errors } };
}

const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)$/i;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : (DAYS[month] ?? 0));
}

function isTime(value: string): boolean {
  const match = TIME.exec(value);
  if (!match) return false;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3]);
  const offsetHour = Number(match[6] ?? 0);
  const offsetMinute = Number(match[7] ?? 0);
  if (offsetHour > 23 || offsetMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second is 23:59:60 in UTC.
  const sign = match[5] === '-' ? -1 : 1;
  const utcMinute = minute - offsetMinute * sign;
  const utcHour = hour - offsetHour * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

function isDateTime(value: string): boolean {
  const parts = value.split(/t|\s/i);
  return parts.length === 2 && isDate(parts[0]!) && isTime(parts[1]!);
}

function isUri(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const FORMAT_CHECKS: Record<string, { test(value: string): boolean; message: string }> = {
  email: { test: (value) => EMAIL.test(value), message: 'Enter an email address, like name@example.com.' },
  uri: { test: isUri, message: 'Enter a full URI, like https://example.com.' },
  date: { test: isDate, message: 'Enter a date as YYYY-MM-DD.' },
  'date-time': { test: isDateTime, message: 'Enter a date and time with a time zone, like 2025-01-31T14:30:00Z.' },
};

/** Which formats the form checks; other formats are passed through unchecked (as Ajv does with unknown formats). */
export const CHECKED_FORMATS = Object.keys(FORMAT_CHECKS);

const length = (value: string) => [...value].length;

function textProblem(field: Extract<ElicitField, { kind: 'text' }>, value: unknown): string | undefined {
  if (typeof value !== 'string') return 'Enter text.';
  if (field.minLength !== undefined && length(value) < field.minLength) return `Enter at least ${field.minLength} characters.`;
  if (field.maxLength !== undefined && length(value) > field.maxLength) return `Enter at most ${field.maxLength} characters.`;
  if (field.pattern !== undefined) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(field.pattern, 'u');
    } catch {
      pattern = undefined;
    }
    if (pattern && !pattern.test(value)) return `Enter text that matches the pattern ${field.pattern}.`;
  }
  const format = field.format !== undefined ? FORMAT_CHECKS[field.format] : undefined;
  if (format && !format.test(value)) return format.message;
  return undefined;
}

function numberProblem(field: Extract<ElicitField, { kind: 'number' }>, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return field.integer ? 'Enter a whole number.' : 'Enter a number.';
  if (field.integer && !Number.isInteger(value)) return 'Enter a whole number.';
  if (field.minimum !== undefined && value < field.minimum) return `Enter ${field.minimum} or more.`;
  if (field.maximum !== undefined && value > field.maximum) return `Enter ${field.maximum} or less.`;
  return undefined;
}

function multiProblem(field: Extract<ElicitField, { kind: 'multi-select' }>, value: unknown): string | undefined {
  if (!Array.isArray(value)) return 'Choose from the list.';
  const allowed = new Set(field.options.map((option) => option.value));
  if (value.some((item) => typeof item !== 'string' || !allowed.has(item))) return 'Choose only from the listed options.';
  if (field.minItems !== undefined && value.length < field.minItems) return `Choose at least ${field.minItems}.`;
  if (field.maxItems !== undefined && value.length > field.maxItems) return `Choose at most ${field.maxItems}.`;
  return undefined;
}

/** Checks `content` against the fields: required, types, lengths, patterns, formats, ranges and choices. */
export function validateContent(fields: readonly ElicitField[], content: JsonObject): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    if (!Object.hasOwn(content, field.name)) {
      if (field.required) errors[field.name] = 'This field is required.';
      continue;
    }
    const value = content[field.name];
    let problem: string | undefined;
    switch (field.kind) {
      case 'text':
        problem = textProblem(field, value);
        break;
      case 'number':
        problem = numberProblem(field, value);
        break;
      case 'boolean':
        problem = typeof value === 'boolean' ? undefined : 'Choose yes or no.';
        break;
      case 'select':
        problem = typeof value === 'string' && field.options.some((option) => option.value === value) ? undefined : 'Choose one of the options.';
        break;
      case 'multi-select':
        problem = multiProblem(field, value);
        break;
      case 'json':
        problem = undefined;
        break;
    }
    if (problem) errors[field.name] = problem;
  }
  return errors;
}

/** The HTML input type that suits a text field's format. */
export function inputTypeFor(format: string | undefined): 'text' | 'email' | 'url' | 'date' {
  if (format === 'email') return 'email';
  if (format === 'uri') return 'url';
  if (format === 'date') return 'date';
  return 'text';
}
