import { useId, useMemo, useState, type ChangeEvent } from 'react';
import type { Approval } from '../../../../shared/approvals';
import type { JsonObject } from '../../../../shared/mcp';
import { isObject } from '../../../../shared/is-object';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { Field } from '../../ui/Field';
import { SelectField } from '../../ui/SelectField';
import { formatBytes } from '../../ui/format';
import { reloadSamplingLibrary } from '../../state/approvals/approvals-sync';
import { useApprovalsStore } from '../../state/approvals/approvals-store';
import { useDraftsStore } from './drafts-store';
import { ModelDraftBar } from './ModelDraftBar';
import { useModelDraftsStore } from './model-draft-store';
import { readSamplingRequest, type SamplingToolView } from './sampling-request';
import { JsonEditor } from '../../ui/schema-form/JsonEditor';
import {
  buildReply,
  contentTypeForMime,
  draftFromResult,
  initialDraft,
  splitDataUrl,
  STOP_REASONS,
  type ReplyDraft,
  type ReplyErrors,
} from './sampling-reply';
import { useDecide } from './use-decide';

export const DEFAULT_REJECT_MESSAGE = 'Rejected by the user.';
/** Files above this are refused: the reply goes through the bridge and into the traffic log whole. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The person's answer to a sampling request: compose and approve, or reject with an error. */
export function SamplingReplyForm({ approval }: { approval: Approval }) {
  const api = getApi();
  const id = useId();
  const request = useMemo(() => readSamplingRequest(approval.request), [approval.request]);
  const { hints, tools: offeredTools } = request;
  const stored = useDraftsStore((state) => state.replies[approval.id]);
  const draft = stored ?? initialDraft(hints);
  const setDraft = (next: ReplyDraft) => useDraftsStore.getState().setReply(approval.id, next);
  const rejectMessage = useDraftsStore((state) => state.rejectMessages[approval.id]) ?? DEFAULT_REJECT_MESSAGE;
  const templates = useApprovalsStore((state) => state.templates);
  const { decide, busy, error } = useDecide(approval.id);
  const modelDrafting = useModelDraftsStore((state) => {
    const status = state.byApproval[approval.id]?.status;
    return status === 'starting' || status === 'drafting';
  });
  const [errors, setErrors] = useState<ReplyErrors>({});
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [templateName, setTemplateName] = useState<string | null>(null);
  const [templateStatus, setTemplateStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const update = (patch: Partial<ReplyDraft>) => {
    setDraft({ ...draft, ...patch });
    if (Object.keys(errors).length > 0) setErrors({});
  };

  const approve = (event?: { preventDefault: () => void }) => {
    event?.preventDefault();
    const built = buildReply(draft);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    void decide({ action: 'approve', result: built.result });
  };

  const reject = () => void decide({ action: 'reject', message: rejectMessage });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileProblem(null);
    if (!file) return;
    const type = contentTypeForMime(file.type);
    if (!type) return setFileProblem(`“${file.name}” is not an image or audio file (its type is ${file.type || 'unknown'}).`);
    if (file.size > MAX_FILE_BYTES) return setFileProblem(`“${file.name}” is ${formatBytes(file.size)}; the limit is ${formatBytes(MAX_FILE_BYTES)}.`);
    try {
      const parts = splitDataUrl(await readAsDataUrl(file));
      if (!parts) return setFileProblem(`“${file.name}” could not be encoded as base64.`);
      update({ file: { type, data: parts.data, mimeType: file.type || parts.mimeType, name: file.name } });
    } catch (failure) {
      setFileProblem(`Could not read “${file.name}”: ${errorMessage(failure)}`);
    }
  };

  const applyTemplate = (templateId: string) => {
    const template = templates.find((candidate) => candidate.id === templateId);
    if (template) {
      update(draftFromResult(template.result, draft));
      setTemplateStatus({ ok: true, text: `Applied the template “${template.name}”.` });
    }
  };

  const saveTemplate = async () => {
    const name = templateName?.trim() ?? '';
    const built = buildReply(draft);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    if (name === '') {
      setTemplateStatus({ ok: false, text: 'Give the template a name.' });
      return;
    }
    try {
      await api.invoke('sampling.templates.save', { name, result: built.result });
      await reloadSamplingLibrary();
      setTemplateName(null);
      setTemplateStatus({ ok: true, text: `Saved the template “${name}”.` });
    } catch (failure) {
      setTemplateStatus({ ok: false, text: `The template was not saved: ${errorMessage(failure)}` });
    }
  };

  return (
    <form className="reply-form" aria-label="Reply" onSubmit={approve} noValidate>
      <h4 className="approval-section__title">Your reply</h4>
      <ModelDraftBar approval={approval} reply={draft} />
      <div className="reply-form__row">
        <fieldset className="segmented">
          <legend className="field__label">Role</legend>
          <div className="segmented__options">
            {(['assistant', 'user'] as const).map((role) => (
              <label key={role} className="segmented__option">
                <input type="radio" name={`${id}-role`} checked={draft.role === role} onChange={() => update({ role })} />
                <span>{role === 'assistant' ? 'Assistant' : 'User'}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="segmented">
          <legend className="field__label">Content</legend>
          <div className="segmented__options">
            <label className="segmented__option">
              <input type="radio" name={`${id}-kind`} checked={draft.contentKind === 'text'} onChange={() => update({ contentKind: 'text' })} />
              <span>Text</span>
            </label>
            <label className="segmented__option">
              <input type="radio" name={`${id}-kind`} checked={draft.contentKind === 'file'} onChange={() => update({ contentKind: 'file' })} />
              <span>Image or audio file</span>
            </label>
          </div>
        </fieldset>
        {templates.length > 0 && (
          <SelectField
            label="Apply template"
            className="reply-form__template"
            small
            value=""
            onChange={applyTemplate}
            options={[{ value: '', label: 'Choose…' }, ...templates.map((template) => ({ value: template.id, label: template.name }))]}
          />
        )}
      </div>

      {draft.contentKind === 'text' ? (
        <Field label="Reply text" error={errors.text}>
          {(props) => (
            <textarea
              {...props}
              className="input reply-form__text"
              rows={5}
              value={draft.text}
              readOnly={modelDrafting}
              aria-busy={modelDrafting}
              placeholder="What the model would answer…"
              onChange={(event) => update({ text: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) approve(event);
              }}
            />
          )}
        </Field>
      ) : (
        <Field
          label="Image or audio file"
          error={errors.file ?? fileProblem ?? undefined}
          hint={draft.file ? `${draft.file.name} · ${draft.file.mimeType} · ${formatBytes((draft.file.data.length * 3) / 4)} (sent as base64)` : 'The file is sent as base64 with its MIME type.'}
        >
          {(props) => <input {...props} type="file" accept="image/*,audio/*" className="reply-form__file" onChange={(event) => void onFile(event)} />}
        </Field>
      )}
      {draft.contentKind === 'file' && draft.file && <FilePreview file={draft.file} />}
      {draft.contentKind === 'text' && draft.toolUses && draft.toolUses.length > 0 && (
        <ToolUses toolUses={draft.toolUses} offered={offeredTools} disabled={modelDrafting} onChange={(toolUses) => update({ toolUses })} />
      )}

      <div className="reply-form__row">
        <Field label="Model" error={errors.model} className="reply-form__model">
          {(props) => <input {...props} className="input input--small" value={draft.model} onChange={(event) => update({ model: event.target.value })} />}
        </Field>
        <Field label="Stop reason" className="reply-form__stop">
          {(props) => (
            <select
              {...props}
              className="input input--small"
              value={draft.stopReason}
              onChange={(event) => update({ stopReason: event.target.value as ReplyDraft['stopReason'] })}
            >
              {STOP_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
              <option value="custom">Custom…</option>
            </select>
          )}
        </Field>
        {draft.stopReason === 'custom' && (
          <Field label="Custom stop reason" error={errors.stopReason} className="reply-form__stop">
            {(props) => (
              <input {...props} className="input input--small mono" value={draft.customStopReason} onChange={(event) => update({ customStopReason: event.target.value })} />
            )}
          </Field>
        )}
      </div>

      <div className="reply-form__actions">
        <button type="submit" className="button button--primary" disabled={busy || modelDrafting}>
          Approve
        </button>
        <span className="field__hint">
          sends this reply · <kbd>Ctrl</kbd>+<kbd>Enter</kbd> in the text
        </span>
        <span className="panel-header__spacer" />
        {templateName === null ? (
          <button type="button" className="button button--small" onClick={() => setTemplateName('')}>
            Save as template…
          </button>
        ) : (
          <span className="reply-form__save-template" role="group" aria-label="Save as template">
            <input
              className="input input--small"
              aria-label="Template name"
              placeholder="Template name"
              value={templateName}
              autoFocus
              onChange={(event) => setTemplateName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void saveTemplate();
                } else if (event.key === 'Escape') {
                  event.stopPropagation();
                  setTemplateName(null);
                }
              }}
            />
            <button type="button" className="button button--small" onClick={() => void saveTemplate()}>
              Save template
            </button>
            <button type="button" className="button button--small button--subtle" onClick={() => setTemplateName(null)}>
              Cancel
            </button>
          </span>
        )}
      </div>
      {templateStatus && (
        <p className={templateStatus.ok ? 'field__hint' : 'field-error'} role="status">
          {templateStatus.text}
        </p>
      )}

      <div className="reply-form__reject">
        <Field label="Error message" hint="Reject answers the server with a JSON-RPC error carrying this message.">
          {(props) => (
            <input
              {...props}
              className="input input--small"
              value={rejectMessage}
              onChange={(event) => useDraftsStore.getState().setRejectMessage(approval.id, event.target.value)}
            />
          )}
        </Field>
        <button type="button" className="button button--danger" disabled={busy} onClick={reject}>
          Reject
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function FilePreview({ file }: { file: NonNullable<ReplyDraft['file']> }) {
  const src = `data:${file.mimeType};base64,${file.data}`;
  return (
    <div className="reply-form__preview">
      {file.type === 'image' ? <img src={src} alt={`Preview of ${file.name}`} /> : <audio controls src={src} aria-label={`Preview of ${file.name}`} />}
    </div>
  );
}

/** Sampling with tools: the tools the model's draft calls (`tool_use` blocks), sent after the text; each can be edited or dropped. */
function ToolUses({ toolUses, offered, disabled, onChange }: { toolUses: JsonObject[]; offered: readonly SamplingToolView[]; disabled: boolean; onChange: (toolUses: JsonObject[]) => void }) {
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div className="reply-form__tool-uses" role="group" aria-label="Tool uses in the reply">
      <span className="field__label">The reply calls {toolUses.length === 1 ? 'a tool' : `${toolUses.length} tools`} (tool_use, sent after the text)</span>
      <ul>
        {toolUses.map((toolUse, index) => {
          const name = typeof toolUse.name === 'string' ? toolUse.name : '(unnamed)';
          return (
            <li key={`${String(toolUse.id)}-${index}`} className="reply-form__tool-use">
              <code className="mono">
                {name}({JSON.stringify(toolUse.input ?? {})})
              </code>
              <button type="button" className="link-button" disabled={disabled} aria-label={`Edit the input of ${name}`} onClick={() => setEditing(editing === index ? null : index)}>
                {editing === index ? 'Done' : 'Edit input'}
              </button>
              <button
                type="button"
                className="link-button"
                disabled={disabled}
                aria-label={`Remove the call of ${name}`}
                onClick={() => {
                  setEditing(null);
                  onChange(toolUses.filter((_, at) => at !== index));
                }}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      {editing !== null && toolUses[editing] && (
        <ToolUseInput
          key={editing}
          toolUse={toolUses[editing]}
          schema={offered.find((tool) => tool.name === toolUses[editing]!.name)?.inputSchema}
          onInput={(input) => onChange(toolUses.map((toolUse, at) => (at === editing ? { ...toolUse, input } : toolUse)))}
        />
      )}
    </div>
  );
}

/** One tool_use's input in the JSON editor, checked against the offered tool's schema; only a JSON object is taken. */
function ToolUseInput({ toolUse, schema, onInput }: { toolUse: JsonObject; schema: unknown; onInput: (input: JsonObject) => void }) {
  const name = typeof toolUse.name === 'string' ? toolUse.name : '(unnamed)';
  const [text, setText] = useState(() => JSON.stringify(toolUse.input ?? {}, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const change = (next: string) => {
    setText(next);
    let value: unknown;
    try {
      value = JSON.parse(next);
    } catch (error) {
      setProblem(`Not JSON yet (${error instanceof Error ? error.message : String(error)}); the reply keeps the last valid input.`);
      return;
    }
    if (!isObject(value)) {
      setProblem('A tool’s input is a JSON object, e.g. {"city": "Lyon"}; the reply keeps the last valid input.');
      return;
    }
    setProblem(null);
    onInput(value);
  };
  return (
    <div className="reply-form__tool-use-input">
      <JsonEditor value={text} onChange={change} schema={isObject(schema) ? schema : EMPTY_INPUT_SCHEMA} label={`Input of ${name}`} />
      {problem && <p className="form-error">{problem}</p>}
    </div>
  );
}

const EMPTY_INPUT_SCHEMA: JsonObject = {};
