import { create } from 'zustand';
import type { RpcOutcome } from '../../../../shared/mcp';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { createCallSlot } from '../../state/call-slot';
import { useServersStore } from '../../state/servers';

export type ResourceSelection =
  | { kind: 'resource'; uri: string }
  /** `readUri` is the last URI the template was expanded to and read. */
  | { kind: 'template'; uriTemplate: string; readUri?: string };

export interface ResourceRead {
  /** Tells a newer read of the same URI from an older one still under way. */
  readId: string;
  uri: string;
  status: 'reading' | 'done';
  startedAt: number;
  outcome?: RpcOutcome | undefined;
  /** The bridge rejected the request itself (e.g. the host went away). */
  error?: string | undefined;
}

export type ResourceListView = 'resources' | 'templates';

export type SubscriptionStatus = 'subscribing' | 'subscribed' | 'unsubscribing';

interface ResourcesState {
  selection: Record<string, ResourceSelection>;
  /** serverId → which list the panel shows. */
  listView: Record<string, ResourceListView>;
  /** resourceKey → the latest read of that URI. */
  reads: Record<string, ResourceRead>;
  /** resourceKey → subscription state (absent = not subscribed). */
  subscriptions: Record<string, SubscriptionStatus>;
  /** resourceKey → why the last subscribe/unsubscribe failed. */
  subscriptionErrors: Record<string, string>;
  /** resourceKey → when `notifications/resources/updated` last arrived after the last read. */
  updatedAt: Record<string, number>;
  /** Re-read a subscribed resource as soon as the server says it changed. */
  /** resourceKey → re-read it when its update arrives (set per resource). */
  autoReread: Record<string, boolean>;
  /** templateKey → the variable values the user typed. */
  templateValues: Record<string, Record<string, string>>;

  /** The server's connection ended: its subscriptions go (reads stay as history). */
  forgetServer: (serverId: string) => void;
  select: (serverId: string, selection: ResourceSelection | null) => void;
  showList: (serverId: string, view: ResourceListView) => void;
  read: (serverId: string, uri: string) => Promise<void>;
  /** Selects the resource (even one not in the list) on its server and reads it (app/navigation.ts shows the tab). */
  openResource: (serverId: string, uri: string) => void;
  /** Reads a URI expanded from a template and shows it under that template. */
  readFromTemplate: (serverId: string, uriTemplate: string, uri: string) => Promise<void>;
  setTemplateValue: (serverId: string, uriTemplate: string, name: string, value: string) => void;
  subscribe: (serverId: string, uri: string) => Promise<void>;
  unsubscribe: (serverId: string, uri: string) => Promise<void>;
  markUpdated: (serverId: string, uri: string) => void;
  setAutoReread: (serverId: string, uri: string, on: boolean) => void;
}

export function resourceKey(serverId: string, uri: string): string {
  return `${serverId}\u0000${uri}`;
}

/** Each URI shows its latest read. */
const resourceReads = createCallSlot<RpcOutcome>();

