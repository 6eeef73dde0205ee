import { useId, useState, type FormEvent } from 'react';
import type { PromptArgumentInfo, PromptInfo } from '../../../../shared/mcp';
import { prettyJson } from '../../ui/json';
import { completionContext } from '../../ui/completion/completion-sequencer';
import { CompletionInput } from '../../ui/completion/CompletionInput';
import { ItemIcon } from '../../ui/item-icon/ItemIcon';
import { useCompletion } from '../../ui/completion/use-completion';
import { argumentsToSend, missingRequired } from './prompt-messages';
import { PromptResultView } from './PromptResultView';
import { promptsSlots } from './slots';
import { promptKey, usePromptsStore } from './prompts-store';
import { revealInvisible } from '../../../../shared/reveal-invisible';

const EMPTY: Record<string, string> = {};

/** Short values on one line, long ones pretty-printed. */
function extraValueText(value: unknown): string {
  const compact = JSON.stringify(value);
  return compact !== undefined && compact.length <= 80 ? compact : prettyJson(value);
}

interface Props {
  serverId: string;
  prompt: PromptInfo;
  connected: boolean;
  completions: boolean;
}

/** A prompt: its argument form (with the server's completions) and the messages `prompts/get` returns. */
export function PromptDetail({ serverId, prompt, connected, completions }: Props) {
  const key = promptKey(serverId, prompt.name);
  const values = usePromptsStore((state) => state.argumentValues[key] ?? EMPTY);
  const get = usePromptsStore((state) => state.gets[key]);
  const [missing, setMissing] = useState<string[]>([]);
  const formId = useId();
  const getting = get?.status === 'getting';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!connected || getting) return;
    const empty = missingRequired(values, prompt.arguments);
    setMissing(empty);
    if (empty.length > 0) {
      document.getElementById(`${formId}-${prompt.arguments.findIndex((argument) => argument.name === empty[0])}`)?.focus();
      return;
    }
    const names = prompt.arguments.map((argument) => argument.name);
    void usePromptsStore.getState().get(serverId, prompt.name, argumentsToSend(values, names));
  };

  const title = prompt.title?.trim() ? prompt.title : undefined;
  return (
    <div className="detail-card">
      <header className="detail-card__header">
        <ItemIcon icons={prompt.icons} />
        <h3 className="detail-card__name">{revealInvisible(title ?? prompt.name)}</h3>
        {title && title !== prompt.name && <span className="detail-card__secondary">{prompt.name}</span>}
      </header>
      {prompt.description && <p className="detail-card__description">{prompt.description}</p>}

      <form className="prompt-form" aria-label="Prompt arguments" onSubmit={submit} noValidate>
        {prompt.arguments.length === 0 && <p className="muted">This prompt takes no arguments.</p>}
        {prompt.arguments.map((argument, index) => (
          <PromptArgumentField
            key={`${index}:${argument.name}`}
            id={`${formId}-${index}`}
            serverId={serverId}
            promptName={prompt.name}
            argument={argument}
            values={values}
            completions={completions && connected}
            missing={missing.includes(argument.name)}
            onChange={(value) => {
              usePromptsStore.getState().setArgument(serverId, prompt.name, argument.name, value);
              if (missing.includes(argument.name)) setMissing(missing.filter((name) => name !== argument.name));
            }}
          />
        ))}
        <div className="prompt-form__actions">
          <button type="submit" className="button button--primary" disabled={!connected || getting}>
            Get prompt
          </button>
          <button
            type="button"
            className="button button--small"
            title="Keep this prompt get, with these arguments, as a request file in a collection"
            onClick={() => {
              const names = prompt.arguments.map((argument) => argument.name);
              promptsSlots.saveAsRequest.get()({ kind: 'request', action: { prompt: prompt.name, arguments: argumentsToSend(values, names) } });
            }}
          >
            Save as request…
          </button>
          {!connected && <span className="field__hint">Connect the server to get this prompt.</span>}
          {connected && !completions && prompt.arguments.length > 0 && <span className="field__hint">This server offers no completions.</span>}
        </div>
      </form>

      {get && <PromptResultView serverId={serverId} get={get} />}
    </div>
  );
}

interface FieldProps {
  id: string;
  serverId: string;
  promptName: string;
  argument: PromptArgumentInfo;
  values: Record<string, string>;
  completions: boolean;
  missing: boolean;
  onChange: (value: string) => void;
}

function PromptArgumentField({ id, serverId, promptName, argument, values, completions, missing, onChange }: FieldProps) {
  const completion = useCompletion(serverId, { type: 'ref/prompt', name: promptName }, argument.name, completions);
  const title = argument.title?.trim() ? argument.title : undefined;
  const hintId = `${id}-hint`;
  const extraId = `${id}-extra`;
  const errorId = `${id}-error`;
  const describedBy = [argument.description ? hintId : null, argument.extra ? extraId : null, missing ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field prompt-field">
      <label className="field__label" htmlFor={id}>
        {title ?? argument.name}
        {title && title !== argument.name && <span className="prompt-field__name"> {argument.name}</span>}
        {argument.required ? (
          <span className="prompt-field__required"> (required)</span>
        ) : (
          <span className="prompt-field__optional"> (optional)</span>
        )}
      </label>
      <CompletionInput
        id={id}
        value={values[argument.name] ?? ''}
        onChange={onChange}
        completion={completions ? completion : null}
        context={() => completionContext(values, argument.name)}
        required={argument.required === true}
        invalid={missing}
        describedBy={describedBy || undefined}
      />
      {argument.description && (
        <p id={hintId} className="field__hint">
          {argument.description}
        </p>
      )}
      {argument.extra && (
        <div id={extraId} className="prompt-field__extra" role="note">
          <p className="prompt-field__extra-title">Fields not in the MCP schema</p>
          <dl className="prompt-field__extra-list">
            {Object.entries(argument.extra).map(([name, value]) => (
              <div key={name} className="prompt-field__extra-row">
                <dt>{name}</dt>
                <dd>{extraValueText(value)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {missing && (
        <p id={errorId} className="field-error">
          Enter a value for {argument.name}: the prompt requires it.
        </p>
      )}
    </div>
  );
}
