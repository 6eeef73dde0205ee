import { useId, useState, type FormEvent } from 'react';
import type { ChatContextSource } from '../../../../shared/chat';
import { errorMessage } from '../../bridge/bridge-error';
import { useServerList } from '../../state/lists/lists-store';
import { parseJsonObject } from '../../ui/json';
import { AlertText } from '../../ui/AlertText';

/** Names offered in the pickers' suggestions, at most. */
const MAX_SUGGESTIONS = 200;

interface Props {
  serverId: string;
  serverName: string;
  disabled: boolean;
  /** Adds the context to the conversation (creating it first when there is none yet). */
  onAdd: (serverId: string, source: ChatContextSource) => Promise<void>;
}

/** Context by hand: one of the server's resources (read) or prompts (got, with its arguments), added as a context turn. */
export function ContextForm({ serverId, serverName, disabled, onAdd }: Props) {
  const [kind, setKind] = useState<'resource' | 'prompt'>('resource');
  const [uri, setUri] = useState('');
  const [promptName, setPromptName] = useState('');
  const [promptArgs, setPromptArgs] = useState('{}');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resources = useServerList(serverId, 'resources');
  const prompts = useServerList(serverId, 'prompts');
  const ids = useId();

  const sourceOf = (): ChatContextSource | string => {
    if (kind === 'resource') return uri.trim() === '' ? 'Give the resource URI.' : { kind: 'resource', uri: uri.trim() };
    if (promptName.trim() === '') return 'Give the prompt name.';
    const parsed = parseJsonObject(promptArgs.trim() || '{}', 'prompt arguments', { plural: true });
    if (!parsed.ok) return parsed.problem;
    const notText = Object.entries(parsed.value).find(([, value]) => typeof value !== 'string');
    if (notText) return `The prompt argument "${notText[0]}" must be text (prompt arguments are strings).`;
    return { kind: 'prompt', name: promptName.trim(), arguments: parsed.value as Record<string, string> };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const source = sourceOf();
    if (typeof source === 'string') return setProblem(source);
    setProblem(null);
    setBusy(true);
    try {
      await onAdd(serverId, source);
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="chat__context" aria-label="Add context" onSubmit={(event) => void submit(event)}>
      <fieldset className="inline-choice">
        <legend className="muted">Add to the context from {serverName}:</legend>
        <label>
          <input type="radio" name={`${ids}-kind`} checked={kind === 'resource'} onChange={() => setKind('resource')} /> Resource
        </label>
        <label>
          <input type="radio" name={`${ids}-kind`} checked={kind === 'prompt'} onChange={() => setKind('prompt')} /> Prompt
        </label>
      </fieldset>
      {kind === 'resource' ? (
        <>
          <input className="input input--small chat__context-input" aria-label="Resource URI" list={`${ids}-resources`} placeholder="Resource URI" value={uri} onChange={(event) => setUri(event.target.value)} />
          <datalist id={`${ids}-resources`}>
            {resources?.items.slice(0, MAX_SUGGESTIONS).map((resource) => (
              <option key={resource.uri} value={resource.uri}>
                {resource.name}
              </option>
            ))}
          </datalist>
        </>
      ) : (
        <>
          <input className="input input--small chat__context-input" aria-label="Prompt name" list={`${ids}-prompts`} placeholder="Prompt name" value={promptName} onChange={(event) => setPromptName(event.target.value)} />
          <datalist id={`${ids}-prompts`}>
            {prompts?.items.slice(0, MAX_SUGGESTIONS).map((prompt) => (
              <option key={prompt.name} value={prompt.name} />
            ))}
          </datalist>
          <input className="input input--small mono chat__context-input" aria-label="Prompt arguments (JSON)" value={promptArgs} onChange={(event) => setPromptArgs(event.target.value)} />
        </>
      )}
      <button type="submit" className="button button--small" disabled={disabled || busy}>
        Add to context
      </button>
      <AlertText message={problem} className="chat__context-problem" />
    </form>
  );
}
