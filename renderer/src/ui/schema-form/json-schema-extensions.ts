/**
 * Schema-aware help for a JSON CodeMirror editor: diagnostics from the core's schema check (as
 * the form gets), and completion of property names and values from the schema. Every text shown comes
 * from the server's schema, so it is passed to CodeMirror as plain strings (rendered as text).
 */
import type { CompletionContext, CompletionResult, Completion } from '@codemirror/autocomplete';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import { type FieldModel, describeField } from './field-model.js';
import { cursorContext, rangeForPointer, syntaxErrorRange } from './json-syntax.js';
import { fieldAtPath } from './schema-path.js';
import { checkArguments } from './empty-required.js';
import type { SchemaCheck, ValidateInCore } from './schema-check.js';
import { shortJson } from './schema-utils.js';
import { isObject } from '../../../../shared/is-object.js';
import type { JsonObject } from '../../../../shared/mcp.js';

/**
 * Diagnostics for the document: the JSON syntax error, or each schema error at its place. `check`
 * is how the value is checked (`checkArguments` by default; a caller with remembered verdicts
 * passes its own, so the editor and the Run button ask the core once).
 */
export async function jsonDiagnostics(
  state: EditorState,
  schema: unknown,
  validate: ValidateInCore,
  check: (schema: JsonObject, value: unknown) => Promise<SchemaCheck> = (checked, value) => checkArguments(validate, checked, value),
): Promise<Diagnostic[]> {
  const text = state.doc.toString();
  if (text.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const range = syntaxErrorRange(state);
    return [{ ...range, severity: 'error', source: 'JSON', message: error instanceof Error ? error.message : String(error) }];
  }
  if (!isObject(schema)) return [];
  return schemaDiagnostics(state, await check(schema, value));
}

/** The core's verdict on the document as diagnostics, each error at the place its pointer names. */
export function schemaDiagnostics(state: EditorState, check: SchemaCheck): Diagnostic[] {
  if (check.kind === 'unchecked') {
    return [{ from: 0, to: Math.min(1, state.doc.length), severity: 'warning', source: 'schema', message: check.reason }];
  }
  return check.errors.map((error) => ({
    ...rangeForPointer(state, error.pointer, error.keyword),
    severity: 'error',
    source: 'schema',
    message: `${error.pointer || '(whole value)'}: ${error.message}`,
  }));
}

export interface EditorStatus {
  ok: boolean;
  message: string;
}

/**
 * The line under the editor. `linted` is the latest diagnostics, possibly for an earlier text:
 * the schema verdict lags the typing by one core round trip, and the last one stays until then.
 */
export function editorStatus(text: string, hasSchema: boolean, linted: readonly Diagnostic[] | null): EditorStatus {
  if (text.trim() === '') return { ok: true, message: 'Empty: sent as {}.' };
  try {
    JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!hasSchema) return { ok: true, message: 'Valid JSON.' };
  if (linted === null || linted.some((diagnostic) => diagnostic.source === 'JSON')) {
    return { ok: true, message: 'Valid JSON; checking it against the schema…' };
  }
  const warning = linted.find((diagnostic) => diagnostic.severity === 'warning');
  if (warning) return { ok: false, message: `Valid JSON, not checked against the schema: ${warning.message}` };
  if (linted.length === 0) return { ok: true, message: 'Valid JSON that matches the schema.' };
  const more = linted.length > 1 ? ` (and ${linted.length - 1} more)` : '';
  return { ok: false, message: `${linted.length === 1 ? '1 schema problem' : `${linted.length} schema problems`}: ${linted[0]!.message}${more}` };
}

function typeLabel(field: FieldModel): string {
  switch (field.kind) {
    case 'number':
      return field.integer ? 'integer' : 'number';
    case 'choice':
      return 'one of';
    case 'multi-choice':
      return 'some of';
    case 'json':
      return 'JSON';
    case 'string':
      return field.format ? `string (${field.format})` : 'string';
    default:
      return field.kind;
  }
}

