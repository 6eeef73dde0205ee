/**
 * JSON Schema validation by interpretation (drafts 04 to 2020-12, the keywords tool schemas use).
 *
 * Why not Ajv: Ajv compiles schemas with `new Function`, which the app's Content-Security-Policy
 * (`script-src 'self'`, no 'unsafe-eval') forbids in the renderer. The unit tests use Ajv as the
 * reference to check that this validator agrees with it.
 */
import type { JsonObject } from '../../../../shared/mcp.js';
import { formatSpec } from './formats.js';
import { toPointer, type PathSegment } from './json-pointer.js';
import { asSchemaObject, lookupRef } from './resolve-ref.js';
import { isObject, jsonEqual, jsonTypeOf, requiredNames, schemaDialect, shortJson, type Dialect } from './schema-utils.js';

export interface ValidationError {
  /** Where in the value, as a JSON Pointer (`` for the whole value, `/a/0` …). */
  pointer: string;
  message: string;
  /** The schema keyword that failed (`required`, `type`, `minimum` …). */
  keyword: string;
}

export interface ValidationReport {
  errors: ValidationError[];
  /** Problems with the schema itself (unresolvable `$ref`, bad `pattern`): the value could not be fully checked. */
  problems: string[];
}

/** Deeper values than this are not checked further (a recursive schema over a hostile document). */
const MAX_DEPTH = 256;

interface Context {
  root: unknown;
  dialect: Dialect;
  problems: Set<string>;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function describeType(name: string): string {
  return TYPE_NAMES[name] ?? name;
}

function describeValueType(value: unknown): string {
  const type = jsonTypeOf(value);
  if (type === 'number' && Number.isInteger(value)) return 'a whole number';
  return describeType(type);
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return jsonTypeOf(value) === type;
  }
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Length in code points, as JSON Schema counts characters. */
function codePointLength(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) index++;
    length++;
  }
  return length;
}

const regexCache = new Map<string, RegExp | null>();
function compilePattern(pattern: string, context: Context): RegExp | null {
  let regex = regexCache.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(pattern, 'u');
    } catch {
      try {
        regex = new RegExp(pattern);
      } catch {
        regex = null;
      }
    }
    regexCache.set(pattern, regex);
  }
  if (regex === null) context.problems.add(`The schema’s pattern “${pattern}” is not a valid regular expression; it was not checked.`);
  return regex;
}

function isMultipleOf(value: number, divisor: number): boolean {
  if (divisor <= 0) return true;
  const quotient = value / divisor;
  return Math.abs(quotient - Math.round(quotient)) < 1e-9;
}

class Validator {
  readonly errors: ValidationError[] = [];
  constructor(private readonly context: Context) {}

  private fail(path: readonly PathSegment[], keyword: string, message: string): void {
    this.errors.push({ pointer: toPointer(path), keyword, message });
  }

  /** Validates into a scratch validator, for `anyOf`/`oneOf`/`not`/`if` branches. */
  private trial(schema: unknown, value: unknown, path: readonly PathSegment[], depth: number): ValidationError[] {
    const branch = new Validator(this.context);
    branch.check(schema, value, path, depth);
    return branch.errors;
  }

  check(schemaInput: unknown, value: unknown, path: readonly PathSegment[], depth: number): void {
    if (schemaInput === true || schemaInput === undefined) return;
    if (schemaInput === false) {
      this.fail(path, 'false', 'No value is allowed here.');
      return;
    }
    if (!isObject(schemaInput)) return;
    if (depth > MAX_DEPTH) {
      this.context.problems.add(`Values nested deeper than ${MAX_DEPTH} levels were not checked.`);
      return;
    }
    const schema = schemaInput;

    if (typeof schema.$ref === 'string') {
      const target = lookupRef(schema.$ref, this.context.root);
      if (!target.ok) this.context.problems.add(target.problem);
      else this.check(target.schema, value, path, depth + 1);
      // Before 2019-09, keywords beside $ref are ignored.
      if (this.context.dialect === 'draft-04' || this.context.dialect === 'draft-06' || this.context.dialect === 'draft-07') {
        return;
      }
    }

    if (!this.checkType(schema, value, path)) return;
    this.checkEnumAndConst(schema, value, path);
    if (typeof value === 'number') this.checkNumber(schema, value, path);
    if (typeof value === 'string') this.checkString(schema, value, path);
    if (Array.isArray(value)) this.checkArray(schema, value, path, depth);
    if (isObject(value)) this.checkObject(schema, value, path, depth);
    this.checkCombinators(schema, value, path, depth);
  }

