/**
 * The checks of a request that look inside its result: a value at a JSON Pointer or JSONPath
 * (equals, contains, matches, exists) and a JSON Schema. They run in the schema worker
 * (mcp/schema-worker.ts), since the paths, regexes and schemas are user input run on server data.
 */
import { isDeepStrictEqual } from 'node:util';
import { query } from 'jsonpath-rfc9535';
import type { Check } from '../../../shared/collections.js';
import { isObject } from '../../../shared/is-object.js';
import { parsePointer, valueAtSegments } from '../../../shared/json-pointer.js';
import type { SchemaValidator } from './schema-validator.js';
import { preview } from '../../../shared/check-label.js';

export type ValueCheck = Extract<Check, { path: string }> | Extract<Check, { schema: unknown }>;

export interface ValueCheckJob {
  /** The result, or the response message's text as sent (parsed in the worker; the result is its `result`). */
  result?: unknown;
  response?: string;
  items: Array<{ index: number; check: ValueCheck }>;
}

export interface ValueCheckOutcome {
  index: number;
  passed: boolean;
  message?: string;
}

export function isValueCheck(check: Check): check is ValueCheck {
  return 'path' in check || 'schema' in check;
}

/** Pointers parsed, by their text: a collection's checks use the same few paths run after run. */
const parsedPointers = new Map<string, string[]>();
const PARSED_POINTERS_KEPT = 1_000;

function segmentsOf(pointer: string): string[] {
  let segments = parsedPointers.get(pointer);
  if (segments) return segments;
  segments = parsePointer(pointer);
  if (parsedPointers.size >= PARSED_POINTERS_KEPT) parsedPointers.clear();
  parsedPointers.set(pointer, segments);
  return segments;
}

/** The values a path selects: one or none for a JSON Pointer, any number for a JSONPath. Throws a sentence on a bad path. */
export function select(result: unknown, path: string): { values: unknown[]; single: boolean } {
  if (path.startsWith('$')) {
    try {
      return { values: query(result as never, path), single: false };
    } catch (error) {
      throw new Error(`The JSONPath ${path} is not valid: ${error instanceof Error ? error.message : String(error)}.`, { cause: error });
    }
  }
  let value: unknown;
  try {
    value = valueAtSegments(result, segmentsOf(path));
  } catch {
    throw new Error(`${path} is not a JSON Pointer.`);
  }
  return { values: value === undefined ? [] : [value], single: true };
}

function contains(haystack: unknown, needle: unknown): boolean {
  if (typeof haystack === 'string') return typeof needle === 'string' && haystack.includes(needle);
  if (Array.isArray(haystack)) return haystack.some((item) => isDeepStrictEqual(item, needle) || (isObject(needle) && isObject(item) && contains(item, needle)));
  if (isObject(haystack) && isObject(needle)) {
    return Object.entries(needle).every(([key, value]) => Object.hasOwn(haystack, key) && (isDeepStrictEqual(haystack[key], value) || contains(haystack[key], value)));
  }
  return false;
}

function where(path: string): string {
  return path === '' ? 'the result' : path;
}

function evaluatePathCheck(result: unknown, check: Extract<Check, { path: string }>): ValueCheckOutcome & { index: -1 } {
  const fail = (message: string) => ({ index: -1 as const, passed: false, message });
  const { values, single } = select(result, check.path);
  if ('exists' in check) {
    const found = values.length > 0;
    return found === check.exists ? { index: -1, passed: true } : fail(check.exists ? `Nothing is at ${where(check.path)}.` : `${where(check.path)} exists (the check says it should not).`);
  }
  if (values.length === 0) return fail(`Nothing is at ${where(check.path)}.`);
  // A JSONPath that selects several values checks them as a list (equals, contains) or each (matches).
  const subject = single || values.length === 1 ? values[0] : values;
  if ('equals' in check) {
    return isDeepStrictEqual(subject, check.equals) ? { index: -1, passed: true } : fail(`${where(check.path)} is ${preview(subject)}, not ${preview(check.equals)}.`);
  }
  if ('contains' in check) {
    return contains(subject, check.contains) ? { index: -1, passed: true } : fail(`${where(check.path)} (${preview(subject)}) does not contain ${preview(check.contains)}.`);
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(check.matches, check.flags ?? '');
  } catch (error) {
    return fail(`/${check.matches}/ is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}.`);
  }
  for (const value of single ? [subject] : values) {
    if (typeof value !== 'string') return fail(`${where(check.path)} is ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`}, not text, so it cannot match /${check.matches}/.`);
    if (!pattern.test(value)) return fail(`${where(check.path)} (${preview(value)}) does not match /${check.matches}/${check.flags ?? ''}.`);
  }
  return { index: -1, passed: true };
}

function evaluateSchemaCheck(result: unknown, schema: Record<string, unknown>, validator: SchemaValidator): { passed: boolean; message?: string } {
  const verdict = validator.validate(schema, result);
  if (verdict.schemaError) return { passed: false, message: `The schema cannot be used: ${verdict.schemaError.replace(/^The schema could not be used: /, '').replace(/\.?$/, '.')}` };
  if (verdict.valid) return { passed: true };
  const [first, ...rest] = verdict.errors;
  return { passed: false, message: `The result does not match the schema: ${first?.path || '/'} ${first?.message ?? ''}${rest.length ? ` (and ${rest.length} more)` : ''}.` };
}

/**
 * Whether a check is cheap and safe on the core's event loop: a JSON Pointer (a walk down the
 * result) with equals, contains or exists, linear in the value it selects. Regexes, JSONPath
 * (whose filters can hold regexes) and schemas are user programs: they run in the worker.
 */
export function runsInline(check: ValueCheck): check is Extract<Check, { path: string }> {
  return 'path' in check && !check.path.startsWith('$') && !('matches' in check);
}

export function evaluateInline(result: unknown, check: Extract<Check, { path: string }>): { passed: boolean; message?: string } {
  try {
    const { passed, message } = evaluatePathCheck(result, check);
    return message === undefined ? { passed } : { passed, message };
  } catch (error) {
    return { passed: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Evaluates each check in turn, telling `started` its index first (the host's clock restarts per check). */
export function evaluateValueChecks(job: ValueCheckJob, validator: SchemaValidator, started: (index: number) => void): ValueCheckOutcome[] {
  let result = job.result;
  if (job.response !== undefined) {
    try {
      result = (JSON.parse(job.response) as { result?: unknown }).result;
    } catch (error) {
      return job.items.map(({ index }) => ({ index, passed: false, message: `The response is not JSON: ${error instanceof Error ? error.message : String(error)}.` }));
    }
  }
  return job.items.map(({ index, check }) => {
    started(index);
    try {
      const outcome = 'schema' in check ? evaluateSchemaCheck(result, check.schema, validator) : evaluatePathCheck(result, check);
      return { ...outcome, index };
    } catch (error) {
      return { index, passed: false, message: error instanceof Error ? error.message : String(error) };
    }
  });
}
