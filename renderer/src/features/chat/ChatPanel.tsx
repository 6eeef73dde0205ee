import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ToolCallApproval } from '../../../../shared/approvals';
import type { ChatTurn } from '../../../../shared/chat';
import { NO_PROVIDER_SENTENCE } from '../../../../shared/models';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { useConnection } from '../../state/connections/connections-store';
import { modelChoices } from '../../state/models/model-choices';
import { modelLabel } from '../../state/models/model-labels';
import { useModelsStore } from '../../state/models/models-store';
import { fetchModelList } from '../../state/models/models-sync';
import { useServersStore } from '../../state/servers';
import { formatDuration } from '../../ui/format';
import { useChatStore } from './chat-store';
import { chatSlots } from './slots';
import { argumentsText, toolResultText } from './turn-text';
import './chat.css';

/** The transcript shows this many of the latest turns; the whole conversation is in the core and the traffic log. */
const SHOWN_TURNS = 200;

/** A minimal chat: a model uses the selected server's tools, each call waiting for the person's approval. */
export function ChatPanel() {
  const providers = useModelsStore((state) => state.providers);
  const loaded = useModelsStore((state) => state.loaded);
  if (!loaded) return <p className="empty-state">Loading the model providers…</p>;
  if (providers.length === 0) {
    return (
      <section className="chat" aria-label="Chat">
        <p className="empty-state">
          {NO_PROVIDER_SENTENCE}{' '}
          <button type="button" className="link-button" onClick={() => chatSlots.openModelsSettings.get()()}>
            Open Models settings
          </button>
        </p>
      </section>
    );
  }
  return <Chat />;
}