function infoOf(field: FieldModel): string | undefined {
  const parts = [field.description, field.hints.join(' · ')].filter(Boolean);
  return parts.length ? parts.join('\n') : undefined;
}

/** What to type after `"name": ` for a field, so the cursor lands ready for the value. */
function valueSkeleton(field: FieldModel): string {
  if (field.defaultValue) return JSON.stringify(field.defaultValue.value) ?? 'null';
  switch (field.kind) {
    case 'string':
      return '""';
    case 'object':
      return '{}';
    case 'array':
    case 'multi-choice':
      return '[]';
    case 'boolean':
      return 'false';
    case 'choice':
      return JSON.stringify(field.options[0]?.value) ?? 'null';
    default:
      return '';
  }
}

function keyCompletions(schema: unknown, path: readonly (string | number)[], existing: string[]): Completion[] {
  const field = fieldAtPath(schema, path);
  if (field?.kind !== 'object') return [];
  return field.properties
    .filter((property) => !existing.includes(property.name))
    .map((property) => {
      const child = describeField(property.schema, schema);
      const skeleton = valueSkeleton(child);
      const info = infoOf(child);
      return {
        label: JSON.stringify(property.name),
        displayLabel: property.name,
        detail: `${typeLabel(child)}${property.required ? ' · required' : ''}`,
        ...(info ? { info } : {}),
        type: 'property',
        boost: property.required ? 1 : 0,
        apply: `${JSON.stringify(property.name)}: ${skeleton}`,
      };
    });
}

function valueCompletions(schema: unknown, path: readonly (string | number)[]): Completion[] {
  const field = fieldAtPath(schema, path);
  if (!field) return [];
  const options: Completion[] = [];
  const add = (value: unknown, detail?: string, info?: string) => {
    const label = JSON.stringify(value);
    if (label === undefined || options.some((option) => option.label === label)) return;
    options.push({ label, type: 'constant', ...(detail ? { detail } : {}), ...(info ? { info } : {}) });
  };
  if (field.kind === 'choice') for (const option of field.options) add(option.value, option.label !== shortJson(option.value) ? option.label : undefined, option.description);
  if (field.kind === 'boolean') {
    add(true);
    add(false);
  }
  if (field.defaultValue) add(field.defaultValue.value, 'default');
  if (field.nullable) add(null);
  if (field.kind === 'object') add({}, 'object');
  if (field.kind === 'array' || field.kind === 'multi-choice') add([], 'array');
  if (field.kind === 'string' && options.length === 0) add('', field.format ? `string (${field.format})` : 'string', infoOf(field));
  return options;
}

/** A CodeMirror completion source over the schema that `getSchema` returns at the time of asking. */
export function schemaCompletionSource(getSchema: () => unknown) {
  return (context: CompletionContext): CompletionResult | null => {
    const schema = getSchema();
    if (schema === undefined || schema === null) return null;
    const cursor = cursorContext(context.state, context.pos);
    if (!cursor) return null;
    if (cursor.from === context.pos && !context.explicit && cursor.role === 'value') return null;
    const options = cursor.role === 'key' ? keyCompletions(schema, cursor.path, cursor.existingKeys) : valueCompletions(schema, cursor.path);
    if (options.length === 0) return null;
    // Typing `"` may have auto-closed the string: replace the closing quote too.
    const typedQuote = context.state.sliceDoc(cursor.from, cursor.from + 1) === '"';
    const closingQuote = typedQuote && context.state.sliceDoc(context.pos, context.pos + 1) === '"';
    return {
      from: cursor.from,
      ...(closingQuote ? { to: context.pos + 1 } : {}),
      options,
      // Ask again once a quote has been auto-closed after the cursor, so the range takes it in.
      validFor: (text, _from, to, state) => /^"?[^"\s{}[\],:]*$/.test(text) && (closingQuote || state.sliceDoc(to, to + 1) !== '"'),
    };
  };
}
