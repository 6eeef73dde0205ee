/**
 * Schema-aware help for a JSON CodeMirror editor: diagnostics from the same validator the form
 * uses, and completion of property names and values from the schema. Every text shown comes
 * from the server's schema, so it is passed to CodeMirror as plain strings (rendered as text).
 */
import type { CompletionContext, CompletionResult, Completion } from '@codemirror/autocomplete';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import type { FieldModel } from './field-model.js';
import { cursorContext, rangeForPointer, syntaxErrorRange } from './json-syntax.js';
import { describeField } from './field-model.js';
import { fieldAtPath } from './schema-path.js';
import { shortJson } from './schema-utils.js';
import { validateValue } from './validate.js';

/** Diagnostics for the document: the JSON syntax error, or each schema error at its place. */
export function jsonDiagnostics(state: EditorState, schema: unknown): Diagnostic[] {
  const text = state.doc.toString();
  if (text.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const range = syntaxErrorRange(state);
    return [{ ...range, severity: 'error', source: 'JSON', message: error instanceof Error ? error.message : String(error) }];
  }
  if (schema === undefined || schema === null) return [];
  const report = validateValue(schema, value);
  const diagnostics: Diagnostic[] = report.errors.map((error) => ({
    ...rangeForPointer(state, error.pointer, error.keyword),
    severity: 'error',
    source: 'schema',
    message: `${error.pointer || '(whole value)'}: ${error.message}`,
  }));
  for (const problem of report.problems) diagnostics.push({ from: 0, to: Math.min(1, text.length), severity: 'warning', source: 'schema', message: problem });
  return diagnostics;
}

function typeLabel(field: FieldModel): string {
  switch (field.kind) {
    case 'number':
      return field.integer ? 'integer' : 'number';
    case 'choice':
      return 'one of';
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
  if (field.kind === 'array') add([], 'array');
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
