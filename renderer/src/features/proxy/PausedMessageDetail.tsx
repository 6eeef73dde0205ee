import { useId, useState } from 'react';
import type { InterceptDecision, PausedMessage } from '../../../../shared/proxy';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { formatDuration } from '../../ui/format';
import { JsonText } from '../../ui/JsonText';
import { JsonEditor } from '../../ui/schema-form/JsonEditor';
import { editableText, oneLineText } from './edited-text';

const STATUS_WORDS: Record<PausedMessage['status'], string> = {
  paused: 'Paused',
  forwarded: 'Forwarded as it was',
  edited: 'Forwarded edited',
  answered: 'Answered here',
  dropped: 'Dropped',
  'timed-out': 'Forwarded when its time ran out',
  released: 'Let go (its proxy ended)',
};

export function pausedStatusWords(status: PausedMessage['status']): string {
  return STATUS_WORDS[status];
}

/** One paused message: its text as it came, and Forward, Edit and forward, Answer (client requests) and Drop. */
export function PausedMessageDetail({ message, sessionName, now }: { message: PausedMessage; sessionName: string; now: number }) {
  const [editing, setEditing] = useState<null | 'edit' | 'answer'>(null);
  // Filled when editing starts: a paused message may be megabytes, parsed only if the person edits it.
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const errorId = useId();
  const paused = message.status === 'paused';
  const from = message.direction === 'out' ? 'the client' : 'the server';
  const isRequest = message.direction === 'out' && /"id"\s*:/.test(message.text) && message.method !== undefined;

  const decide = async (decision: InterceptDecision) => {
    setSending(true);
    setProblem(null);
    try {
      await getApi().invoke('proxy.intercept.decide', { id: message.id, decision });
      setEditing(null);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  const sendEdited = () => {
    if (!editing) return;
    const line = oneLineText(text);
    if (!line.ok) setProblem(line.problem);
    else void decide({ action: editing, text: line.text });
  };
  const startEditing = (mode: 'edit' | 'answer') => {
    setText(mode === 'edit' ? editableText(message.text) : answerTemplate(message.text));
    setProblem(null);
    setEditing(mode);
  };

  return (
    <section className="paused-detail" aria-label={`Paused message ${message.method ?? ''} from ${from}`}>
      <header className="paused-detail__head">
        <strong>{message.method ?? 'Message'}</strong>
        <span className="muted">
          from {from} of {sessionName}
        </span>
        <span className="panel-header__spacer" />
        <span className={`paused-detail__status paused-detail__status--${message.status}`} role="status">
          {paused ? `Forwarded as it is in ${formatDuration(Math.max(0, message.deadline - now))}` : STATUS_WORDS[message.status]}
        </span>
      </header>
      {editing ? (
        <>
          <p className="muted">
            {editing === 'edit'
              ? `The edited message goes on to ${message.direction === 'out' ? 'the server' : 'the client'} in its place, written on one line.`
              : 'This response goes back to the client; the server never sees the request.'}
          </p>
          <JsonEditor value={text} onChange={setText} label={editing === 'edit' ? 'Edited message' : 'Answer'} onSubmit={sendEdited} {...(problem ? { describedBy: errorId } : {})} />
        </>
      ) : message.sentText !== undefined ? (
        <>
          <p className="muted">{message.status === 'answered' ? 'Answered with this response; the server never saw the request.' : `Edited: this went on to ${message.direction === 'out' ? 'the server' : 'the client'} in its place.`}</p>
          <JsonText text={message.sentText} label={message.status === 'answered' ? 'Answer as sent' : 'Message as forwarded, edited'} className="paused-detail__text" />
          <details>
            <summary>The message as it came</summary>
            <JsonText text={message.text} label="Paused message as it came" className="paused-detail__text" />
          </details>
        </>
      ) : (
        <JsonText text={message.text} label="Paused message as it came" className="paused-detail__text" />
      )}
      {problem && (
        <p id={errorId} className="field-error" role="alert">
          {problem}
        </p>
      )}
      {paused && (
        <div className="paused-detail__actions" role="group" aria-label="Decide">
          {editing ? (
            <>
              <button type="button" className="button button--primary button--small" disabled={sending} onClick={sendEdited}>
                {editing === 'edit' ? 'Forward edited' : 'Send answer'}
              </button>
              <button type="button" className="button button--small" disabled={sending} onClick={() => setEditing(null)}>
                Cancel editing
              </button>
            </>
          ) : (
            <>
              <button type="button" className="button button--primary button--small" disabled={sending} onClick={() => void decide({ action: 'forward' })}>
                Forward
              </button>
              <button type="button" className="button button--small" disabled={sending} onClick={() => startEditing('edit')}>
                Edit and forward
              </button>
              {isRequest && (
                <button type="button" className="button button--small" disabled={sending} onClick={() => startEditing('answer')}>
                  Answer
                </button>
              )}
              <button type="button" className="button button--danger button--small" disabled={sending} onClick={() => void decide({ action: 'drop' })}>
                Drop
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** A response to start an answer from: the request's id, an empty result. */
function answerTemplate(requestText: string): string {
  let id: unknown = null;
  try {
    const parsed = JSON.parse(requestText) as { id?: unknown };
    id = parsed.id ?? null;
  } catch {
    // Not JSON: the person writes the id.
  }
  return JSON.stringify({ jsonrpc: '2.0', id, result: {} }, null, 2);
}
