import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Approval } from '../../../../shared/approvals';
import { isObject } from '../../../../shared/is-object';
import { parsePointer } from '../../../../shared/json-pointer';
import { SchemaForm } from '../../ui/schema-form/SchemaForm';
import { checkArguments } from '../../ui/schema-form/empty-required';
import { errorsByPointer, type ValidationError } from '../../ui/schema-form/schema-check';
import { useValidateInCore } from '../../ui/schema-form/use-schema-check';
import { useDraftsStore } from './drafts-store';
import { changedFields, fieldsNeedingAttention, initialAnswer } from './elicitation-answer';
import { useDecide } from './use-decide';

/** Form-mode elicitation: the requested schema as a form (the tool arguments' engine); Accept checks it first. */
export function ElicitationForm({ approval }: { approval: Approval }) {
  const schema = approval.request.requestedSchema;
  const stored = useDraftsStore((state) => state.forms[approval.id]);
  const value = useMemo(() => stored ?? initialAnswer(schema), [stored, schema]);
  const validate = useValidateInCore();
  const { decide, busy, error } = useDecide(approval.id);
  const [problems, setProblems] = useState<ValidationError[]>([]);
  const [unchecked, setUnchecked] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useMemo(() => errorsByPointer(problems), [problems]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid?.matches('fieldset') ? invalid.querySelector<HTMLElement>('input, select, textarea') : invalid;
    target?.focus();
  }, [focusRequest]);

  const change = (next: unknown) => {
    const answer = isObject(next) ? next : {};
    useDraftsStore.getState().setForm(approval.id, answer);
    // An edited field's problems are gone until the next Accept checks again.
    const edited = changedFields(value, answer);
    if (problems.length > 0) setProblems(problems.filter((problem) => problem.pointer === '' || !edited.has(parsePointer(problem.pointer)[0] ?? '')));
  };

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    // Ajv runs in the core: the renderer's CSP forbids the code it compiles.
    const check = await checkArguments(validate, isObject(schema) ? schema : {}, value);
    if (check.kind === 'checked' && check.errors.length > 0) {
      setProblems(check.errors);
      setFocusRequest((count) => count + 1);
      return;
    }
    setProblems([]);
    setUnchecked(check.kind === 'unchecked' ? check.reason : null);
    void decide({ action: 'accept', content: value });
  };

  const attention = fieldsNeedingAttention(problems);
  const wholeAnswer = errors[''] ?? [];
  return (
    <form ref={formRef} className="elicitation-form" aria-label="Requested information" onSubmit={(event) => void accept(event)} noValidate>
      <SchemaForm
        schema={schema}
        value={value}
        onChange={change}
        errors={errors}
        disabled={busy}
        mode="questions"
        label="Requested fields"
        emptyText="The server asks for no fields: Accept sends an empty answer."
      />
      {attention > 0 && (
        <p className="form-error" role="alert">
          {attention === 1 ? 'One field needs' : `${attention} fields need`} attention before the answer can be sent.
          {wholeAnswer.length > 0 && ` ${wholeAnswer.join(' ')}`}
        </p>
      )}
      {unchecked && <p className="field__hint">Sent without Loupe’s check: {unchecked}</p>}
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