export const useResourcesStore = create<ResourcesState>()((set, get) => {
  const changeSubscription = async (serverId: string, uri: string, subscribe: boolean) => {
    const api = getApi();
    const key = resourceKey(serverId, uri);
    const before = get().subscriptions[key];
    const setStatus = (status: SubscriptionStatus | undefined, error?: string) =>
      set((state) => {
        const subscriptions = { ...state.subscriptions };
        if (status) subscriptions[key] = status;
        else delete subscriptions[key];
        const subscriptionErrors = { ...state.subscriptionErrors };
        if (error) subscriptionErrors[key] = error;
        else delete subscriptionErrors[key];
        return { subscriptions, subscriptionErrors };
      });
    setStatus(subscribe ? 'subscribing' : 'unsubscribing');
    try {
      const outcome = await api.invoke(subscribe ? 'resources.subscribe' : 'resources.unsubscribe', { serverId, uri });
      if (outcome.failure) setStatus(before === 'subscribed' ? 'subscribed' : undefined, outcome.failure.message);
      else setStatus(subscribe ? 'subscribed' : undefined);
    } catch (error) {
      setStatus(before === 'subscribed' ? 'subscribed' : undefined, errorMessage(error));
    }
  };

  return {
    selection: {},
    listView: {},
    reads: {},
    subscriptions: {},
    subscriptionErrors: {},
    updatedAt: {},
    autoReread: {},
    templateValues: {},

    forgetServer: (serverId) =>
      set((state) => {
        const prefix = resourceKey(serverId, '');
        const withoutServer = <V>(record: Record<string, V>) =>
          Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith(prefix)));
        const held = (record: Record<string, unknown>) => Object.keys(record).some((key) => key.startsWith(prefix));
        if (!held(state.subscriptions) && !held(state.subscriptionErrors) && !held(state.updatedAt)) return state;
        // Subscriptions end with the connection; reads stay visible as history.
        return {
          subscriptions: withoutServer(state.subscriptions),
          subscriptionErrors: withoutServer(state.subscriptionErrors),
          updatedAt: withoutServer(state.updatedAt),
        };
      }),

    select: (serverId, selection) =>
      set((state) => {
        const next = { ...state.selection };
        if (selection) next[serverId] = selection;
        else delete next[serverId];
        if (!selection) return { selection: next };
        return { selection: next, listView: { ...state.listView, [serverId]: selection.kind === 'resource' ? 'resources' : 'templates' } };
      }),

    showList: (serverId, view) => set((state) => ({ listView: { ...state.listView, [serverId]: view } })),

    read: async (serverId, uri) => {
      const key = resourceKey(serverId, uri);
      await resourceReads.call(key, {
        start: (readId, startedAt) =>
          set((state) => {
            const updatedAt = { ...state.updatedAt };
            delete updatedAt[key];
            // The last outcome stays shown while the new read is under way.
            return { reads: { ...state.reads, [key]: { readId, uri, status: 'reading', startedAt, outcome: state.reads[key]?.outcome } }, updatedAt };
          }),
        invoke: () => getApi().invoke('resources.read', { serverId, uri, holdLongTexts: true }),
        finish: (readId, result, latest) => {
          if (!latest) return;
          set((state) => {
            const current = state.reads[key];
            if (current?.readId !== readId) return state;
            return { reads: { ...state.reads, [key]: { ...current, status: 'done', outcome: result.outcome, error: result.error } } };
          });
        },
      });
    },

    openResource: (serverId, uri) => {
      const servers = useServersStore.getState();
      if (servers.selectedServerId !== serverId) servers.select(serverId);
      get().select(serverId, { kind: 'resource', uri });
      void get().read(serverId, uri);
    },

    readFromTemplate: async (serverId, uriTemplate, uri) => {
      get().select(serverId, { kind: 'template', uriTemplate, readUri: uri });
      await get().read(serverId, uri);
    },

    setTemplateValue: (serverId, uriTemplate, name, value) =>
      set((state) => {
        const key = resourceKey(serverId, uriTemplate);
        return { templateValues: { ...state.templateValues, [key]: { ...state.templateValues[key], [name]: value } } };
      }),

    subscribe: (serverId, uri) => changeSubscription(serverId, uri, true),
    unsubscribe: (serverId, uri) => changeSubscription(serverId, uri, false),

    markUpdated: (serverId, uri) => {
      const key = resourceKey(serverId, uri);
      if (get().autoReread[key] && get().subscriptions[key] === 'subscribed') {
        void get().read(serverId, uri);
        return;
      }
      set((state) => ({ updatedAt: { ...state.updatedAt, [key]: Date.now() } }));
    },

    setAutoReread: (serverId, uri, on) => set((state) => ({ autoReread: { ...state.autoReread, [resourceKey(serverId, uri)]: on } })),
  };
});
