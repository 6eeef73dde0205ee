/**
 * Elicitation form mode: the `requestedSchema` (a flat object of primitive properties, MCP
 * 2025-11-25) read into form fields, the answers turned into `content`, and the core's Ajv
 * verdict (`schemas.validate`) turned into one message per field.
 */
import type { JsonObject, SchemaValidation } from '../../../../shared/mcp.js';
import { plainValidationMessage } from '../../ui/validation-wording';
import { isObject } from '../../../../shared/is-object.js';
import { parsePointer } from '../../../../shared/json-pointer.js';

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
  return { content, errors };
}

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Enter an email address, like name@example.com.',
  uri: 'Enter a full URI, like https://example.com.',
  date: 'Enter a date as YYYY-MM-DD.',
  'date-time': 'Enter a date and time with a time zone, like 2025-01-31T14:30:00Z.',
};

function friendlyMessage(error: SchemaValidation['errors'][number], field: ElicitField | undefined): string {
  switch (error.keyword) {
    case 'required':
      return 'This field is required.';
    case 'format':
      return (field?.kind === 'text' && field.format && FORMAT_MESSAGES[field.format]) || plainValidationMessage(error.message);
    case 'minimum':
      return field?.kind === 'number' && field.minimum !== undefined ? `Enter ${field.minimum} or more.` : plainValidationMessage(error.message);
    case 'maximum':
      return field?.kind === 'number' && field.maximum !== undefined ? `Enter ${field.maximum} or less.` : plainValidationMessage(error.message);
    case 'minItems':
      return field?.kind === 'multi-select' && field.minItems !== undefined ? `Choose at least ${field.minItems}.` : plainValidationMessage(error.message);
    case 'maxItems':
      return field?.kind === 'multi-select' && field.maxItems !== undefined ? `Choose at most ${field.maxItems}.` : plainValidationMessage(error.message);
    default:
      return plainValidationMessage(error.message);
  }
}

/**
 * Turns the core's Ajv verdict (`schemas.validate`) into one message per form field: each error
 * belongs to the top-level property its path starts with; the first error of a field wins.
 */
export function fieldErrorsFrom(fields: readonly ElicitField[], validation: SchemaValidation): FieldErrors {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const errors: FieldErrors = {};
  for (const error of validation.errors) {
    const name = error.path === '' ? '' : (parsePointer(error.path)[0] ?? '');
    if (errors[name] === undefined) errors[name] = friendlyMessage(error, byName.get(name));
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
