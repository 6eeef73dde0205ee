/**
 * What the form shows for one schema: a field model. Built one level at a time (objects list
 * their properties' schemas, arrays their item schema), so a recursive schema costs only what
 * the value actually nests.
 */
import type { JsonObject } from '../../../../shared/mcp.js';
import { formatInput, isCheckedFormat } from './format-inputs.js';
import { asSchemaObject, resolveSchema } from './resolve-ref.js';
import { requiredNames, schemaTypes, shortJson } from './schema-utils.js';
import { isObject } from '../../../../shared/is-object.js';

export interface ChoiceOption {
  value: unknown;
  label: string;
  description?: string;
}

export interface PropertyModel {
  name: string;
  required: boolean;
  schema: unknown;
}

interface FieldBase {
  /** The schema after `$ref`s are followed and nullability is taken out. */
  schema: JsonObject;
  title?: string;
  description?: string;
  /** Null is allowed besides the main type (`type: [x, "null"]`, `anyOf` with null, `nullable`). */
  nullable: boolean;
  /** `{ value }` when the schema has a default (a default may itself be null or false). */
  defaultValue?: { value: unknown };
  /** Constraints worth showing beside the control: ranges, lengths, formats, non-standard keywords. */
  hints: string[];
}

export type FieldModel = FieldBase &
  (
    | { kind: 'string'; inputType: 'text' | 'date' | 'email' | 'url'; format?: string; placeholder?: string }
    | { kind: 'number'; integer: boolean }
    | { kind: 'boolean' }
    | { kind: 'choice'; options: ChoiceOption[] }
    | { kind: 'object'; properties: PropertyModel[]; extraProperties: boolean }
    | { kind: 'array'; items: unknown }
    /** A list whose items are choices of plain values: chosen with a checkbox each. */
    | { kind: 'multi-choice'; items: unknown; options: ChoiceOption[] }
    /** What the form cannot express: the value is edited as JSON, and `reason` says why. */
    | { kind: 'json'; reason: string }
  );

export type FieldKind = FieldModel['kind'];

const isNullSchema = (schema: unknown, root: unknown): boolean => {
  const resolved = resolveSchema(schema, root);
  if (!resolved.ok) return false;
  const { schema: s } = resolved;
  return s.type === 'null' || ('const' in s && s.const === null) || (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null);
};

/** The single value a branch stands for (`const`, or an `enum` of one), if it is that kind of branch. */
function constantOf(schema: unknown, root: unknown): { value: unknown; schema: JsonObject } | null {
  const resolved = resolveSchema(schema, root);
  if (!resolved.ok) return null;
  const s = resolved.schema;
  if ('const' in s) return { value: s.const, schema: s };
  if (Array.isArray(s.enum) && s.enum.length === 1) return { value: s.enum[0], schema: s };
  return null;
}

function optionLabel(value: unknown, title: unknown): string {
  if (typeof title === 'string' && title.trim() !== '') return title;
  return typeof value === 'string' ? value : shortJson(value);
}

/** `allOf` of object schemas (the usual use) merges into one; anything else is left to JSON. */
function mergeAllOf(schema: JsonObject, root: unknown): JsonObject | null {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  let merged: JsonObject = rest;
  for (const branch of allOf) {
    const resolved = resolveSchema(branch, root);
    if (!resolved.ok) return null;
    const part = mergeAllOf(resolved.schema, root);
    if (!part) return null;
    const keys = Object.keys(part).filter((key) => !['properties', 'required', 'type', 'title', 'description', '$schema', 'additionalProperties'].includes(key));
    if (keys.length > 0) return null;
    const types = [schemaTypes(merged), schemaTypes(part)].filter((types): types is string[] => types !== null).flat();
    if (types.some((type) => type !== 'object')) return null;
    merged = {
      ...merged,
      ...(types.length ? { type: 'object' } : {}),
      properties: { ...(isObject(merged.properties) ? merged.properties : {}), ...(isObject(part.properties) ? part.properties : {}) },
      required: [...new Set([...requiredNames(merged), ...requiredNames(part)])],
      ...(part.additionalProperties === false || merged.additionalProperties === false ? { additionalProperties: false } : {}),
      ...(merged.title === undefined && part.title !== undefined ? { title: part.title } : {}),
      ...(merged.description === undefined && part.description !== undefined ? { description: part.description } : {}),
    };
  }
  return merged;
}

