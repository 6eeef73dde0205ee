import { create } from 'zustand';
import type { ConnectionList } from '../../../../shared/lists';
import type { ResourceInfo, ResourceTemplateInfo, RpcOutcome } from '../../../../shared/mcp';
import { useWorkspaceStore } from '../../app/workspace-store';
import { errorMessage } from '../../bridge/bridge-error';
import type { Bridge } from '../../bridge/types';
import { useServersStore } from '../servers';

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

/** A server's resource and template lists, mirrored from the core (see app/lists-mirror.ts). */
export interface ServerResources {
  resources?: ConnectionList<ResourceInfo>;
  templates?: ConnectionList<ResourceTemplateInfo>;
}

interface ResourcesState {
  /** Set by the sync at start-up, so `openResource` works from anywhere without a bridge in hand. */
  api: Bridge | null;
  byServer: Record<string, ServerResources>;
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

  attach(api: Bridge | null): void;
  /** Mirrors one of the core's lists (see app/lists-mirror.ts). */
  setList<K extends keyof ServerResources>(serverId: string, which: K, list: ServerResources[K] | undefined): void;
  /** The server's connection ended: its lists and subscriptions go (reads stay as history). */
  forgetServer(serverId: string): void;
  select(serverId: string, selection: ResourceSelection | null): void;
  showList(serverId: string, view: ResourceListView): void;
  read(serverId: string, uri: string): Promise<void>;
  /** Switches to the Resources tab, selects the resource (even one not in the list) and reads it. */
  openResource(serverId: string, uri: string): void;
  /** Reads a URI expanded from a template and shows it under that template. */
  readFromTemplate(serverId: string, uriTemplate: string, uri: string): Promise<void>;
  setTemplateValue(serverId: string, uriTemplate: string, name: string, value: string): void;
  subscribe(serverId: string, uri: string): Promise<void>;
  unsubscribe(serverId: string, uri: string): Promise<void>;
  markUpdated(serverId: string, uri: string): void;
  setAutoReread(serverId: string, uri: string, on: boolean): void;
}

export function resourceKey(serverId: string, uri: string): string {
  return `${serverId}\u0000${uri}`;
}

export const useResourcesStore = create<ResourcesState>()((set, get) => {
  const patchRead = (key: string, readId: string, patch: Partial<ResourceRead>) =>
    set((state) => {
      const current = state.reads[key];
      if (current?.readId !== readId) return state;
      return { reads: { ...state.reads, [key]: { ...current, ...patch } } };
    });

  const changeSubscription = async (serverId: string, uri: string, subscribe: boolean) => {
    const api = get().api;
    if (!api) return;
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
    api: null,
    byServer: {},
    selection: {},
    listView: {},
    reads: {},
    subscriptions: {},
    subscriptionErrors: {},
    updatedAt: {},
    autoReread: {},
    templateValues: {},

    attach: (api) => set({ api }),

    setList: (serverId, which, list) =>
      set((state) => {
        const current: ServerResources = { ...state.byServer[serverId] };
        if (list) current[which] = list;
        else delete current[which];
        const byServer = { ...state.byServer };
        if (current.resources || current.templates) byServer[serverId] = current;
        else delete byServer[serverId];
        return { byServer };
      }),

    forgetServer: (serverId) =>
      set((state) => {
        const byServer = { ...state.byServer };
        delete byServer[serverId];
        const prefix = resourceKey(serverId, '');
        const withoutServer = <V>(record: Record<string, V>) =>
          Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith(prefix)));
        // Subscriptions end with the connection; reads stay visible as history.
        return {
          byServer,
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
      const api = get().api;
      if (!api) return;
      const key = resourceKey(serverId, uri);
      const readId = crypto.randomUUID();
      set((state) => {
        const updatedAt = { ...state.updatedAt };
        delete updatedAt[key];
        return {
          reads: { ...state.reads, [key]: { readId, uri, status: 'reading', startedAt: Date.now(), outcome: state.reads[key]?.outcome } },
          updatedAt,
        };
      });
      try {
        const outcome = await api.invoke('resources.read', { serverId, uri, holdLongTexts: true });
        patchRead(key, readId, { status: 'done', outcome, error: undefined });
      } catch (error) {
        patchRead(key, readId, { status: 'done', outcome: undefined, error: errorMessage(error) });
      }
    },

    openResource: (serverId, uri) => {
      useWorkspaceStore.getState().setTab('Resources');
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

/** Opens a resource from anywhere (e.g. a `resource_link` in a tool result). */
export function openResource(serverId: string, uri: string): void {
  useResourcesStore.getState().openResource(serverId, uri);
}
