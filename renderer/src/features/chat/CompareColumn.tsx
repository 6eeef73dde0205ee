import type { ModelProvider } from '../../../../shared/models';
import { modelLabel } from '../../state/models/model-labels';
import type { ShownChat } from './chat-store';
import { ChatTranscript } from './ChatTranscript';
import { argumentsText } from './turn-text';
import { AlertText } from '../../ui/AlertText';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/** Listed at most in a column's "Tools called" (the transcript has them all). */
const MAX_LISTED_CALLS = 50;

/** One model's side of a Compare: its transcript, and which tools it called with which arguments. */
export function CompareColumn({ chat, providers }: { chat: ShownChat; providers: readonly ModelProvider[] }) {
  const { conversation } = chat;
  const name = modelLabel(conversation.settings.model, providers);
  const calls = conversation.turns.flatMap((turn) => (turn.type === 'assistant' ? turn.toolCalls : []));
  return (
    <section className="chat-compare__column" aria-label={`Answer of ${name}`}>
      <h3 className="chat-compare__title">{name}</h3>
      <ChatTranscript chat={chat} canRestart={false} label={`Conversation with ${name}`} />
      <div className="chat-compare__calls" role="group" aria-label={`Tools called by ${name}`}>
        <span className="muted">Tools called: {calls.length === 0 ? 'none' : calls.length}</span>
        {calls.length > 0 && (
          <ul>
            {calls.slice(0, MAX_LISTED_CALLS).map((call) => (
              <li key={call.toolCallId} className="mono">
                {revealInvisible(call.tool)}({argumentsText(call.arguments)})
              </li>
            ))}
          </ul>
        )}
      </div>
      <AlertText message={chat.ended ? revealInvisible(chat.ended) : null} />
      <p className="field__hint">
        {conversation.status === 'idle' ? 'Done' : conversation.status === 'running' ? 'The model is working…' : 'Waiting for your approval of a tool call.'} ·{' '}
        {(conversation.usage.totalTokens ?? 0).toLocaleString('en-US')} tokens
      </p>
    </section>
  );
}
