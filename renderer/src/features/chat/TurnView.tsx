import { useState } from 'react';
import type { ChatContextTurn, ChatTurn } from '../../../../shared/chat';
import { errorMessage } from '../../bridge/bridge-error';
import { formatDuration } from '../../ui/format';
import { restartConversation } from './chat-actions';
import { argumentsText, contextText, toolResultText } from './turn-text';
import { AlertText } from '../../ui/AlertText';
import { ChatToolApp } from './ChatToolApp';

interface Props {
  conversationId: string;
  turn: ChatTurn;
  /** Start again from here is offered (not while the conversation runs, nor in a Compare column). */
  canRestart: boolean;
}

/** One turn of the transcript, its content as text; "Start again from here" makes a new conversation from it. */
export function TurnView({ conversationId, turn, canRestart }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const restart = async (text?: string) => {
    setProblem(null);
    try {
      await restartConversation(conversationId, turn.index, text);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };
  const label = `Turn ${turn.index + 1}`;
  return (
    <li className={`chat-turn chat-turn--${turn.type} ${turn.type === 'notice' ? `chat-turn--${turn.level}` : ''}`} aria-label={`${turnName(turn)}, turn ${turn.index + 1}`}>
      <TurnBody turn={turn} />
      {turn.type === 'tool' && <ChatToolApp conversationId={conversationId} turn={turn} />}
      {editing !== null && (
        <form
          className="chat-turn__again"
          aria-label={`Start again from turn ${turn.index + 1}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (editing.trim() !== '') void restart(editing);
          }}
        >
          <textarea className="input" rows={2} aria-label="Message to send again" value={editing} onChange={(event) => setEditing(event.target.value)} />
          <div className="chat-turn__actions">
            <button type="submit" className="button button--small button--primary">
              Send again
            </button>
            <button type="button" className="button button--small" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {canRestart && editing === null && (
        <div className="chat-turn__actions">
          <button
            type="button"
            className="link-button"
            title={turn.type === 'user' ? 'A new conversation with the turns before this one; edit the message, then send it again' : 'A new conversation with the turns before this one; the model runs again from here'}
            aria-label={`Start again from here (${label})`}
            onClick={() => (turn.type === 'user' ? setEditing(turn.text) : void restart())}
          >
            Start again from here
          </button>
        </div>
      )}
      <AlertText message={problem} />
    </li>
  );
}

function turnName(turn: ChatTurn): string {
  switch (turn.type) {
    case 'user':
      return 'You';
    case 'assistant':
      return `Model, step ${turn.step}`;
    case 'tool':
      return `Tool ${turn.tool}`;
    case 'context':
      return 'Context';
    case 'notice':
      return 'Notice';
  }
}

function TurnBody({ turn }: { turn: ChatTurn }) {
  switch (turn.type) {
    case 'user':
      return (
        <>
          <span className="chat-turn__who">You</span>
          <p className="chat-turn__text">{turn.text}</p>
        </>
      );
    case 'assistant':
      return (
        <>
          <span className="chat-turn__who">
            {turn.modelName ?? turn.model.modelId} · step {turn.step} · {formatDuration(turn.durationMs)}
            {turn.usage.totalTokens !== undefined ? ` · ${turn.usage.totalTokens.toLocaleString('en-US')} tokens` : ''}
          </span>
          {turn.text && <p className="chat-turn__text">{turn.text}</p>}
          {turn.toolCalls.map((call) => (
            <p key={call.toolCallId} className="chat-turn__call mono">
              calls {call.tool}({argumentsText(call.arguments)})
            </p>
          ))}
          {turn.failure && <p className="form-error">{turn.failure}</p>}
        </>
      );
    case 'tool':
      return (
        <>
          <span className="chat-turn__who">
            {turn.tool} · {turn.status}
            {turn.edited ? ' (edited)' : ''}
            {turn.durationMs !== undefined ? ` · ${formatDuration(turn.durationMs)}` : ''}
          </span>
          <p className="chat-turn__call mono">with {argumentsText(turn.arguments)}</p>
          <p className="chat-turn__text mono">{turn.failure ?? toolResultText(turn.result)}</p>
        </>
      );
    case 'context':
      return (
        <>
          <span className="chat-turn__who">
            Context from {turn.serverName}: {contextSourceName(turn)}
          </span>
          <p className="chat-turn__text mono">{contextText(turn.content)}</p>
        </>
      );
    case 'notice':
      return <p className="chat-turn__text">{turn.text}</p>;
  }
}

function contextSourceName(turn: ChatContextTurn): string {
  if (turn.source.kind === 'resource') return `resource ${turn.source.uri}`;
  const args = Object.entries(turn.source.arguments);
  return `prompt ${turn.source.name}${args.length > 0 ? ` (${args.map(([name, value]) => `${name}=${value}`).join(', ')})` : ''}`;
}
