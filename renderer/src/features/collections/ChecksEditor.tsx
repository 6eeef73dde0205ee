import { useState, type FormEvent } from 'react';
import { checkLabel } from '../../../../shared/check-label';
import type { Check, OutcomeExpectation, RequestFileView, SavedRequest } from '../../../../shared/collections';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { Field } from '../../ui/Field';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { checkFromDraft, EMPTY_CHECK_DRAFT, type CheckDraft, type CheckKind, type ValueTest } from './check-draft';

interface Props {
  collectionId: string;
  path: string;
  request: SavedRequest;
  /** The file as written: the detail shows it at once, before the folder watch reports the change. */
  onSaved: (view: RequestFileView) => void;
}

const KIND_LABELS: Record<CheckKind, string> = {
  outcome: 'Outcome',
  value: 'A value in the result',
  schema: 'The result matches a JSON Schema',
  latency: 'Answers within a time',
  snapshot: 'The result matches its snapshot',
};

const TEST_LABELS: Record<ValueTest, string> = { equals: 'equals', contains: 'contains', matches: 'matches the regex', exists: 'exists', absent: 'does not exist' };

/** A request's checks: each with Remove, and a form to add one. Saving writes the request file (comments kept). */
export function ChecksEditor({ collectionId, path, request, onSaved }: Props) {
  const checks = request.checks ?? [];
  const [draft, setDraft] = useState<CheckDraft>(EMPTY_CHECK_DRAFT);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const edit = (change: Partial<CheckDraft>) => {
    setDraft({ ...draft, ...change });
    setProblem(null);
  };

  const save = async (next: Check[]): Promise<boolean> => {
    setSaving(true);
    try {
      const { checks: _old, ...rest } = request;
      onSaved(await getApi().invoke('collections.saveRequest', { collectionId, path, request: next.length ? { ...rest, checks: next } : rest }));
      setProblem(null);
      return true;
    } catch (error) {
      setProblem(`Not saved: ${errorMessage(error)}`);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const made = checkFromDraft(draft);
    if ('problem' in made) {
      setProblem(made.problem);
      return;
    }
    if (await save([...checks, made.check])) setDraft({ ...EMPTY_CHECK_DRAFT, kind: draft.kind });
  };

  return (
    <section className="checks-editor" aria-label="Edit checks">
      <h3 className="checks-editor__title">Checks</h3>
      {checks.length === 0 ? (
        <p className="field__hint">None yet: the request passes when it succeeds.</p>
      ) : (
        <ul className="checks-editor__list" aria-label="Check list">
          {checks.map((check, index) => {
            const label = revealInvisible(checkLabel(check));
            return (
              <li key={`${index}:${label}`} className="checks-editor__item">
                <span className="checks-editor__label">{label}</span>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`Remove check “${label}”`}
                  disabled={saving}
                  onClick={() => void save(checks.filter((_, at) => at !== index))}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form className="checks-editor__form" aria-label="Add a check" onSubmit={(event) => void add(event)}>
        <Field label="Check">
          {(props) => (
            <select {...props} className="input input--small" value={draft.kind} onChange={(event) => edit({ kind: event.target.value as CheckKind })}>
              {(Object.keys(KIND_LABELS) as CheckKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <CheckFields draft={draft} edit={edit} />
        <Field label="Name (optional)" hint="Shown in reports instead of the check’s own words.">
          {(props) => <input {...props} className="input input--small" value={draft.name} onChange={(event) => edit({ name: event.target.value })} />}
        </Field>
        <div className="checks-editor__actions">
          <button type="submit" className="button button--small button--primary" disabled={saving}>
            Add check
          </button>
          {problem && (
            <span className="form-error" role="alert">
              {problem}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}

function CheckFields({ draft, edit }: { draft: CheckDraft; edit: (change: Partial<CheckDraft>) => void }) {
  switch (draft.kind) {
    case 'outcome':
      return (
        <>
          <Field label="Expected outcome">
            {(props) => (
              <select {...props} className="input input--small" value={draft.outcome} onChange={(event) => edit({ outcome: event.target.value as OutcomeExpectation })}>
                <option value="success">success</option>
                <option value="isError">a tool error (isError)</option>
                <option value="error">a JSON-RPC error</option>
              </select>
            )}
          </Field>
          {draft.outcome === 'error' && (
            <Field label="Error code" hint="Blank for any code.">
              {(props) => <input {...props} className="input input--small input--mono" inputMode="numeric" value={draft.code} onChange={(event) => edit({ code: event.target.value })} />}
            </Field>
          )}
        </>
      );
    case 'value':
      return (
        <>
          <Field label="Path" hint="A JSON Pointer (/content/0/text) or a JSONPath ($.content[0].text); blank for the whole result.">
            {(props) => <input {...props} className="input input--small input--mono" spellCheck={false} value={draft.path} onChange={(event) => edit({ path: event.target.value })} />}
          </Field>
          <Field label="Test">
            {(props) => (
              <select {...props} className="input input--small" value={draft.test} onChange={(event) => edit({ test: event.target.value as ValueTest })}>
                {(Object.keys(TEST_LABELS) as ValueTest[]).map((test) => (
                  <option key={test} value={test}>
                    {TEST_LABELS[test]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {(draft.test === 'equals' || draft.test === 'contains') && (
            <Field label="Value" hint="JSON, or plain text for a string.">
              {(props) => <input {...props} className="input input--small input--mono" spellCheck={false} value={draft.value} onChange={(event) => edit({ value: event.target.value })} />}
            </Field>
          )}
          {draft.test === 'matches' && (
            <>
              <Field label="Regular expression">
                {(props) => <input {...props} className="input input--small input--mono" spellCheck={false} value={draft.value} onChange={(event) => edit({ value: event.target.value })} />}
              </Field>
              <Field label="Flags" hint="e.g. i for any case.">
                {(props) => <input {...props} className="input input--small input--mono" spellCheck={false} value={draft.flags} onChange={(event) => edit({ flags: event.target.value })} />}
              </Field>
            </>
          )}
        </>
      );
    case 'schema':
      return (
        <Field label="JSON Schema" hint="The result must match it (checked in the core, bounded like tool schemas).">
          {(props) => <textarea {...props} className="input input--mono checks-editor__schema" rows={5} spellCheck={false} value={draft.schema} onChange={(event) => edit({ schema: event.target.value })} />}
        </Field>
      );
    case 'latency':
      return (
        <Field label="Within (ms)">
          {(props) => <input {...props} className="input input--small input--mono" inputMode="numeric" value={draft.latencyMs} onChange={(event) => edit({ latencyMs: event.target.value })} />}
        </Field>
      );
    case 'snapshot':
      return (
        <Field label="Paths to ignore" hint="One JSON Pointer per line, for values that change on every run (a time, an id). Accept a run as the snapshot after adding it.">
          {(props) => <textarea {...props} className="input input--mono checks-editor__schema" rows={3} spellCheck={false} value={draft.ignore} onChange={(event) => edit({ ignore: event.target.value })} />}
        </Field>
      );
  }
}
