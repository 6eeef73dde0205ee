import { useState } from 'react';
import type { ChatConversation } from '../../../../shared/chat';
import { errorMessage } from '../../bridge/bridge-error';
import { exportConversation, removeConversation, saveConversation } from './chat-actions';
import { AlertText } from '../../ui/AlertText';

/** Save, Export JSON and Remove for the conversation shown (Remove asks once more). */
export function ConversationActions({ conversation, running }: { conversation: ChatConversation; running: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = (action: () => Promise<void>) => {
    setProblem(null);
    action().catch((failure: unknown) => setProblem(errorMessage(failure)));
  };
  return (
    <div className="chat__actions" role="group" aria-label="Conversation actions">
      <span className="chat__title" title={conversation.title}>
        {conversation.title}
        {conversation.saved ? ' · saved' : ''}
      </span>
      <button type="button" className="button button--small" disabled={running} onClick={() => attempt(() => saveConversation(conversation.id))}>
        {conversation.saved ? 'Save again' : 'Save'}
      </button>
      <button type="button" className="button button--small" onClick={() => attempt(() => exportConversation(conversation.id, conversation.title))}>
        Export JSON
      </button>
      {confirming ? (
        <>
          <button type="button" className="button button--small button--danger" onClick={() => attempt(() => removeConversation(conversation.id))}>
            Remove for good
          </button>
          <button type="button" className="button button--small" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </>
      ) : (
        <button type="button" className="button button--small" onClick={() => setConfirming(true)}>
          Remove
        </button>
      )}
      <AlertText message={problem} />
    </div>
  );
}
