import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { Approval } from '../../../../shared/approvals';
import type { JsonObject } from '../../../../shared/mcp';
import { useApi } from '../../bridge/api-context';
import { Field } from '../../ui/Field';
import { useDraftsStore } from './drafts-store';
import {
  buildContent,
  fieldErrorsFrom,
  fieldsOf,
  initialValues,
  inputTypeFor,
  type ElicitField,
  type FieldErrors,
  type FieldValue,
} from './elicitation-schema';
import { useDecide } from './use-decide';

/** Form-mode elicitation: the requested schema as a form; Accept checks it first. */
export function ElicitationForm({ approval }: { approval: Approval }) {
  const fields = useMemo(() => fieldsOf(approval.request.requestedSchema), [approval.request.requestedSchema]);
  const stored = useDraftsStore((state) => state.forms[approval.id]);
  const values = useMemo(() => stored ?? initialValues(fields), [stored, fields]);
  const api = useApi();
  const { decide, busy, error } = useDecide(approval.id);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const setValue = (name: string, value: FieldValue) => {
    useDraftsStore.getState().setForm(approval.id, { ...values, [name]: value });
    if (errors[name]) {
      const rest = { ...errors };
      delete rest[name];
      setErrors(rest);
    }
  };

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    const built = buildContent(fields, values);
    // Ajv runs in the core: the renderer's CSP forbids the code it compiles.
    const schema = approval.request.requestedSchema as JsonObject;
    const validation = await api.invoke('schemas.validate', { schema, value: built.content }).catch(() => undefined);
    // What could not even be converted (a number that is not one) speaks first.
    const found = { ...(validation ? fieldErrorsFrom(fields, validation) : {}), ...built.errors };
    setErrors(found);
    const firstBad = fields.find((field) => found[field.name]);
    if (firstBad) {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(firstBad.name)}"]`)?.focus();
      return;
    }
    void decide({ action: 'accept', content: built.content });
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form ref={formRef} className="elicitation-form" aria-label="Requested information" onSubmit={(event) => void accept(event)} noValidate>
      {fields.length === 0 ? (
        <p className="muted">The server asks for no fields: Accept sends an empty answer.</p>
      ) : (
        fields.map((field) => <FieldControl key={field.name} field={field} value={values[field.name]} error={errors[field.name]} onChange={setValue} />)
      )}
      {errorCount > 0 && (
        <p className="form-error" role="alert">
          {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} attention before the answer can be sent.
        </p>
      )}
      <div className="reply-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Accept
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void decide({ action: 'decline' })}>
          Decline
        </button>
        <button type="button" className="button button--subtle" disabled={busy} onClick={() => void decide({ action: 'cancel' })}>
          Cancel
        </button>
        <span className="field__hint">Decline says no; Cancel dismisses without choosing.</span>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

interface ControlProps {
  field: ElicitField;
  value: FieldValue | undefined;
  error: string | undefined;
  onChange(name: string, value: FieldValue): void;
}

function labelOf(field: ElicitField): string {
  return field.required ? `${field.label} (required)` : field.label;
}

function hintOf(field: ElicitField): string | undefined {
  const parts: string[] = [];
  if (field.description) parts.push(field.description);
  if (field.kind === 'number') {
    if (field.minimum !== undefined && field.maximum !== undefined) parts.push(`From ${field.minimum} to ${field.maximum}.`);
    else if (field.minimum !== undefined) parts.push(`${field.minimum} or more.`);
    else if (field.maximum !== undefined) parts.push(`${field.maximum} or less.`);
    if (field.integer) parts.push('A whole number.');
  }
  if (field.kind === 'text' && field.format === 'date-time') parts.push('Like 2025-01-31T14:30:00Z.');
  if (field.kind === 'multi-select') {
    if (field.minItems !== undefined && field.maxItems !== undefined) parts.push(`Choose ${field.minItems} to ${field.maxItems}.`);
    else if (field.minItems !== undefined) parts.push(`Choose at least ${field.minItems}.`);
    else if (field.maxItems !== undefined) parts.push(`Choose at most ${field.maxItems}.`);
  }
  if (field.kind === 'json') parts.push('Loupe has no control for this property’s schema: enter its value as JSON.');
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function FieldControl({ field, value, error, onChange }: ControlProps) {
  const hint = hintOf(field);
  const set = (next: FieldValue) => onChange(field.name, next);

  if (field.kind === 'boolean') {
    return (
      <div className="field elicit-boolean">
        <label className="elicit-boolean__label">
          <input type="checkbox" data-field={field.name} checked={value === true} onChange={(event) => set(event.target.checked)} aria-invalid={error ? true : undefined} />
          <span>{labelOf(field)}</span>
        </label>
        {hint && <p className="field__hint">{hint}</p>}
        {error && <p className="field-error">{error}</p>}
      </div>
    );
  }

  if (field.kind === 'multi-select') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="field elicit-choices" aria-invalid={error ? true : undefined}>
        <legend className="field__label">{labelOf(field)}</legend>
        <div className="elicit-choices__options">
          {field.options.map((option, index) => (
            <label key={option.value} className="elicit-choices__option">
              <input
                type="checkbox"
                {...(index === 0 ? { 'data-field': field.name } : {})}
                checked={chosen.includes(option.value)}
                onChange={(event) =>
                  set(event.target.checked ? [...chosen, option.value] : chosen.filter((item) => item !== option.value))
                }
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        {hint && <p className="field__hint">{hint}</p>}
        {error && <p className="field-error">{error}</p>}
      </fieldset>
    );
  }

  return (
    <Field label={labelOf(field)} hint={hint} error={error}>
      {(props) => {
        const common = { ...props, 'data-field': field.name, 'aria-required': field.required || undefined };
        const text = typeof value === 'string' ? value : '';
        switch (field.kind) {
          case 'select':
            return (
              <select {...common} className="input input--small" value={text} onChange={(event) => set(event.target.value)}>
                {(!field.required || text === '') && <option value="">{field.required ? 'Choose…' : '(none)'}</option>}
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            );
          case 'number':
            return (
              <input
                {...common}
                type="number"
                inputMode={field.integer ? 'numeric' : 'decimal'}
                className="input input--small"
                value={text}
                {...(field.minimum !== undefined ? { min: field.minimum } : {})}
                {...(field.maximum !== undefined ? { max: field.maximum } : {})}
                step={field.integer ? 1 : 'any'}
                onChange={(event) => set(event.target.value)}
              />
            );
          case 'json':
            return <textarea {...common} className="input input--mono" rows={3} value={text} onChange={(event) => set(event.target.value)} />;
          case 'text':
            return (
              <input
                {...common}
                type={inputTypeFor(field.format)}
                className="input input--small"
                value={text}
                onChange={(event) => set(event.target.value)}
              />
            );
        }
      }}
    </Field>
  );
}
