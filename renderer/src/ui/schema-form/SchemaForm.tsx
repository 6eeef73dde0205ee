import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { describeField, type FieldModel } from './field-model';
import { extraKeys, getAt, initialValue, moveItem, numberFromText, setAt, textFromNumber } from './form-value';
import { toPointer, type PathSegment } from '../../../../shared/json-pointer';
import { jsonEqual, shortJson } from './schema-utils';
import './schema-form.css';
import { revealInvisible } from '../../../../shared/reveal-invisible';

export interface SchemaFormProps {
  /** The JSON Schema of the whole value (for a tool: its `inputSchema`). */
  schema: unknown;
  /** The value being edited; it is the JSON value itself (keys the schema does not know are kept). */
  value: unknown;
  onChange: (value: unknown) => void;
  /** Messages by JSON Pointer (see `errorsByPointer`), shown next to their fields. */
  errors?: Readonly<Record<string, readonly string[]>>;
  disabled?: boolean;
  /** The accessible name of the form. */
  label?: string;
  /**
   * `arguments` (a developer writing a tool's arguments): fields are labelled by property name and
   * title, required ones with a star, and an optional boolean can be left out.
   * `questions` (a person answering a server's questions, as in elicitation): fields are labelled by
   * title, required ones say so in words, and a checkbox is yes or no.
   */
  mode?: FormMode;
  /** Shown when the schema lists no properties. */
  emptyText?: string;
}

export type FormMode = 'arguments' | 'questions';

/** Nested deeper than this, a field is edited as JSON (a recursive schema can nest forever). */
const MAX_FORM_DEPTH = 16;
const NO_ERRORS: Readonly<Record<string, readonly string[]>> = {};

interface FieldContext {
  root: unknown;
  value: unknown;
  errors: Readonly<Record<string, readonly string[]>>;
  disabled: boolean;
  mode: FormMode;
  update: (path: readonly PathSegment[], next: unknown) => void;
}

/**
 * A form generated from a JSON Schema: required marks, typed inputs with formats, choices,
 * null toggles, nested objects, lists with add/remove/reorder, and a JSON box (with the reason)
 * for whatever the form cannot express.
 */
export function SchemaForm({
  schema,
  value,
  onChange,
  errors = NO_ERRORS,
  disabled = false,
  label = 'Arguments form',
  mode = 'arguments',
  emptyText = 'This tool takes no arguments.',
}: SchemaFormProps) {
  const context: FieldContext = {
    root: schema,
    value,
    errors,
    disabled,
    mode,
    update: (path, next) => onChange(setAt(value, path, next)),
  };
  const rootField = useMemo(() => describeField(schema, schema), [schema]);

  if (rootField.kind === 'object') {
    const extras = extraKeys(value, rootField.properties.map((property) => property.name));
    return (
      <div className="schema-form" role="group" aria-label={label}>
        {rootField.properties.length === 0 && extras.length === 0 && <p className="schema-form__empty">{emptyText}</p>}
        <ObjectFields field={rootField} path={[]} context={context} depth={0} />
        {extras.length > 0 && <ExtraKeysNote keys={extras} />}
      </div>
    );
  }
  return (
    <div className="schema-form" role="group" aria-label={label}>
      <FieldView schema={schema} name="Value" path={[]} required context={context} depth={0} />
    </div>
  );
}

function ExtraKeysNote({ keys }: { keys: string[] }) {
  return (
    <p className="schema-form__notice" role="note">
      Also set: {keys.map((key) => `“${revealInvisible(key)}”`).join(', ')}, which the schema does not list. Edit {keys.length === 1 ? 'it' : 'them'} in JSON.
    </p>
  );
}

function ObjectFields({ field, path, context, depth }: { field: Extract<FieldModel, { kind: 'object' }>; path: PathSegment[]; context: FieldContext; depth: number }) {
  return (
    <>
      {field.properties.map((property) => (
        <FieldView
          key={property.name}
          schema={property.schema}
          name={revealInvisible(property.name)}
          path={[...path, property.name]}
          required={property.required}
          context={context}
          depth={depth + 1}
        />
      ))}
    </>
  );
}