function rangeHints(schema: JsonObject): string[] {
  const hints: string[] = [];
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  const low =
    typeof exclusiveMinimum === 'number'
      ? `> ${exclusiveMinimum}`
      : typeof minimum === 'number'
        ? `${exclusiveMinimum === true ? '>' : '≥'} ${minimum}`
        : null;
  const high =
    typeof exclusiveMaximum === 'number'
      ? `< ${exclusiveMaximum}`
      : typeof maximum === 'number'
        ? `${exclusiveMaximum === true ? '<' : '≤'} ${maximum}`
        : null;
  if (low && high) hints.push(`${low} and ${high}`);
  else if (low || high) hints.push((low ?? high)!);
  if (typeof multipleOf === 'number') hints.push(`multiple of ${multipleOf}`);
  // semem and others write `min`/`max`: not JSON Schema, so not enforced, but the author meant something.
  const loose = [
    typeof schema.min === 'number' ? `min ${schema.min}` : null,
    typeof schema.max === 'number' ? `max ${schema.max}` : null,
  ].filter(Boolean);
  if (loose.length) hints.push(`${loose.join(', ')} (non-standard “min”/“max”: not enforced)`);
  return hints;
}

function stringHints(schema: JsonObject): string[] {
  const hints: string[] = [];
  const { minLength, maxLength, pattern, format } = schema;
  if (typeof minLength === 'number' && typeof maxLength === 'number') hints.push(`${minLength}–${maxLength} characters`);
  else if (typeof minLength === 'number') hints.push(`at least ${minLength} characters`);
  else if (typeof maxLength === 'number') hints.push(`at most ${maxLength} characters`);
  if (typeof pattern === 'string') hints.push(`pattern ${pattern}`);
  if (typeof format === 'string') hints.push(isCheckedFormat(format) ? `format: ${format}` : `format: ${format} (not checked)`);
  return hints;
}

function arrayHints(schema: JsonObject): string[] {
  const hints: string[] = [];
  const { minItems, maxItems, uniqueItems } = schema;
  const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;
  if (typeof minItems === 'number') hints.push(`at least ${items(minItems)}`);
  if (typeof maxItems === 'number') hints.push(`at most ${items(maxItems)}`);
  if (uniqueItems === true) hints.push('unique items');
  return hints;
}

/** Takes null out of a schema: `type: [x, "null"]`, `nullable: true`, or an `anyOf`/`oneOf` with a null branch. */
function splitNullable(schema: JsonObject, root: unknown): { schema: JsonObject; nullable: boolean } {
  const types = schemaTypes(schema);
  if (types && types.includes('null') && types.length > 1) {
    const others = types.filter((type) => type !== 'null');
    return { schema: { ...schema, type: others.length === 1 ? others[0] : others }, nullable: true };
  }
  if (schema.nullable === true) return { schema, nullable: true };
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length < 2) continue;
    const others = branches.filter((branch) => !isNullSchema(branch, root));
    if (others.length === branches.length) continue;
    const { [keyword]: _branches, ...outer } = schema;
    if (others.length === 1) {
      const inner = resolveSchema(others[0], root);
      if (!inner.ok) return { schema, nullable: false };
      // The outer keywords (title, description, default) describe the field; the branch its type.
      return { schema: { ...inner.schema, ...outer }, nullable: true };
    }
    return { schema: { ...outer, [keyword]: others }, nullable: true };
  }
  return { schema, nullable: false };
}

const isPlain = (value: unknown): boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A list of choices of plain values is a set of checkboxes; any other list has items to add and remove. */
function listKind(items: unknown, root: unknown): { kind: 'multi-choice'; items: unknown; options: ChoiceOption[] } | { kind: 'array'; items: unknown } {
  const item = describeField(items, root);
  if (item.kind === 'choice' && !item.nullable && item.options.length > 0 && item.options.every((option) => isPlain(option.value))) {
    return { kind: 'multi-choice', items, options: item.options };
  }
  return { kind: 'array', items };
}

