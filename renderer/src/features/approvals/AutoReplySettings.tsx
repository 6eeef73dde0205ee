import { useState, type FormEvent } from 'react';
import type { AutoReplyRule } from '../../../../shared/approvals';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { Field } from '../../ui/Field';
import { PencilIcon, TrashIcon } from '../../ui/icons';
import { useServersStore } from '../../state/servers';
import { reloadSamplingLibrary } from '../../state/approvals/approvals-sync';
import { useApprovalsStore } from '../../state/approvals/approvals-store';
import { resultPreview } from './sampling-reply';
import { TemplateEditor } from './TemplateEditor';

const ANY_SERVER = '';

/** Sampling templates, and the rules that answer sampling with them automatically (off unless switched on). */
export function AutoReplySettings() {
  const api = getApi();
  const templates = useApprovalsStore((state) => state.templates);
  const rules = useApprovalsStore((state) => state.rules);
  const servers = useServersStore((state) => state.servers);
  const [problem, setProblem] = useState<string | null>(null);
  /** Switches flipped but not yet saved: shown at once, so the checkbox does not bounce back meanwhile. */
  const [flipping, setFlipping] = useState<Record<string, boolean>>({});
  const [editing, setEditing] = useState<string | null>(null);

  const run = async (what: string, action: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await action();
      await reloadSamplingLibrary();
    } catch (failure) {
      setProblem(`Could not ${what}: ${errorMessage(failure)}`);
    }
  };

  const serverName = (serverId: string | undefined) =>
    serverId === undefined ? 'any server' : (servers.find((server) => server.id === serverId)?.name ?? `a removed server (${serverId})`);
  const templateName = (templateId: string) => templates.find((template) => template.id === templateId)?.name;

  const setEnabled = async (rule: AutoReplyRule, enabled: boolean) => {
    setFlipping((current) => ({ ...current, [rule.id]: enabled }));
    await run(enabled ? 'enable the rule' : 'disable the rule', () => api.invoke('sampling.rules.save', { ...rule, enabled }));
    setFlipping((current) => {
      const rest = { ...current };
      delete rest[rule.id];
      return rest;
    });
  };

  return (
    <div className="auto-reply">
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <section className="approval-section" aria-label="Auto-reply rules">
        <h3 className="approval-section__title">Auto-reply rules</h3>
        <p className="muted">
          An enabled rule answers every sampling request from its server with its template, without asking. Rules are off until you
          enable them; the history marks each request a rule answered.
        </p>
        {rules.length === 0 ? (
          <p className="muted">No rules.</p>
        ) : (
          <ul className="rule-list">
            {rules.map((rule) => {
              const template = templateName(rule.templateId);
              const enabled = flipping[rule.id] ?? rule.enabled;
              return (
                <li key={rule.id} className={`rule ${enabled && template ? 'rule--active' : ''}`}>
                  <label className="rule__toggle">
                    <input
                      type="checkbox"
                      checked={enabled}
                      aria-label={`Rule “${rule.name}” enabled`}
                      onChange={(event) => void setEnabled(rule, event.target.checked)}
                    />
                    <span className="rule__name">{rule.name}</span>
                  </label>
                  <span className="rule__what">
                    answers {serverName(rule.serverId)} with {template ? `“${template}”` : <em>a deleted template (does nothing)</em>}
                  </span>
                  <span className={`approval-status ${enabled && template ? 'approval-status--approved' : 'approval-status--dismissed'}`}>
                    {enabled && template ? 'On' : 'Off'}
                  </span>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete rule “${rule.name}”`}
                    title="Delete rule"
                    onClick={() => void run('delete the rule', () => api.invoke('sampling.rules.remove', { id: rule.id }))}
                  >
                    <TrashIcon />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {templates.length > 0 ? (
          <NewRuleForm
            templates={templates.map((template) => ({ id: template.id, name: template.name }))}
            servers={servers.map((server) => ({ id: server.id, name: server.name }))}
            onSave={(rule) => run('add the rule', () => api.invoke('sampling.rules.save', rule))}
          />
        ) : (
          <p className="muted">A rule needs a template: save one from a sampling reply first (“Save as template…”).</p>
        )}
      </section>

      <section className="approval-section" aria-label="Sampling templates">
        <h3 className="approval-section__title">Templates ({templates.length})</h3>
        {templates.length === 0 ? (
          <p className="muted">No templates yet. Compose a reply to a sampling request and choose “Save as template…”.</p>
        ) : (
          <ul className="template-list">
            {templates.map((template) =>
              editing === template.id ? (
                <li key={template.id} className="template template--editing">
                  <TemplateEditor
                    template={template}
                    onCancel={() => setEditing(null)}
                    onSave={async (edited) => {
                      await api.invoke('sampling.templates.save', edited);
                      await reloadSamplingLibrary();
                      setEditing(null);
                    }}
                  />
                </li>
              ) : (
                <li key={template.id} className="template">
                  <span className="template__name">{template.name}</span>
                  <span className="template__preview">{resultPreview(template.result)}</span>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Edit template “${template.name}”`}
                    title="Edit template"
                    onClick={() => setEditing(template.id)}
                  >
                    <PencilIcon />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete template “${template.name}”`}
                    title="Delete template"
                    onClick={() => void run('delete the template', () => api.invoke('sampling.templates.remove', { id: template.id }))}
                  >
                    <TrashIcon />
                  </button>
                </li>
              ),
            )}
          </ul>
        )}
      </section>
    </div>
  );
}

interface NewRuleProps {
  templates: Array<{ id: string; name: string }>;
  servers: Array<{ id: string; name: string }>;
  onSave: (rule: Omit<AutoReplyRule, 'id'>) => Promise<void>;
}

function NewRuleForm({ templates, servers, onSave }: NewRuleProps) {
  const [name, setName] = useState('');
  const [serverId, setServerId] = useState(ANY_SERVER);
  const [templateId, setTemplateId] = useState(templates[0]?.id ?? '');
  const [enabled, setEnabled] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosenTemplate = templates.find((template) => template.id === templateId) ?? templates[0];
    if (!chosenTemplate) return;
    const ruleName = name.trim() || `${chosenTemplate.name} for ${servers.find((server) => server.id === serverId)?.name ?? 'any server'}`;
    if (!ruleName) return setError('Name the rule.');
    setError(undefined);
    await onSave({ name: ruleName, enabled, templateId: chosenTemplate.id, ...(serverId !== ANY_SERVER ? { serverId } : {}) });
    setName('');
    setEnabled(false);
  };

  return (
    <form className="new-rule" aria-label="New auto-reply rule" onSubmit={(event) => void submit(event)} noValidate>
      <Field label="Rule name" error={error}>
        {(props) => <input {...props} className="input input--small" placeholder="(optional)" value={name} onChange={(event) => setName(event.target.value)} />}
      </Field>
      <Field label="Server">
        {(props) => (
          <select {...props} className="input input--small" value={serverId} onChange={(event) => setServerId(event.target.value)}>
            <option value={ANY_SERVER}>Any server</option>
            {servers.map((server) => (
              <option key={server.id} value={server.id}>
                {server.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Template">
        {(props) => (
          <select {...props} className="input input--small" value={templateId} onChange={(event) => setTemplateId(event.target.value)}>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="new-rule__enabled">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} /> Enable now
      </label>
      <button type="submit" className="button button--small">
        Add rule
      </button>
    </form>
  );
}
