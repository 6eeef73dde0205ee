import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ToolInfo } from '../../../../shared/mcp';
import { useApi } from '../../bridge/api-context';
import { PlayIcon } from '../../ui/icons';
import { argumentSkeleton, parseArguments, summarizeProperties } from './input-schema';
import { ToolResultView } from './ToolResultView';
import { toolKey, useToolsStore } from './tools-store';

function annotationBadges(tool: ToolInfo): string[] {
  const hints = tool.annotations ?? {};
  const badges: string[] = [];
  if (hints.readOnlyHint) badges.push('read-only');
  if (hints.destructiveHint) badges.push('destructive');
  if (hints.idempotentHint) badges.push('idempotent');
  if (hints.openWorldHint) badges.push('open world');
  return badges;
}

interface Props {
  serverId: string;
  tool: ToolInfo;
  connected: boolean;
}

export function ToolDetail({ serverId, tool, connected }: Props) {
  const api = useApi();
  const key = toolKey(serverId, tool.name);
  const draft = useToolsStore((state) => state.drafts[key]);
  const run = useToolsStore((state) => state.runs[key]);
  const setDraft = useToolsStore((state) => state.setDraft);
  const skeleton = useMemo(() => argumentSkeleton(tool.inputSchema), [tool.inputSchema]);
  const properties = useMemo(() => summarizeProperties(tool.inputSchema), [tool.inputSchema]);
  const text = draft ?? skeleton;
  const [argsError, setArgsError] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const running = run?.status === 'running';
  const title = tool.title ?? tool.annotations?.title;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!connected || running) return;
    const parsed = parseArguments(text);
    if (!parsed.ok) {
      setArgsError(parsed.message);
      textareaRef.current?.focus();
      return;
    }
    setArgsError(null);
    void useToolsStore.getState().run(api, serverId, tool.name, parsed.value);
  };

  const onEditorKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="tool-detail">
      <header className="tool-detail__header">
        <h3 className="tool-detail__name">{tool.name}</h3>
        {title && title !== tool.name && <span className="tool-detail__title">{title}</span>}
        {annotationBadges(tool).map((badge) => (
          <span key={badge} className={`hint-badge hint-badge--${badge.replace(' ', '-')}`}>
            {badge}
          </span>
        ))}
      </header>
      {tool.description && <p className="tool-detail__description">{tool.description}</p>}

      <form className="tool-form" onSubmit={submit} noValidate>
        <div className="tool-form__editor">
          <label className="field__label" htmlFor={`${id}-args`}>
            Arguments
          </label>
          <textarea
            ref={textareaRef}
            id={`${id}-args`}
            className="input input--mono tool-form__textarea"
            value={text}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            rows={Math.min(12, Math.max(4, text.split('\n').length + 1))}
            aria-invalid={argsError ? true : undefined}
            aria-describedby={argsError ? `${id}-args-error` : undefined}
            onChange={(event) => {
              setDraft(serverId, tool.name, event.target.value);
              if (argsError) setArgsError(null);
            }}
            onKeyDown={onEditorKeyDown}
          />
          {argsError && (
            <p id={`${id}-args-error`} className="field-error" role="alert">
              {argsError}
            </p>
          )}
        </div>
        {properties.length > 0 && (
          <div className="tool-form__schema">
            <h4 className="field__label">Properties</h4>
            <ul className="property-list">
              {properties.map((property) => (
                <li key={property.name} className="property">
                  <code className="property__name">{property.name}</code>
                  <span className="property__type">{property.type}</span>
                  {property.required && <span className="property__required">required</span>}
                  {property.description && <span className="property__description">{property.description}</span>}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="tool-form__actions">
          <button type="submit" className="button button--primary" disabled={!connected || running}>
            <PlayIcon /> Run tool
          </button>
          <span className="field__hint">
            {connected ? (
              <>
                or <kbd>Ctrl</kbd>+<kbd>Enter</kbd> in the editor
              </>
            ) : (
              'Connect the server to run this tool.'
            )}
          </span>
        </div>
      </form>

      {run && <ToolResultView run={run} onCancel={() => void useToolsStore.getState().cancel(api, serverId, tool.name)} />}
    </div>
  );
}
