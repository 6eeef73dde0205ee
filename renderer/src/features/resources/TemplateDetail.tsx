import { useId, useMemo, useState, type FormEvent } from 'react';
import type { ResourceTemplateInfo } from '../../../../shared/mcp';
import { completionContext } from '../../ui/completion/completion-sequencer';
import { CompletionInput } from '../../ui/completion/CompletionInput';
import { ItemIcon } from '../../ui/item-icon/ItemIcon';
import { ResourceReadSection } from './ResourceReadSection';
import { resourceKey, useResourcesStore } from './resources-store';
import { useCompletion } from '../../ui/completion/use-completion';
import { expandUriTemplate, OPERATOR_MEANINGS, parseUriTemplate, variableExpressions, type TemplateOperator } from './uri-template';
import { revealInvisible } from '../../../../shared/reveal-invisible';

const EMPTY: Record<string, string> = {};

interface Expression {
  operator: TemplateOperator;
  source: string;
}
/** Operators whose variables may be left out of the URI (query and path parameters). */
const OPTIONAL_OPERATORS = new Set<TemplateOperator>(['?', '&', ';', '#']);

interface Props {
  serverId: string;
  template: ResourceTemplateInfo;
  connected: boolean;
  subscribable: boolean;
  completions: boolean;
}

/** A resource template: one field per URI variable (with the server's completions), the expanded URI, then its contents. */
export function TemplateDetail({ serverId, template, connected, subscribable, completions }: Props) {
  const key = resourceKey(serverId, template.uriTemplate);
  const values = useResourcesStore((state) => state.templateValues[key] ?? EMPTY);
  const readUri = useResourcesStore((state) => {
    const selection = state.selection[serverId];
    return selection?.kind === 'template' && selection.uriTemplate === template.uriTemplate ? selection.readUri : undefined;
  });
  const parsed = useMemo(() => parseUriTemplate(template.uriTemplate), [template.uriTemplate]);
  const expressions = useMemo(() => (parsed.ok ? variableExpressions(parsed.template) : new Map<string, Expression>()), [parsed]);
  const [missing, setMissing] = useState<string[]>([]);
  const formId = useId();

  const filled = useMemo(() => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')), [values]);
  const expanded = parsed.ok ? expandUriTemplate(parsed.template, filled) : template.uriTemplate;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.ok || !connected) return;
    const empty = parsed.template.variables.filter((name) => !filled[name] && !OPTIONAL_OPERATORS.has(expressions.get(name)?.operator ?? ''));
    setMissing(empty);
    if (empty.length > 0) {
      document.getElementById(`${formId}-${empty[0]}`)?.focus();
      return;
    }
    void useResourcesStore.getState().readFromTemplate(serverId, template.uriTemplate, expanded);
  };

  const title = template.title;
  return (
    <div className="detail-card">
      <header className="detail-card__header">
        <ItemIcon icons={template.icons} />
        <h3 className="detail-card__name">{revealInvisible(title || template.name)}</h3>
        {title && title !== template.name && <span className="detail-card__secondary">{revealInvisible(template.name)}</span>}
        <span className="resource-badge">template</span>
      </header>
      <code className="detail-card__uri" aria-label="URI template">
        {revealInvisible(template.uriTemplate)}
      </code>
      {template.description && <p className="detail-card__description">{template.description}</p>}
      {template.mimeType && (
        <div className="detail-card__meta">
          <span className="resource-badge">{template.mimeType}</span>
        </div>
      )}

      {!parsed.ok ? (
        <p className="outcome-failure" role="alert">
          This URI template is malformed: {parsed.message}
        </p>
      ) : (
        <form className="template-form" aria-label="Template variables" onSubmit={submit} noValidate>
          {parsed.template.variables.length === 0 && <p className="muted">This template has no variables.</p>}
          {parsed.template.variables.map((name) => (
            <TemplateVariableField
              key={name}
              id={`${formId}-${name}`}
              serverId={serverId}
              uriTemplate={template.uriTemplate}
              name={name}
              expression={expressions.get(name) ?? { operator: '', source: `{${name}}` }}
              values={values}
              completions={completions && connected}
              missing={missing.includes(name)}
              onChange={(value) => {
                useResourcesStore.getState().setTemplateValue(serverId, template.uriTemplate, name, value);
                if (missing.includes(name)) setMissing(missing.filter((other) => other !== name));
              }}
            />
          ))}
          <div className="template-form__uri">
            <span className="field__label">URI</span>
            <output className="template-form__expanded" aria-label="Expanded URI">
              {expanded}
            </output>
          </div>
          <div className="template-form__actions">
            <button type="submit" className="button button--primary" disabled={!connected}>
              Read resource
            </button>
            {!completions && connected && <span className="field__hint">This server offers no completions.</span>}
          </div>
        </form>
      )}

      {readUri !== undefined && (
        <div className="template-read">
          <p className="template-read__uri">
            Read <code>{revealInvisible(readUri)}</code>
          </p>
          <ResourceReadSection key={readUri} serverId={serverId} uri={readUri} connected={connected} subscribable={subscribable} />
        </div>
      )}
    </div>
  );
}

interface FieldProps {
  id: string;
  serverId: string;
  uriTemplate: string;
  name: string;
  expression: Expression;
  values: Record<string, string>;
  completions: boolean;
  missing: boolean;
  onChange: (value: string) => void;
}

function TemplateVariableField({ id, serverId, uriTemplate, name, expression, values, completions, missing, onChange }: FieldProps) {
  const completion = useCompletion(serverId, { type: 'ref/resource', uri: uriTemplate }, name, completions);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {name}
      </label>
      <CompletionInput
        id={id}
        value={values[name] ?? ''}
        onChange={onChange}
        completion={completions ? completion : null}
        context={() => completionContext(values, name)}
        invalid={missing}
        describedBy={missing ? `${hintId} ${errorId}` : hintId}
      />
      <p id={hintId} className="field__hint">
        Fills <code>{expression.source}</code>
        {OPERATOR_MEANINGS[expression.operator] && `: ${OPERATOR_MEANINGS[expression.operator]}`}
      </p>
      {missing && (
        <p id={errorId} className="field-error">
          Enter a value for {name}.
        </p>
      )}
    </div>
  );
}