interface FieldViewProps {
  schema: unknown;
  /** The property name (or “Item 3”), shown when the schema has no title. */
  name: string;
  path: PathSegment[];
  /** Required: the value cannot be left out (list items always are, without saying so). */
  required: boolean;
  isItem?: boolean;
  context: FieldContext;
  depth: number;
}

function FieldView({ schema, name, path, required, isItem = false, context, depth }: FieldViewProps) {
  const described = useMemo(() => describeField(schema, context.root), [schema, context.root]);
  const field: FieldModel =
    depth > MAX_FORM_DEPTH && described.kind !== 'json'
      ? { ...described, kind: 'json', reason: `It is nested more than ${MAX_FORM_DEPTH} levels deep.` }
      : described;
  const id = useId();
  const value = getAt(context.value, path);
  const pointer = toPointer(path);
  const errors = context.errors[pointer] ?? [];
  const set = (next: unknown) => context.update(path, next);
  const isNull = field.nullable && value === null;
  const title = field.title && field.title !== name ? revealInvisible(field.title) : null;
  const describedBy = [field.description ? `${id}-description` : null, errors.length ? `${id}-errors` : null].filter(Boolean).join(' ') || undefined;
  const control = {
    id,
    disabled: context.disabled || isNull,
    'aria-invalid': errors.length ? (true as const) : undefined,
    'aria-describedby': describedBy,
    'aria-required': (required && !isItem) || undefined,
  };

  const labelLine: ReactNode =
    context.mode === 'questions' ? (
      <span className="schema-field__label-line">
        {field.title !== undefined ? revealInvisible(field.title) : name}
        {required && !isItem ? ' (required)' : ''}
      </span>
    ) : (
      <span className="schema-field__label-line">
        <span className="schema-field__name">{name}</span>
        {required && !isItem && (
          <span className="schema-field__required" aria-hidden="true" title="Required">
            *
          </span>
        )}
        {title && <span className="schema-field__title">{title}</span>}
      </span>
    );
  const after: ReactNode = (
    <>
      {field.description && (
        <p id={`${id}-description`} className="schema-field__description">
          {revealInvisible(field.description)}
        </p>
      )}
      {field.hints.length > 0 && <p className="schema-field__hints">{field.hints.join(' · ')}</p>}
      {errors.length > 0 && (
        <ul id={`${id}-errors`} className="schema-field__errors">
          {errors.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      )}
    </>
  );
  const nullToggle = field.nullable ? (
    <label className="schema-field__null">
      <input
        type="checkbox"
        checked={isNull}
        disabled={context.disabled}
        onChange={(event) => set(event.target.checked ? null : nonNullStart(field, context.root))}
      />
      null
    </label>
  ) : null;

  if (field.kind === 'object' || field.kind === 'array') {
    const missing = value === undefined;
    return (
      <fieldset className={`schema-field schema-field--group ${errors.length ? 'schema-field--invalid' : ''}`}>
        <legend className="schema-field__legend">{labelLine}</legend>
        <div className="schema-field__group-tools">
          {nullToggle}
          {!required && !missing && !isNull && (
            <button type="button" className="link-button" disabled={context.disabled} onClick={() => set(undefined)}>
              Remove {name}
            </button>
          )}
        </div>
        {after}
        {isNull ? null : missing ? (
          <button
            type="button"
            className="button button--small schema-field__add"
            disabled={context.disabled}
            onClick={() => set(initialValue(field.schema, context.root, true) ?? (field.kind === 'array' ? [] : {}))}
          >
            Add {name}
          </button>
        ) : field.kind === 'object' ? (
          <ObjectGroup field={field} value={value} path={path} context={context} depth={depth} />
        ) : (
          <ArrayGroup field={field} name={name} value={value} path={path} context={context} depth={depth} />
        )}
      </fieldset>
    );
  }

  if (field.kind === 'multi-choice') {
    return (
      <fieldset className={`schema-field schema-field--group ${errors.length ? 'schema-field--invalid' : ''}`} aria-invalid={control['aria-invalid']} aria-describedby={describedBy}>
        <legend className="schema-field__legend">{labelLine}</legend>
        {nullToggle && <div className="schema-field__group-tools">{nullToggle}</div>}
        {isNull ? null : <MultiChoiceInput field={field} value={value} disabled={control.disabled} onChange={set} onReset={() => set([])} />}
        {after}
      </fieldset>
    );
  }

  if (field.kind === 'boolean' && context.mode === 'questions') {
    return (
      <div className={`schema-field schema-field--boolean ${errors.length ? 'schema-field--invalid' : ''}`}>
        <label className="schema-field__check">
          <input {...control} type="checkbox" checked={value === true} onChange={(event) => set(event.target.checked)} />
          {labelLine}
        </label>
        {after}
      </div>
    );
  }

  let input: ReactNode;
  switch (field.kind) {
    case 'string':
      input = <StringInput field={field} value={value} required={required} control={control} onChange={set} />;
      break;
    case 'number':
      input = <NumberInput integer={field.integer} value={value} control={control} onChange={set} />;
      break;
    case 'boolean':
      input = <BooleanInput name={name} value={value} required={required} control={control} onChange={set} />;
      break;
    case 'choice':
      input = <ChoiceInput field={field} value={value} required={required} control={control} onChange={set} />;
      break;
    case 'json':
      input = <JsonInput reason={field.reason} value={value} control={control} onChange={set} />;
      break;
  }
  return (
    <div className={`schema-field schema-field--${field.kind} ${errors.length ? 'schema-field--invalid' : ''}`}>
      <div className="schema-field__top">
        <label className="schema-field__label" htmlFor={id}>
          {labelLine}
        </label>
        {nullToggle}
      </div>
      {input}
      {after}
    </div>
  );
}

/** The value a field gets when its null toggle is switched off: an empty value of its type. */
function nonNullStart(field: FieldModel, root: unknown): unknown {
  const { default: _default, ...withoutDefault } = field.schema;
  return initialValue(withoutDefault, root, true);
}

function ObjectGroup({ field, value, path, context, depth }: { field: Extract<FieldModel, { kind: 'object' }>; value: unknown; path: PathSegment[]; context: FieldContext; depth: number }) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return <WrongType expected="an object" value={value} onReset={() => context.update(path, {})} disabled={context.disabled} />;
  }
  const extras = extraKeys(value, field.properties.map((property) => property.name));
  return (
    <div className="schema-field__children">
      <ObjectFields field={field} path={path} context={context} depth={depth} />
      {field.properties.length === 0 && extras.length === 0 && <p className="schema-form__empty">No properties.</p>}
      {extras.length > 0 && <ExtraKeysNote keys={extras} />}
    </div>
  );
}

