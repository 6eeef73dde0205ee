import { useId, useState, type FormEvent } from 'react';
import type { SamplingTemplate } from '../../../../shared/approvals';
import { errorMessage } from '../../bridge/bridge-error';
import { parseJsonObject } from '../../ui/json';
import { JsonEditor } from '../../ui/schema-form/JsonEditor';

interface Props {
  template: SamplingTemplate;
  /** Saves the edited template; rejects with a message to show. */
  onSave: (template: SamplingTemplate) => Promise<void>;
  onCancel: () => void;
}

/** A template's name and reply (a CreateMessageResult), edited in place. */
export function TemplateEditor({ template, onSave, onCancel }: Props) {
  const [name, setName] = useState(template.name);
  const [text, setText] = useState(() => JSON.stringify(template.result, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameId = useId();
  const problemId = useId();

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (name.trim() === '') {
      setProblem('Give the template a name.');
      return;
    }
    const result = parseJsonObject(text, 'reply');
    if (!result.ok) {
      setProblem(result.problem);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      await onSave({ id: template.id, name: name.trim(), result: result.value });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="template-editor" aria-label={`Edit template “${template.name}”`} onSubmit={(event) => void save(event)}>
      <label className="field__label" htmlFor={nameId}>
        Name
      </label>
      <input id={nameId} className="input input--small" value={name} onChange={(event) => setName(event.target.value)} />
      <JsonEditor value={text} onChange={setText} label="Template reply" onSubmit={() => void save()} {...(problem ? { describedBy: problemId } : {})} />
      {problem && (
        <p id={problemId} className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="template-editor__actions">
        <button type="submit" className="button button--small button--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save template'}
        </button>
        <button type="button" className="button button--small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