function Chat() {
  const providers = useModelsStore((state) => state.providers);
  const lists = useModelsStore((state) => state.lists);
  const serverId = useServersStore((state) => state.selectedServerId);
  const serverName = useServersStore((state) => state.servers.find((server) => server.id === state.selectedServerId)?.name);
  const connected = useConnection(serverId)?.status === 'connected';
  const conversation = useChatStore((state) => state.conversation);
  const streaming = useChatStore((state) => state.streaming);
  const ended = useChatStore((state) => state.ended);
  const toolCalls = useChatStore((state) => state.toolCalls);
  const choices = useMemo(() => modelChoices(providers, lists), [providers, lists]);
  const [picked, setPicked] = useState('0');
  const [ask, setAsk] = useState(true);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const turnsRef = useRef<HTMLOListElement>(null);

  // The transcript follows the conversation as it grows.
  useEffect(() => {
    const list = turnsRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [conversation?.turns, streaming]);

  useEffect(() => {
    for (const provider of providers) if (!useModelsStore.getState().lists[provider.id]) void fetchModelList(provider.id);
  }, [providers]);

  const running = conversation !== null && conversation.status !== 'idle';
  const pending = Object.values(toolCalls).filter((call) => call.status === 'pending' && call.conversationId === conversation?.id);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const model = choices[Number(picked)];
    if (!model) return setProblem('Pick a model: the provider lists none, so give it a default model in Models settings.');
    if (text.trim() === '') return;
    setProblem(null);
    try {
      const api = getApi();
      let current = conversation;
      const settings = { model, serverIds: serverId && connected ? [serverId] : [], askBeforeToolCalls: ask };
      if (!current) current = await api.invoke('chat.create', settings);
      else current = await api.invoke('chat.update', { conversationId: current.id, ...settings });
      useChatStore.getState().adopt(current);
      useChatStore.getState().adopt(await api.invoke('chat.send', { conversationId: current.id, text }));
      setText('');
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  const stop = () => {
    if (conversation) void getApi().invoke('chat.stop', { conversationId: conversation.id }).catch(() => {});
  };

  const turns = conversation?.turns ?? [];
  return (
    <section className="chat" aria-label="Chat">
      <div className="chat__settings">
        <label className="field__label" htmlFor="chat-model">
          Model
        </label>
        <select id="chat-model" className="input input--small chat__model" value={picked} disabled={running} onChange={(event) => setPicked(event.target.value)}>
          {choices.map((ref, index) => (
            <option key={`${ref.providerId}/${ref.modelId}`} value={String(index)}>
              {modelLabel(ref, providers)}
            </option>
          ))}
        </select>
        <label className="chat__ask">
          <input type="checkbox" checked={ask} disabled={running} onChange={(event) => setAsk(event.target.checked)} />
          Ask before each tool call
        </label>
        <span className="muted chat__tools-note">
          {serverName ? (connected ? `The model sees ${serverName}'s tools.` : `Connect ${serverName} to let the model use its tools.`) : 'Select a server to offer its tools.'}
        </span>
        <span className="panel-header__spacer" />
        <button type="button" className="button button--small" disabled={running || !conversation} onClick={() => useChatStore.getState().setConversation(null)}>
          New chat
        </button>
      </div>

      <ol ref={turnsRef} className="chat__turns" aria-label="Conversation">
        {turns.length > SHOWN_TURNS && <li className="muted">{turns.length - SHOWN_TURNS} earlier turns are not shown.</li>}
        {turns.slice(-SHOWN_TURNS).map((turn) => (
          <TurnView key={turn.index} turn={turn} />
        ))}
        {streaming && (
          <li className="chat-turn chat-turn--assistant" aria-label="Model (writing)">
            <span className="chat-turn__who">Model</span>
            <p className="chat-turn__text">{streaming}</p>
          </li>
        )}
      </ol>

      {pending.map((call) => (
        <ToolCallCard key={call.id} call={call} />
      ))}

      {ended && (
        <p className="form-error" role="alert">
          {ended}
        </p>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <form className="chat__composer" aria-label="Message" onSubmit={(event) => void send(event)}>
        <textarea
          className="input chat__input"
          aria-label="Message"
          rows={2}
          value={text}
          placeholder="Ask the model to use the server's tools…"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send(event);
          }}
        />
        {running ? (
          <button type="button" className="button" onClick={stop}>
            Stop
          </button>
        ) : (
          <button type="submit" className="button button--primary">
            Send
          </button>
        )}
      </form>
      {conversation && (
        <p className="field__hint" role="status">
          {conversation.status === 'idle' ? 'Ready' : conversation.status === 'running' ? 'The model is working…' : 'Waiting for your approval of a tool call.'} ·{' '}
          {(conversation.usage.totalTokens ?? 0).toLocaleString('en-US')} tokens
        </p>
      )}
    </section>
  );
}

function TurnView({ turn }: { turn: ChatTurn }) {
  switch (turn.type) {
    case 'user':
      return (
        <li className="chat-turn chat-turn--user" aria-label="You">
          <span className="chat-turn__who">You</span>
          <p className="chat-turn__text">{turn.text}</p>
        </li>
      );
    case 'assistant':
      return (
        <li className="chat-turn chat-turn--assistant" aria-label={`Model, step ${turn.step}`}>
          <span className="chat-turn__who">
            {turn.modelName ?? turn.model.modelId} · step {turn.step} · {formatDuration(turn.durationMs)}
          </span>
          {turn.text && <p className="chat-turn__text">{turn.text}</p>}
          {turn.toolCalls.map((call) => (
            <p key={call.toolCallId} className="chat-turn__call mono">
              calls {call.tool}({argumentsText(call.arguments)})
            </p>
          ))}
          {turn.failure && <p className="form-error">{turn.failure}</p>}
        </li>
      );
    case 'tool':
      return (
        <li className="chat-turn chat-turn--tool" aria-label={`Tool ${turn.tool}`}>
          <span className="chat-turn__who">
            {turn.tool} · {turn.status}
            {turn.edited ? ' (edited)' : ''}
            {turn.durationMs !== undefined ? ` · ${formatDuration(turn.durationMs)}` : ''}
          </span>
          <p className="chat-turn__text mono">{turn.failure ?? toolResultText(turn.result)}</p>
        </li>
      );
    case 'context':
      return (
        <li className="chat-turn" aria-label="Context">
          <span className="chat-turn__who">Context from {turn.serverName}</span>
        </li>
      );
    case 'notice':
      return (
        <li className={`chat-turn chat-turn--notice chat-turn--${turn.level}`} aria-label="Notice">
          <p className="chat-turn__text">{turn.text}</p>
        </li>
      );
  }
}

/** A tool call the model asked for: the person approves it as it is, or refuses it. */
function ToolCallCard({ call }: { call: ToolCallApproval }) {
  const [problem, setProblem] = useState<string | null>(null);
  const decide = async (decision: { action: 'approve' } | { action: 'refuse' }) => {
    try {
      useChatStore.getState().applyToolCall(await getApi().invoke('approvals.toolCalls.decide', { id: call.id, decision }));
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };
  return (
    <section className="chat-call" aria-label={`Tool call ${call.tool}`}>
      <p>
        The model wants to call <strong>{call.tool}</strong> on {call.serverName} with
      </p>
      <pre className="chat-call__args">{argumentsText(call.arguments)}</pre>
      {call.argumentsProblem && <p className="form-error">{call.argumentsProblem}</p>}
      <div className="chat-call__actions">
        <button type="button" className="button button--small button--primary" disabled={call.argumentsProblem !== undefined} onClick={() => void decide({ action: 'approve' })}>
          Approve call
        </button>
        <button type="button" className="button button--small" onClick={() => void decide({ action: 'refuse' })}>
          Refuse call
        </button>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
