import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { ChatContextSource, ChatConversation } from '../../../../shared/chat';
import { NO_PROVIDER_SENTENCE, type ModelRef } from '../../../../shared/models';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { useConnection, useConnectionsStore } from '../../state/connections/connections-store';
import { modelChoices } from '../../state/models/model-choices';
import { modelLabel } from '../../state/models/model-labels';
import { useModelsStore } from '../../state/models/models-store';
import { fetchModelList } from '../../state/models/models-sync';
import { useServersStore } from '../../state/servers';
import { reloadConversations } from './chat-actions';
import { useChatStore } from './chat-store';
import { ChatTranscript } from './ChatTranscript';
import { CompareColumn } from './CompareColumn';
import { ContextForm } from './ContextForm';
import { ConversationActions } from './ConversationActions';
import { ConversationList } from './ConversationList';
import { OfferedServers } from './OfferedServers';
import { chatSlots } from './slots';
import { ToolCallCard } from './ToolCallCard';
import { pendingToolCalls, useToolCallsStore } from '../../state/approvals/tool-calls-store';
import './chat.css';
import { AlertText } from '../../ui/AlertText';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/** The chat: a model uses the selected server's tools, each call waiting for the person's approval; saved conversations; Compare. */
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
  const shown = useChatStore((state) => state.shown);
  const toolCalls = useToolCallsStore((state) => state.byId);
  const choices = useMemo(() => modelChoices(providers, lists), [providers, lists]);
  const [picked, setPicked] = useState('0');
  const [comparing, setComparing] = useState(false);
  const [pickedSecond, setPickedSecond] = useState('1');
  const [ask, setAsk] = useState(true);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    for (const provider of providers) if (!useModelsStore.getState().lists[provider.id]) void fetchModelList(provider.id);
  }, [providers]);

  const single = shown.length === 1 ? shown[0]! : null;
  const conversation = single?.conversation ?? null;
  // The servers whose tools the model sees: the selected one unless the person chose otherwise.
  const servers = useServersStore((state) => state.servers);
  const connections = useConnectionsStore((state) => state.byServer);
  const connectedServers = useMemo(() => servers.filter((server) => connections[server.id]?.status === 'connected'), [servers, connections]);
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const offered = useMemo(() => new Set(connectedServers.filter((server) => chosen[server.id] ?? server.id === serverId).map((server) => server.id)), [connectedServers, chosen, serverId]);
  // A conversation opened from the list brings back the servers it was offered.
  const [choicesOf, setChoicesOf] = useState<string | null>(null);
  if (conversation && conversation.id !== choicesOf) {
    setChoicesOf(conversation.id);
    setChosen(Object.fromEntries(connectedServers.map((server) => [server.id, conversation.settings.serverIds.includes(server.id)])));
  }
  const running = shown.some((chat) => chat.conversation.status !== 'idle');
  const shownIds = new Set(shown.map((chat) => chat.conversation.id));
  const pending = pendingToolCalls(toolCalls).filter((call) => shownIds.has(call.conversationId));
  const settings = () => ({ serverIds: [...offered], askBeforeToolCalls: ask });
  const model = (index: string): ModelRef | undefined => choices[Number(index)];

  const attempt = async (action: () => Promise<void>) => {
    setProblem(null);
    try {
      await action();
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  /** The conversation shown, with the settings chosen now (a new one when there is none). */
  const current = async (): Promise<ChatConversation> => {
    const chosen = model(picked);
    if (!chosen) throw new Error('Pick a model: the provider lists none, so give it a default model in Models settings.');
    const api = getApi();
    const updated = conversation
      ? await api.invoke('chat.update', { conversationId: conversation.id, model: chosen, ...settings() })
      : await api.invoke('chat.create', { model: chosen, ...settings() });
    useChatStore.getState().adopt(updated);
    return updated;
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' || running) return;
    void attempt(async () => {
      const api = getApi();
      if (comparing && shown.length !== 2) {
        const first = model(picked);
        const second = model(pickedSecond);
        if (!first || !second) throw new Error('Pick two models to compare.');
        useChatStore.getState().show(await api.invoke('chat.compare', { models: [first, second], text, ...settings() }));
      } else if (shown.length === 2) {
        for (const chat of shown) useChatStore.getState().adopt(await api.invoke('chat.send', { conversationId: chat.conversation.id, text }));
      } else {
        const target = await current();
        useChatStore.getState().adopt(await api.invoke('chat.send', { conversationId: target.id, text }));
      }
      setText('');
      await reloadConversations();
    });
  };

  const addContext = async (contextServerId: string, source: ChatContextSource) => {
    const target = await current();
    await getApi().invoke('chat.addContext', { conversationId: target.id, serverId: contextServerId, source });
    useChatStore.getState().adopt(await getApi().invoke('chat.get', { conversationId: target.id }));
    await reloadConversations();
  };

  const stop = () => {
    for (const chat of shown) {
      if (chat.conversation.status !== 'idle') void getApi().invoke('chat.stop', { conversationId: chat.conversation.id }).catch(() => {});
    }
  };

  const modelPicker = (id: string, label: string, value: string, onChange: (value: string) => void) => (
    <span className="chat__picker">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input input--small chat__model" value={value} disabled={running} onChange={(event) => onChange(event.target.value)}>
        {choices.map((ref, index) => (
          <option key={`${ref.providerId}/${ref.modelId}`} value={String(index)}>
            {modelLabel(ref, providers)}
          </option>
        ))}
      </select>
    </span>
  );

  return (
    <section className="chat" aria-label="Chat">
      <ConversationList busy={running} />
      <div className="chat__main">
        <div className="chat__settings" role="group" aria-label="Chat settings">
          {modelPicker('chat-model', comparing ? 'First model' : 'Model', picked, setPicked)}
          <label className="chat__ask">
            <input type="checkbox" checked={comparing} disabled={running || single !== null} onChange={(event) => setComparing(event.target.checked)} />
            Compare with a second model
          </label>
          {comparing && modelPicker('chat-model-second', 'Second model', pickedSecond, setPickedSecond)}
          <label className="chat__ask">
            <input type="checkbox" checked={ask} disabled={running} onChange={(event) => setAsk(event.target.checked)} />
            Ask before each tool call
          </label>
          <OfferedServers
            connected={connectedServers}
            offered={offered}
            disabled={running}
            onToggle={(id, on) => setChosen((current) => ({ ...current, [id]: on }))}
          />
          {single && <ConversationActions conversation={single.conversation} running={running} />}
        </div>

        {shown.length === 2 ? (
          <div className="chat-compare" role="group" aria-label="Compare">
            {shown.map((chat) => (
              <CompareColumn key={chat.conversation.id} chat={chat} providers={providers} />
            ))}
          </div>
        ) : single ? (
          <ChatTranscript key={single.conversation.id} chat={single} canRestart={!running} />
        ) : (
          <p className="muted chat__empty">
            {comparing
              ? 'Compare sends your message to both models at once and shows their answers side by side, with the tools each one called.'
              : 'Ask the model something; with a connected server selected, it can call that server’s tools, each call waiting for your approval.'}
          </p>
        )}

        {pending.map((call) => (
          <ToolCallCard key={call.id} call={call} />
        ))}

        <AlertText message={single?.ended ? revealInvisible(single.ended) : null} />
        <AlertText message={problem} />
        {serverId && serverName && connected && shown.length < 2 && !comparing && <ContextForm serverId={serverId} serverName={serverName} disabled={running} onAdd={addContext} />}
        <form className="chat__composer" aria-label="Message" onSubmit={send}>
          <textarea
            className="input chat__input"
            aria-label="Message"
            rows={2}
            value={text}
            placeholder={comparing && shown.length !== 2 ? 'Ask both models the same thing…' : 'Ask the model to use the server’s tools…'}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send(event);
            }}
          />
          {running ? (
            <button type="button" className="button" onClick={stop}>
              Stop
            </button>
          ) : (
            <button type="submit" className="button button--primary">
              {comparing && shown.length !== 2 ? 'Compare' : 'Send'}
            </button>
          )}
        </form>
        {single && (
          <p className="field__hint" role="status">
            {single.conversation.status === 'idle' ? 'Ready' : single.conversation.status === 'running' ? 'The model is working…' : 'Waiting for your approval of a tool call.'} ·{' '}
            {(single.conversation.usage.totalTokens ?? 0).toLocaleString('en-US')} tokens
          </p>
        )}
      </div>
    </section>
  );
}
