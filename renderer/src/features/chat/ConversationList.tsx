import { useEffect, useState } from 'react';
import type { ChatSummary } from '../../../../shared/chat';
import { errorMessage } from '../../bridge/bridge-error';
import { formatClockTime, plural } from '../../ui/format';
import { openConversation, reloadConversations } from './chat-actions';
import { useChatStore } from './chat-store';
import { AlertText } from '../../ui/AlertText';

/** The list shows this many of the latest conversations (the core keeps a bounded number too). */
const SHOWN_CONVERSATIONS = 200;

/** Saved and recent conversations: open one, or start a new chat. */
export function ConversationList({ busy }: { busy: boolean }) {
  const summaries = useChatStore((state) => state.summaries);
  const shownIds = useChatStore((state) => state.shown.map((chat) => chat.conversation.id).join(' '));
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    reloadConversations().catch((failure: unknown) => setProblem(errorMessage(failure)));
  }, []);

  const open = (summary: ChatSummary) => {
    setProblem(null);
    openConversation(summary.id).catch((failure: unknown) => setProblem(errorMessage(failure)));
  };

  return (
    <nav className="chat__list" aria-label="Conversations">
      <div className="chat__list-header">
        <h3 className="chat__list-title">Conversations</h3>
        <button type="button" className="button button--small" disabled={busy || shownIds === ''} onClick={() => useChatStore.getState().show([])}>
          New chat
        </button>
      </div>
      <AlertText message={problem} />
      {summaries.length === 0 ? (
        <p className="muted">No conversations yet. Send a message to start one; Save keeps it after Loupe closes.</p>
      ) : (
        <ul className="chat__list-items">
          {summaries.slice(0, SHOWN_CONVERSATIONS).map((summary) => (
            <li key={summary.id}>
              <button
                type="button"
                className={`chat__list-item ${shownIds.includes(summary.id) ? 'chat__list-item--shown' : ''}`}
                aria-current={shownIds.includes(summary.id) ? 'true' : undefined}
                aria-label={`Open ${summary.title}`}
                disabled={busy}
                onClick={() => open(summary)}
              >
                <span className="chat__list-name">{summary.title}</span>
                <span className="muted chat__list-meta">
                  {summary.model.modelId} · {plural(summary.turns, 'turn')} · {formatClockTime(summary.updatedAt)}
                  {summary.saved ? ' · saved' : ''}
                  {summary.compareId ? ' · compare' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {summaries.length > SHOWN_CONVERSATIONS && <p className="muted">{summaries.length - SHOWN_CONVERSATIONS} older conversations are not listed.</p>}
    </nav>
  );
}
