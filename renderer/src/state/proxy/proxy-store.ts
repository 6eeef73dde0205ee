import { create } from 'zustand';
import type { InterceptRule, PausedMessage, ProxiedSession } from '../../../../shared/proxy';

/** Decided messages kept in the window, past which the oldest go (the core keeps its own bounded history). */
const MAX_DECIDED_SHOWN = 200;

/** The window's mirror of the core's proxy state: proxied sessions, intercept rules, paused messages. */
interface ProxyState {
  /** By id, in the order the core listed or first announced them. */
  sessions: Record<string, ProxiedSession>;
  paused: Record<string, PausedMessage>;
  rules: InterceptRule[];
  /** The proxied card the person selected (its traffic is shown in the log). */
  selectedSessionId: string | null;

  resetSessions: (sessions: ProxiedSession[]) => void;
  applySession: (session: ProxiedSession) => void;
  resetPaused: (messages: PausedMessage[]) => void;
  applyPaused: (message: PausedMessage) => void;
  setRules: (rules: InterceptRule[]) => void;
  selectSession: (id: string | null) => void;
}

function byId<T extends { id: string }>(items: readonly T[]): Record<string, T> {
  return Object.fromEntries(items.map((item) => [item.id, item]));
}

/** Keeps every paused message and the newest decided ones. */
function trimDecided(messages: Record<string, PausedMessage>): Record<string, PausedMessage> {
  const decided = Object.values(messages).filter((message) => message.status !== 'paused');
  if (decided.length <= MAX_DECIDED_SHOWN) return messages;
  const dropped = new Set(decided.slice(0, decided.length - MAX_DECIDED_SHOWN).map((message) => message.id));
  return Object.fromEntries(Object.entries(messages).filter(([id]) => !dropped.has(id)));
}

export const useProxyStore = create<ProxyState>()((set) => ({
  sessions: {},
  paused: {},
  rules: [],
  selectedSessionId: null,

  resetSessions: (sessions) => set({ sessions: byId(sessions) }),
  applySession: (session) => set((state) => ({ sessions: { ...state.sessions, [session.id]: session } })),
  resetPaused: (messages) => set({ paused: trimDecided(byId(messages)) }),
  applyPaused: (message) => set((state) => ({ paused: trimDecided({ ...state.paused, [message.id]: message }) })),
  setRules: (rules) => set({ rules }),
  selectSession: (selectedSessionId) => set({ selectedSessionId }),
}));

/** The messages waiting for a decision, oldest first. */
export function pausedNow(messages: Record<string, PausedMessage>): PausedMessage[] {
  return Object.values(messages)
    .filter((message) => message.status === 'paused')
    .sort((a, b) => a.pausedAt - b.pausedAt);
}

/** The proxied sessions' names by their traffic `serverId`, for the log's Server column and `server:` filter. */
export function proxiedServerNames(sessions: Record<string, ProxiedSession>): Array<[string, string]> {
  return Object.values(sessions).map((session) => [session.serverId, session.name]);
}