function ArrayGroup({ field, name, value, path, context, depth }: { field: Extract<FieldModel, { kind: 'array' }>; name: string; value: unknown; path: PathSegment[]; context: FieldContext; depth: number }) {
  if (!Array.isArray(value)) {
    return <WrongType expected="a list" value={value} onReset={() => context.update(path, [])} disabled={context.disabled} />;
  }
  const list = value as unknown[];
  return (
    <div className="schema-field__children">
      {list.length === 0 && <p className="schema-form__empty">No items.</p>}
      <ol className="schema-array">
        {list.map((_item, index) => (
          <li key={index} className="schema-array__item">
            <div className="schema-array__field">
              <FieldView schema={field.items} name={`Item ${index + 1}`} path={[...path, index]} required isItem context={context} depth={depth + 1} />
            </div>
            <div className="schema-array__tools">
              <button
                type="button"
                className="icon-button"
                aria-label={`Move ${name} item ${index + 1} up`}
                title="Move up"
                disabled={context.disabled || index === 0}
                onClick={() => context.update(path, moveItem(list, index, index - 1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={`Move ${name} item ${index + 1} down`}
                title="Move down"
                disabled={context.disabled || index === list.length - 1}
                onClick={() => context.update(path, moveItem(list, index, index + 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${name} item ${index + 1}`}
                title="Remove"
                disabled={context.disabled}
                onClick={() => context.update(path, list.filter((_, at) => at !== index))}
              >
                ×
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--small schema-field__add"
        disabled={context.disabled}
        onClick={() => context.update(path, [...list, initialValue(field.items, context.root, true) ?? null])}
      >
        Add {name} item
      </button>
    </div>
  );
}

/** A checkbox per choice. Values the choices do not include are kept, and said. */
function MultiChoiceInput({ field, value, disabled, onChange, onReset }: { field: Extract<FieldModel, { kind: 'multi-choice' }>; value: unknown; disabled: boolean; onChange: (next: unknown) => void; onReset: () => void }) {
  if (value !== undefined && !Array.isArray(value)) return <WrongType expected="a list" value={value} onReset={onReset} disabled={disabled} />;
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const isChosen = (option: unknown) => chosen.some((item) => jsonEqual(item, option));
  const others = chosen.filter((item) => !field.options.some((option) => jsonEqual(option.value, item)));
  const toggle = (option: unknown, on: boolean) => {
    // Kept in the order of the choices, with unknown values last.
    const next = field.options.map((candidate) => candidate.value).filter((candidate) => (jsonEqual(candidate, option) ? on : isChosen(candidate)));
    onChange([...next, ...others]);
  };
  return (
    <div className="schema-field__choices">
      {field.options.map((option, index) => (
        <label key={index} className="schema-field__check" title={option.description}>
          <input type="checkbox" disabled={disabled} checked={isChosen(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
          {revealInvisible(option.label)}
        </label>
      ))}
      {others.length > 0 && (
        <p className="schema-form__notice schema-form__notice--inline" role="note">
          Also chosen: {others.map((item) => shortJson(item, 40)).join(', ')}, which the choices do not include.
        </p>
      )}
    </div>
  );
}

function WrongType({ expected, value, onReset, disabled }: { expected: string; value: unknown; onReset: () => void; disabled: boolean }) {
  return (
    <p className="schema-form__notice" role="note">
      This should be {expected} but is {shortJson(value)}.{' '}
      <button type="button" className="link-button" disabled={disabled} onClick={onReset}>
        Replace with {expected === 'a list' ? 'an empty list' : 'an empty object'}
      </button>
    </p>
  );
}

type ControlProps = {
  id: string;
  disabled: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

function StringInput({ field, value, required, control, onChange }: { field: Extract<FieldModel, { kind: 'string' }>; value: unknown; required: boolean; control: ControlProps; onChange: (next: unknown) => void }) {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
  const change = (next: string) => onChange(next === '' && !required ? undefined : next);
  const multiline = text.includes('\n');
  const placeholder = field.placeholder ?? (field.defaultValue ? `default: ${shortJson(field.defaultValue.value)}` : undefined);
  return (
    <div className="schema-field__row">
      {multiline ? (
        <textarea {...control} className="input input--small" rows={Math.min(8, text.split('\n').length)} value={text} onChange={(event) => change(event.target.value)} />
      ) : (
        <input
          {...control}
          className="input input--small"
          type={field.inputType}
          value={text}
          placeholder={placeholder}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => change(event.target.value)}
        />
      )}
      {field.format === 'date-time' && (
        <button type="button" className="button button--small" disabled={control.disabled} onClick={() => onChange(new Date().toISOString())}>
          Now
        </button>
      )}
    </div>
  );
}

function NumberInput({ integer, value, control, onChange }: { integer: boolean; value: unknown; control: ControlProps; onChange: (next: unknown) => void }) {
  // Keep the typed text while it means the same value ("1.50", "1e3"), so typing is not rewritten under
  // the cursor; take the value's own text when it changed elsewhere (JSON editor, history).
  const [text, setText] = useState(() => textFromNumber(value));
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    if (numberFromText(text) !== value) setText(textFromNumber(value));
  }
  return (
    <input
      {...control}
      className="input input--small input--mono schema-field__number"
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      value={text}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => {
        const next = numberFromText(event.target.value);
        setText(event.target.value);
        setShown(next);
        onChange(next);
      }}
    />
  );
}

/**
 * A checkbox. An optional boolean can also be left out of the arguments: it starts unset (shown as
 * mixed), a click sets it, and "Unset" leaves it out again.
 */
function BooleanInput({ name, value, required, control, onChange }: { name: string; value: unknown; required: boolean; control: ControlProps; onChange: (next: unknown) => void }) {
  const unset = value !== true && value !== false;
  const boxRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (boxRef.current) boxRef.current.indeterminate = !required && unset;
  }, [required, unset]);
  return (
    <span className="schema-field__row">
      <input {...control} ref={boxRef} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
      <span className="schema-field__bool-text">{value === true ? 'true' : value === false || required ? 'false' : 'not set (left out)'}</span>
      {!required && !unset && (
        <button type="button" className="link-button" disabled={control.disabled} aria-label={`Unset ${name}`} onClick={() => onChange(undefined)}>
          Unset
        </button>
      )}
    </span>
  );
}

function ChoiceInput({ field, value, required, control, onChange }: { field: Extract<FieldModel, { kind: 'choice' }>; value: unknown; required: boolean; control: ControlProps; onChange: (next: unknown) => void }) {
  const index = value === undefined ? -1 : field.options.findIndex((option) => jsonEqual(option.value, value));
  const other = value !== undefined && index < 0;
  const selected = other ? 'other' : index < 0 ? '' : String(index);
  const description = index >= 0 ? field.options[index]?.description : undefined;
  return (
    <>
      <select
        {...control}
        className="input input--small schema-field__select"
        value={selected}
        onChange={(event) => {
          const choice = event.target.value;
          if (choice === '') onChange(undefined);
          else if (choice !== 'other') onChange(structuredClone(field.options[Number(choice)]!.value));
        }}
      >
        {(!required || index < 0) && <option value="">— {required ? 'choose' : 'not set'} —</option>}
        {field.options.map((option, at) => (
          <option key={at} value={String(at)}>
            {revealInvisible(option.label)}
          </option>
        ))}
        {other && <option value="other">Other: {shortJson(value, 40)}</option>}
      </select>
      {description && <p className="schema-field__hints">{description}</p>}
    </>
  );
}

function JsonInput({ reason, value, control, onChange }: { reason: string; value: unknown; control: ControlProps; onChange: (next: unknown) => void }) {
  const print = (next: unknown) => (next === undefined ? '' : JSON.stringify(next, null, 2));
  const [text, setText] = useState(() => print(value));
  const [shown, setShown] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  // The value changed elsewhere (JSON editor, history): show it.
  if (!jsonEqual(shown, value)) {
    setShown(value);
    setText(print(value));
    setProblem(null);
  }
  return (
    <>
      <p className="schema-form__notice schema-form__notice--inline">The form cannot edit this: {reason} Write it as JSON.</p>
      <textarea
        {...control}
        aria-invalid={problem || control['aria-invalid'] ? true : undefined}
        className="input input--small input--mono"
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        value={text}
        spellCheck={false}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next.trim() === '') {
            setProblem(null);
            setShown(undefined);
            onChange(undefined);
            return;
          }
          try {
            const parsed: unknown = JSON.parse(next);
            setShown(parsed);
            onChange(parsed);
            setProblem(null);
          } catch (error) {
            setProblem(`Not valid JSON yet: ${error instanceof Error ? error.message : String(error)}`);
          }
        }}
      />
      {problem && <p className="field-error">{problem}</p>}
    </>
  );
}
