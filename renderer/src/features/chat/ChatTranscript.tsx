import { useEffect, useRef } from 'react';
import type { ShownChat } from './chat-store';
import { TurnView } from './TurnView';
import { INLINE_CHAT_TEXT_CHARS } from './ChatText';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/** The transcript shows this many of the latest turns; the whole conversation is in the core and the traffic log. */
const SHOWN_TURNS = 200;

/**
 * The text the model is writing, until its turn arrives: its start only, so that a long answer
 * does not lay out again with every piece (the turn shows all of what is kept).
 */
function StreamingText({ text }: { text: string }) {
  const long = text.length > INLINE_CHAT_TEXT_CHARS;
  return (
    <li className="chat-turn chat-turn--assistant" aria-label="Model (writing)">
      <span className="chat-turn__who">Model{long ? ` · ${text.length.toLocaleString('en-US')} characters so far` : ''}</span>
      <p className="chat-turn__text">{revealInvisible(long ? `${text.slice(0, INLINE_CHAT_TEXT_CHARS)}…` : text)}</p>
    </li>
  );
}

/** One conversation's turns, then the text the model is writing; follows the conversation as it grows. */
export function ChatTranscript({ chat, canRestart, label = 'Conversation' }: { chat: ShownChat; canRestart: boolean; label?: string }) {
  const turnsRef = useRef<HTMLOListElement>(null);
  const turns = chat.conversation.turns;
  useEffect(() => {
    const list = turnsRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [turns, chat.streaming]);
  return (
    <ol ref={turnsRef} className="chat__turns" aria-label={label}>
      {turns.length > SHOWN_TURNS && <li className="muted">{turns.length - SHOWN_TURNS} earlier turns are not shown.</li>}
      {turns.slice(-SHOWN_TURNS).map((turn) => (
        <TurnView key={turn.index} conversationId={chat.conversation.id} turn={turn} canRestart={canRestart} />
      ))}
      {chat.streaming && <StreamingText text={chat.streaming} />}
    </ol>
  );
}