  /** False when the type is wrong: the other keywords would only repeat that. */
  private checkType(schema: JsonObject, value: unknown, path: readonly PathSegment[]): boolean {
    const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : null;
    const nullable = schema.nullable === true && value === null;
    if (types === null || nullable) return true;
    if (types.some((type) => typeof type === 'string' && matchesType(value, type))) return true;
    const expected = types.filter((type): type is string => typeof type === 'string').map(describeType);
    const list = expected.length > 1 ? `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)}` : (expected[0] ?? 'nothing');
    this.fail(path, 'type', `Expected ${list}, got ${describeValueType(value)}.`);
    return false;
  }

  private checkEnumAndConst(schema: JsonObject, value: unknown, path: readonly PathSegment[]): void {
    if (Array.isArray(schema.enum) && !schema.enum.some((option) => jsonEqual(option, value))) {
      const options = schema.enum.slice(0, 8).map((option) => shortJson(option, 30));
      const more = schema.enum.length > 8 ? `, … (${schema.enum.length} in all)` : '';
      this.fail(path, 'enum', `Must be one of: ${options.join(', ')}${more}.`);
    }
    if ('const' in schema && !jsonEqual(schema.const, value)) {
      this.fail(path, 'const', `Must be exactly ${shortJson(schema.const)}.`);
    }
  }