/** The field model of one schema. `root` is the whole schema, against which `$ref`s resolve. */
export function describeField(schemaInput: unknown, root: unknown): FieldModel {
  const resolved = resolveSchema(schemaInput, root);
  const raw = asSchemaObject(schemaInput);
  if (!resolved.ok) return { kind: 'json', reason: resolved.problem, schema: raw, nullable: false, hints: [] };
  const merged = mergeAllOf(resolved.schema, root);
  if (!merged) {
    return { kind: 'json', reason: 'It combines schemas with “allOf” in a way the form cannot show.', schema: resolved.schema, nullable: false, hints: [] };
  }
  const { schema, nullable } = splitNullable(merged, root);
  const base: FieldBase = {
    schema,
    nullable,
    hints: [],
    ...(typeof schema.title === 'string' ? { title: schema.title } : {}),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    ...('default' in schema ? { defaultValue: { value: schema.default } } : {}),
  };
  if (schemaInput === false) return { ...base, kind: 'json', reason: 'The schema allows no value here.' };

  // Choices: enum, const, or oneOf/anyOf whose every branch is a constant.
  if (Array.isArray(schema.enum)) {
    const names: unknown[] = Array.isArray(schema.enumNames) ? schema.enumNames : Array.isArray(schema['x-enumNames']) ? schema['x-enumNames'] : [];
    const options = (schema.enum as unknown[]).map((value, index) => ({ value, label: optionLabel(value, names[index]) }));
    return { ...base, kind: 'choice', options };
  }
  if ('const' in schema) return { ...base, kind: 'choice', options: [{ value: schema.const, label: optionLabel(schema.const, schema.title) }] };
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const constants = branches.map((branch) => constantOf(branch, root));
    if (constants.every((constant) => constant !== null)) {
      const options = constants.map((constant) => ({
        value: constant.value,
        label: optionLabel(constant.value, constant.schema.title),
        ...(typeof constant.schema.description === 'string' ? { description: constant.schema.description } : {}),
      }));
      return { ...base, kind: 'choice', options };
    }
    return { ...base, kind: 'json', reason: `It accepts one of several shapes (“${keyword}”), which the form cannot choose between.` };
  }

  let types = schemaTypes(schema);
  if (types === null || types.length === 0) {
    if (isObject(schema.properties)) types = ['object'];
    else if (schema.items !== undefined || schema.prefixItems !== undefined) types = ['array'];
    else return { ...base, kind: 'json', reason: 'Its schema does not say what type the value has.' };
  }
  if (types.length > 1) return { ...base, kind: 'json', reason: `It accepts several types (${types.join(', ')}).` };

  switch (types[0]) {
    case 'string': {
      const input = formatInput(schema.format);
      return {
        ...base,
        hints: stringHints(schema),
        kind: 'string',
        inputType: input.inputType,
        ...(typeof schema.format === 'string' ? { format: schema.format } : {}),
        ...(input.placeholder ? { placeholder: input.placeholder } : {}),
      };
    }
    case 'number':
    case 'integer':
      return { ...base, hints: rangeHints(schema), kind: 'number', integer: types[0] === 'integer' };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'null':
      return { ...base, kind: 'choice', options: [{ value: null, label: 'null' }] };
    case 'object': {
      const properties = isObject(schema.properties) ? schema.properties : {};
      const required = new Set(requiredNames(schema));
      const extraProperties = schema.additionalProperties !== false && (schema.additionalProperties !== undefined || schema.patternProperties !== undefined);
      if (Object.keys(properties).length === 0 && extraProperties) {
        return { ...base, kind: 'json', reason: 'It is a map of names to values, which is easier to write as JSON.' };
      }
      return {
        ...base,
        kind: 'object',
        extraProperties,
        properties: Object.entries(properties).map(([name, property]) => ({ name, required: required.has(name), schema: property })),
      };
    }
    case 'array':
      if (Array.isArray(schema.prefixItems) || Array.isArray(schema.items)) {
        return { ...base, kind: 'json', reason: 'It is a tuple (a fixed list of differently typed items).' };
      }
      return { ...base, hints: arrayHints(schema), ...listKind(schema.items ?? {}, root) };
    default:
      return { ...base, kind: 'json', reason: `Its type “${String(types[0])}” is not a JSON Schema type.` };
  }
}
