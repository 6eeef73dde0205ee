import type { InterceptRule, PausedMessage, ProxiedSession } from '../../../../shared/proxy';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { mirrorCoreState } from '../../bridge/mirror';
import { useNoticesStore } from '../notices';
import { useProxyStore } from './proxy-store';

/** Mirrors the proxied sessions, the paused messages and the intercept rules; returns a function that stops it. */
export function startProxySync(): () => void {
  const api = getApi();
  const store = () => useProxyStore.getState();
  const failed = (what: string) => (error: unknown) => useNoticesStore.getState().addLocal('error', `Could not load ${what}: ${errorMessage(error)}`);
  const stops = [
    mirrorCoreState<ProxiedSession[], ProxiedSession>(
      api,
      { load: () => api.invoke('proxy.sessions.list'), subscribe: (onChange) => api.on('proxy.sessions.changed', onChange) },
      { reset: (sessions) => store().resetSessions(sessions), apply: (session) => store().applySession(session), failed: failed('the proxied sessions') },
    ),
    mirrorCoreState<{ messages: PausedMessage[]; rules: InterceptRule[] }, PausedMessage>(
      api,
      {
        load: async () => {
          const [messages, rules] = await Promise.all([api.invoke('proxy.intercept.list'), api.invoke('proxy.intercept.rules', undefined)]);
          return { messages, rules };
        },
        subscribe: (onChange) => api.on('proxy.intercept.changed', onChange),
      },
      {
        reset: ({ messages, rules }) => {
          store().resetPaused(messages);
          store().setRules(rules);
        },
        apply: (message) => store().applyPaused(message),
        failed: failed('the intercept desk'),
      },
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