  private checkNumber(schema: JsonObject, value: number, path: readonly PathSegment[]): void {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
    if (typeof minimum === 'number') {
      // Draft 04: `exclusiveMinimum: true` makes `minimum` exclusive.
      if (exclusiveMinimum === true ? value <= minimum : value < minimum) {
        this.fail(path, 'minimum', `Must be ${exclusiveMinimum === true ? '>' : '≥'} ${minimum}.`);
      }
    }
    if (typeof maximum === 'number') {
      if (exclusiveMaximum === true ? value >= maximum : value > maximum) {
        this.fail(path, 'maximum', `Must be ${exclusiveMaximum === true ? '<' : '≤'} ${maximum}.`);
      }
    }
    if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) {
      this.fail(path, 'exclusiveMinimum', `Must be > ${exclusiveMinimum}.`);
    }
    if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) {
      this.fail(path, 'exclusiveMaximum', `Must be < ${exclusiveMaximum}.`);
    }
    if (typeof multipleOf === 'number' && !isMultipleOf(value, multipleOf)) {
      this.fail(path, 'multipleOf', `Must be a multiple of ${multipleOf}.`);
    }
  }

  private checkString(schema: JsonObject, value: string, path: readonly PathSegment[]): void {
    const { minLength, maxLength, pattern, format } = schema;
    if (typeof minLength === 'number' || typeof maxLength === 'number') {
      const length = codePointLength(value);
      if (typeof minLength === 'number' && length < minLength) {
        this.fail(path, 'minLength', minLength === 1 ? 'Must not be empty.' : `Must be at least ${plural(minLength, 'character')}.`);
      }
      if (typeof maxLength === 'number' && length > maxLength) {
        this.fail(path, 'maxLength', `Must be at most ${plural(maxLength, 'character')} (it has ${length}).`);
      }
    }
    if (typeof pattern === 'string') {
      const regex = compilePattern(pattern, this.context);
      if (regex && !regex.test(value)) this.fail(path, 'pattern', `Must match the pattern ${pattern}.`);
    }
    const spec = formatSpec(format);
    if (spec && !spec.check(value)) this.fail(path, 'format', `Must be a valid ${spec.description}.`);
  }

  private checkArray(schema: JsonObject, value: unknown[], path: readonly PathSegment[], depth: number): void {
    const { minItems, maxItems, uniqueItems, contains } = schema;
    if (typeof minItems === 'number' && value.length < minItems) {
      this.fail(path, 'minItems', `Must have at least ${plural(minItems, 'item')}.`);
    }
    if (typeof maxItems === 'number' && value.length > maxItems) {
      this.fail(path, 'maxItems', `Must have at most ${plural(maxItems, 'item')} (it has ${value.length}).`);
    }
    if (uniqueItems === true) {
      outer: for (let i = 0; i < value.length; i++) {
        for (let j = i + 1; j < value.length; j++) {
          if (jsonEqual(value[i], value[j])) {
            this.fail(path, 'uniqueItems', `Items must be unique: items ${i + 1} and ${j + 1} are equal.`);
            break outer;
          }
        }
      }
    }

    // Tuples: `prefixItems` (2020-12) or `items` as an array (earlier drafts).
    const tuple = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items) && this.context.dialect !== '2020-12'
        ? schema.items
        : null;
    const rest = tuple === null ? schema.items : Array.isArray(schema.prefixItems) ? schema.items : schema.additionalItems;
    value.forEach((item, index) => {
      const itemSchema = tuple !== null && index < tuple.length ? tuple[index] : rest;
      if (itemSchema === undefined) return;
      if (itemSchema === false && tuple !== null) {
        this.fail([...path, index], 'items', `Only ${plural(tuple.length, 'item')} ${tuple.length === 1 ? 'is' : 'are'} allowed.`);
        return;
      }
      this.check(itemSchema, item, [...path, index], depth + 1);
    });

    if (contains !== undefined) {
      const matches = value.filter((item, index) => this.trial(contains, item, [...path, index], depth + 1).length === 0).length;
      const min = typeof schema.minContains === 'number' ? schema.minContains : 1;
      const max = typeof schema.maxContains === 'number' ? schema.maxContains : Infinity;
      if (matches < min) this.fail(path, 'contains', `Must contain at least ${plural(min, 'item')} matching the schema’s “contains”.`);
      else if (matches > max) this.fail(path, 'contains', `Must contain at most ${plural(max, 'item')} matching the schema’s “contains”.`);
    }
  }

  private checkObject(schema: JsonObject, value: JsonObject, path: readonly PathSegment[], depth: number): void {
    for (const name of requiredNames(schema)) {
      if (!Object.hasOwn(value, name)) this.fail([...path, name], 'required', 'Required.');
    }
    const keys = Object.keys(value);
    if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) {
      this.fail(path, 'minProperties', `Must have at least ${plural(schema.minProperties, 'property', 'properties')}.`);
    }
    if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) {
      this.fail(path, 'maxProperties', `Must have at most ${plural(schema.maxProperties, 'property', 'properties')}.`);
    }

    const properties = isObject(schema.properties) ? schema.properties : {};
    const patterns = isObject(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
    for (const key of keys) {
      const child = value[key];
      let matched = false;
      if (Object.hasOwn(properties, key)) {
        matched = true;
        this.check(properties[key], child, [...path, key], depth + 1);
      }
      for (const [pattern, patternSchema] of patterns) {
        const regex = compilePattern(pattern, this.context);
        if (regex?.test(key)) {
          matched = true;
          this.check(patternSchema, child, [...path, key], depth + 1);
        }
      }
      if (!matched && schema.additionalProperties !== undefined) {
        if (schema.additionalProperties === false) {
          this.fail([...path, key], 'additionalProperties', `Not allowed: the schema has no property “${key}”.`);
        } else {
          this.check(schema.additionalProperties, child, [...path, key], depth + 1);
        }
      }
      if (schema.propertyNames !== undefined && this.trial(schema.propertyNames, key, [...path, key], depth + 1).length > 0) {
        this.fail([...path, key], 'propertyNames', `The property name “${key}” is not allowed.`);
      }
    }

    const dependentRequired = isObject(schema.dependentRequired) ? schema.dependentRequired : {};
    const dependentSchemas = isObject(schema.dependentSchemas) ? schema.dependentSchemas : {};
    // Draft 07 and earlier: `dependencies` holds both kinds.
    const dependencies = isObject(schema.dependencies) ? schema.dependencies : {};
    for (const [name, dependency] of [...Object.entries(dependentRequired), ...Object.entries(dependencies)]) {
      if (!Object.hasOwn(value, name)) continue;
      if (Array.isArray(dependency)) {
        for (const other of dependency) {
          if (typeof other === 'string' && !Object.hasOwn(value, other)) {
            this.fail([...path, other], 'dependentRequired', `Required when “${name}” is present.`);
          }
        }
      } else {
        this.check(dependency, value, path, depth + 1);
      }
    }
    for (const [name, dependency] of Object.entries(dependentSchemas)) {
      if (Object.hasOwn(value, name)) this.check(dependency, value, path, depth + 1);
    }
  }

  private checkCombinators(schema: JsonObject, value: unknown, path: readonly PathSegment[], depth: number): void {
    if (Array.isArray(schema.allOf)) {
      for (const branch of schema.allOf) this.check(branch, value, path, depth + 1);
    }
    if (Array.isArray(schema.anyOf) && schema.anyOf.length > 0) {
      const outcomes = schema.anyOf.map((branch) => this.trial(branch, value, path, depth + 1));
      if (!outcomes.some((errors) => errors.length === 0)) this.reportBranches(outcomes, path, 'anyOf');
    }
    if (Array.isArray(schema.oneOf) && schema.oneOf.length > 0) {
      const outcomes = schema.oneOf.map((branch) => this.trial(branch, value, path, depth + 1));
      const passing = outcomes.flatMap((errors, index) => (errors.length === 0 ? [index + 1] : []));
      if (passing.length === 0) this.reportBranches(outcomes, path, 'oneOf');
      else if (passing.length > 1) {
        this.fail(path, 'oneOf', `Must match exactly one of the allowed shapes, but matches ${passing.length} (${passing.join(', ')}).`);
      }
    }
    if (schema.not !== undefined && this.trial(schema.not, value, path, depth + 1).length === 0) {
      this.fail(path, 'not', 'Must not match the schema’s “not”.');
    }
    if (schema.if !== undefined) {
      const conditionHolds = this.trial(schema.if, value, path, depth + 1).length === 0;
      const branch = conditionHolds ? schema.then : schema.else;
      if (branch !== undefined) this.check(branch, value, path, depth + 1);
    }
  }

  /**
   * No branch matched. When exactly one branch failed only below this value (its type and shape
   * fit), its errors say the most; otherwise one message for the value itself.
   */
  private reportBranches(outcomes: ValidationError[][], path: readonly PathSegment[], keyword: string): void {
    const here = toPointer(path);
    const deeper = outcomes.filter((errors) => errors.every((error) => error.pointer !== here));
    if (deeper.length === 1) {
      this.errors.push(...deeper[0]!);
      return;
    }
    this.fail(path, keyword, `Does not match any of the ${outcomes.length} allowed shapes.`);
  }
}

/** Checks `value` against `schema`; `$ref`s resolve against the schema itself. */
export function validateValue(schema: unknown, value: unknown): ValidationReport {
  const context: Context = { root: schema, dialect: schemaDialect(schema), problems: new Set() };
  const validator = new Validator(context);
  validator.check(schema === undefined ? true : isObject(schema) || typeof schema === 'boolean' ? schema : asSchemaObject(schema), value, [], 0);
  return { errors: validator.errors, problems: [...context.problems] };
}

/** Errors grouped by pointer, for showing each next to its field. */
export function errorsByPointer(errors: readonly ValidationError[]): Record<string, string[]> {
  const grouped: Record<string, string[]> = {};
  for (const error of errors) (grouped[error.pointer] ??= []).push(error.message);
  return grouped;
}
