import { memo, useMemo, useState } from 'react';
import type { ChatContextTurn, ChatTurn } from '../../../../shared/chat';
import { errorMessage } from '../../bridge/bridge-error';
import { formatDuration } from '../../ui/format';
import { restartConversation } from './chat-actions';
import { argumentsText, contextText, MAX_SHOWN_CHARS, toolResultText } from './turn-text';
import { AlertText } from '../../ui/AlertText';
import { ChatToolApp } from './ChatToolApp';
import { ChatText } from './ChatText';
import { revealInvisible } from '../../../../shared/reveal-invisible';

interface Props {
  conversationId: string;
  turn: ChatTurn;
  /** Start again from here is offered (not while the conversation runs, nor in a Compare column). */
  canRestart: boolean;
}

/**
 * One turn of the transcript, its content as text; "Start again from here" makes a new conversation from it.
 * A turn changes only when its own event arrives, so the others are not drawn again as the model streams.
 */
export const TurnView = memo(function TurnView({ conversationId, turn, canRestart }: Props) {
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
});

function turnName(turn: ChatTurn): string {
  switch (turn.type) {
    case 'user':
      return 'You';
    case 'assistant':
      return `Model, step ${turn.step}`;
    case 'tool':
      return `Tool ${revealInvisible(turn.tool)}`;
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
          <ChatText text={turn.text} notKept={turn.textNotKept} label={`Your message, turn ${turn.index + 1}`} />
        </>
      );
    case 'assistant':
      return (
        <>
          <span className="chat-turn__who">
            {revealInvisible(turn.modelName ?? turn.model.modelId)} · step {turn.step} · {formatDuration(turn.durationMs)}
            {turn.usage.totalTokens !== undefined ? ` · ${turn.usage.totalTokens.toLocaleString('en-US')} tokens` : ''}
          </span>
          <ChatText text={turn.text} notKept={turn.textNotKept} label={`The model's answer, turn ${turn.index + 1}`} />
          {turn.toolCalls.map((call) => (
            <p key={call.toolCallId} className="chat-turn__call mono">
              calls {revealInvisible(call.tool)}({argumentsText(call.arguments)})
            </p>
          ))}
          {turn.failure && <p className="form-error">{revealInvisible(turn.failure)}</p>}
        </>
      );
    case 'tool':
      return (
        <>
          <span className="chat-turn__who">
            {revealInvisible(turn.tool)} · {turn.status}
            {turn.edited ? ' (edited)' : ''}
            {turn.durationMs !== undefined ? ` · ${formatDuration(turn.durationMs)}` : ''}
          </span>
          <p className="chat-turn__call mono">with {argumentsText(turn.arguments)}</p>
          {turn.failure !== undefined ? <p className="chat-turn__text mono">{revealInvisible(turn.failure)}</p> : <LongText what="the result" source={turn.result} toText={toolResultText} />}
        </>
      );
    case 'context':
      return (
        <>
          <span className="chat-turn__who">
            Context from {revealInvisible(turn.serverName)}: {revealInvisible(contextSourceName(turn))}
          </span>
          <LongText what="the context" source={turn.content} toText={contextText} />
        </>
      );
    case 'notice':
      return <ChatText text={turn.text} notKept={turn.textNotKept} label={`Notice, turn ${turn.index + 1}`} />;
  }
}

/**
 * A tool result's or a context's text: its first MAX_SHOWN_CHARS characters, and "Show all" for
 * the rest (a conversation keeps a result whole up to 1 MB; the traffic log keeps all of it).
 * Long texts are shortened so that a long conversation lays out and scrolls quickly.
 */
function LongText<T>({ what, source, toText }: { what: string; source: T; toText: (source: T) => string }) {
  const text = useMemo(() => toText(source), [source, toText]);
  const [whole, setWhole] = useState(false);
  const long = text.length > MAX_SHOWN_CHARS;
  const shown = useMemo(() => revealInvisible(long && !whole ? `${text.slice(0, MAX_SHOWN_CHARS)}…` : text), [text, long, whole]);
  return (
    <>
      <p className="chat-turn__text mono">{shown}</p>
      {long && (
        <button type="button" className="link-button chat-turn__more" aria-expanded={whole} onClick={() => setWhole(!whole)}>
          {whole ? `Show less of ${what}` : `Show all of ${what} (${text.length.toLocaleString('en-US')} characters)`}
        </button>
      )}
    </>
  );
}

function contextSourceName(turn: ChatContextTurn): string {
  if (turn.source.kind === 'resource') return `resource ${turn.source.uri}`;
  const args = Object.entries(turn.source.arguments);
  return `prompt ${turn.source.name}${args.length > 0 ? ` (${args.map(([name, value]) => `${name}=${value}`).join(', ')})` : ''}`;
}
