/**
 * The one contract between the UI and the core.
 *
 * `requests` maps every request the UI can make to its params and result types;
 * `events` maps every event the core emits to its payload type. The bridges (Electron IPC,
 * WebSocket) are generic over these maps: to add a capability, add an entry here and
 * write its handler in main/core/handlers. Nothing in shared/ imports Node, Electron or React.
 */
import type { AppCommand } from './app-commands.js';
import type { AppDocument, AppOpening, AppWireRecord } from './apps.js';
import type { ExportSnippet, ImportDiscovery, ImportParams, ImportResult, ImportSource } from './config-import.js';
import type { AuthSecretName, AuthStatus } from './auth.js';
import type { Approval, ApprovalDecision, AutoReplyRule, SamplingTemplate } from './approvals.js';
import type { DeepLinkEvent } from './deep-link.js';
import type { ChangeStreamState, ConnectionState } from './connection.js';
import type { CoreStatus } from './core-status.js';
import type {
  CallProgress,
  CompletionParams,
  JsonObject,
  ListKind,
  ListOutcome,
  ListParams,
  LoggingLevel,
  PromptInfo,
  ResourceInfo,
  ResourceTemplateInfo,
  RpcOutcome,
  SchemaValidation,
  ToolCallParams,
  ToolInfo,
} from './mcp.js';
import type { RootConfig, ServerConfig, ServerConfigInput } from './server-config.js';
import type { TaskInfo } from './tasks.js';
import type { TrafficEntry, TrafficPage, TrafficSettings } from './traffic.js';

/** A phantom marker: carries types, holds nothing at run time. */
export interface RequestSpec<P, R> {
  readonly params?: P;
  readonly result?: R;
}
export interface EventSpec<T> {
  readonly payload?: T;
}
const request = <P, R>(): RequestSpec<P, R> => ({});
const event = <T>(): EventSpec<T> => ({});

export interface Notice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
}

export interface AppInfo {
  version: string;
  mode: 'electron' | 'browser';
  dataDir: string;
  /** Things the user should know since start-up, e.g. a corrupt config file moved aside. */
  notices: Notice[];
}

export interface ServerRef {
  serverId: string;
}

export interface ResourceRef extends ServerRef {
  uri: string;
}

export const requests = {
  'app.info': request<void, AppInfo>(),
  'app.dismissNotice': request<{ id: string }, void>(),
  /** Answered by whatever supervises the core's process, even while the core is down. */
  'core.status': request<void, CoreStatus>(),
  /** Stops the core's process if it still runs, starts a new one and resolves once it serves. */
  'core.restart': request<void, CoreStatus>(),

  'servers.list': request<void, ServerConfig[]>(),
  'servers.add': request<ServerConfigInput, ServerConfig>(),
  'servers.update': request<{ id: string; config: ServerConfigInput }, ServerConfig>(),
  'servers.remove': request<{ id: string }, void>(),
  /** Reads the other MCP clients' config files on their standard paths (and a project folder's). */
  'config.discoverImports': request<{ projectDir?: string }, ImportDiscovery>(),
  /** Reads a pasted snippet in any client's shape. */
  'config.parseImportSnippet': request<{ text: string }, ImportSource>(),
  /** Adds the chosen entries with their variables filled; existing servers are never changed. */
  'config.import': request<ImportParams, ImportResult>(),
  /** The server as a snippet for each client's config file (secret values become variable references). */
  'config.exportSnippets': request<ServerRef, ExportSnippet[]>(),

  'connections.list': request<void, ConnectionState[]>(),
  'connections.connect': request<ServerRef, ConnectionState>(),
  'connections.disconnect': request<ServerRef, ConnectionState>(),
  /** Opens or stops a 2026-07-28 connection's `subscriptions/listen` stream (it opens on connect). */
  'connections.changeStream': request<ServerRef & { open: boolean }, ChangeStreamState>(),

  'tools.list': request<ListParams, ListOutcome<ToolInfo>>(),
  'tools.call': request<ToolCallParams, RpcOutcome>(),
  /** Cancels a request started with a `callId` (tool call, completion): sends `notifications/cancelled`. */
  'calls.cancel': request<{ callId: string; reason?: string }, void>(),
  /** The server's tasks (its own list where it offers one) and those Loupe started, oldest first. */
  'tasks.list': request<ServerRef, TaskInfo[]>(),
  'tasks.cancel': request<ServerRef & { taskId: string }, void>(),

  'resources.list': request<ListParams, ListOutcome<ResourceInfo>>(),
  'resources.templates': request<ListParams, ListOutcome<ResourceTemplateInfo>>(),
  'resources.read': request<ResourceRef, RpcOutcome>(),
  'resources.subscribe': request<ResourceRef, RpcOutcome>(),
  'resources.unsubscribe': request<ResourceRef, RpcOutcome>(),

  'prompts.list': request<ListParams, ListOutcome<PromptInfo>>(),
  'prompts.get': request<ServerRef & { name: string; arguments: Record<string, string> }, RpcOutcome>(),

  'completion.complete': request<CompletionParams, RpcOutcome>(),
  'logging.setLevel': request<ServerRef & { level: LoggingLevel }, RpcOutcome>(),
  /** Sends `ping`; the outcome's durationMs is the round trip. */
  'ping.send': request<ServerRef, RpcOutcome>(),
  /**
   * Validates a value against a JSON Schema with Ajv (drafts 07 and 2020-12, formats). It runs in
   * the core because Ajv compiles to code, which the renderer's Content-Security-Policy forbids.
   */
  'schemas.validate': request<{ schema: JsonObject; value: unknown }, SchemaValidation>(),
  /** Saves the server's roots and, when connected, sends `notifications/roots/list_changed`. */
  'roots.set': request<ServerRef & { roots: RootConfig[] }, ServerConfig>(),

  /** Pending approvals and the history of decided ones, oldest first. */
  'approvals.list': request<void, Approval[]>(),
  'approvals.decide': request<{ id: string; decision: ApprovalDecision }, Approval>(),
  /** Rejects every pending approval (of one server, or all); returns how many. */
  'approvals.rejectAll': request<{ serverId?: string; message?: string }, number>(),
  'sampling.templates.list': request<void, SamplingTemplate[]>(),
  /** Adds or replaces (by id; a new id when omitted). */
  'sampling.templates.save': request<Omit<SamplingTemplate, 'id'> & { id?: string }, SamplingTemplate>(),
  'sampling.templates.remove': request<{ id: string }, void>(),
  'sampling.rules.list': request<void, AutoReplyRule[]>(),
  'sampling.rules.save': request<Omit<AutoReplyRule, 'id'> & { id?: string }, AutoReplyRule>(),
  'sampling.rules.remove': request<{ id: string }, void>(),

  /** Entries after `afterSeq` (all when omitted), oldest first, at most `limit`. */
  'traffic.list': request<{ afterSeq?: number; limit?: number }, TrafficPage>(),
  /** One entry with its whole message, even when it was too large to send inline. */
  'traffic.get': request<{ seq: number }, TrafficEntry | null>(),
  'traffic.clear': request<void, void>(),
  /** JSON Lines of the given entries (all when omitted), with secret header and env values redacted. */
  'traffic.export': request<{ seqs?: number[] }, string>(),
  'traffic.settings': request<Partial<TrafficSettings>, TrafficSettings>(),
  /**
   * Sends a logged request again on its server's current connection, with its params or edited
   * ones; the new entry's `replayOf` names the original.
   */
  'traffic.replay': request<{ seq: number; params?: JsonObject }, RpcOutcome>(),

  /** Reads a `ui://` resource and holds it for an MCP App frame on an origin of its own. */
  'apps.open': request<ResourceRef, AppOpening>(),
  /** The document and policy the shell serves on the app's origin; null for an unknown or closed app. */
  'apps.document': request<{ appId: string }, AppDocument | null>(),
  'apps.close': request<{ appId: string }, void>(),
  /** App ↔ host messages (and misbehaviour) seen by the window, for the traffic log. */
  'apps.record': request<{ appId: string; records: AppWireRecord[] }, void>(),
  /** A Content-Security-Policy violation report from the app's frame, sent by the shell that serves it. */
  'apps.report': request<{ appId: string; report: unknown }, void>(),
  /** The server's OAuth state: the steps of its latest sign-in, masked tokens, the client. */
  'auth.status': request<ServerRef, AuthStatus>(),
  /**
   * Signs in (OAuth) and connects: the authorization page opens in the browser (`auth.openUrl`),
   * and the request resolves once the connect that follows the redirect succeeds or fails.
   */
  'auth.start': request<ServerRef, ConnectionState>(),
  /** Forgets the server's tokens and registered client (the next connect needs a sign-in). */
  'auth.clear': request<ServerRef, AuthStatus>(),
  /** Stores (or with `null` removes) the client secret of a pre-registered OAuth client, apart from servers.json. */
  'auth.setClientSecret': request<ServerRef & { secret: string | null }, AuthStatus>(),
  /** Stores (or with `null` removes) one of the server's OAuth secrets, e.g. the identity provider's ID token for cross-app access. */
  'auth.setSecret': request<ServerRef & { name: AuthSecretName; secret: string | null }, AuthStatus>(),
} as const;

export const events = {
  'servers.changed': event<ServerConfig[]>(),
  'connections.changed': event<ConnectionState>(),
  /** New entries, batched: never one event per message. */
  'traffic.appended': event<TrafficEntry[]>(),
  'traffic.cleared': event<void>(),
  'app.notice': event<Notice>(),
  'core.status': event<CoreStatus>(),
  /** A menu command of the desktop app, sent by the Electron shell (never by the core). */
  'app.command': event<AppCommand>(),
  /** A loupe:// link the desktop app was opened with, for the window to show (never to act on by itself). */
  'app.deepLink': event<DeepLinkEvent>(),
  'calls.progress': event<CallProgress>(),
  /** A `notifications/{tools,resources,prompts}/list_changed` arrived. */
  'mcp.listChanged': event<{ serverId: string; list: ListKind }>(),
  /** A `notifications/resources/updated` arrived for a subscribed resource. */
  'mcp.resourceUpdated': event<{ serverId: string; uri: string }>(),
  /** A task (Tasks extension) was started or changed status. */
  'tasks.changed': event<TaskInfo>(),
  /** An approval was added or changed state. */
  'approvals.changed': event<Approval>(),
  /** A server's OAuth state changed (a step, tokens, a failure). */
  'auth.changed': event<AuthStatus>(),
  /** A sign-in needs its authorization page opened: the desktop shell opens the system browser. */
  'auth.openUrl': event<{ serverId: string; url: string }>(),
} as const;

export type Requests = typeof requests;
export type Events = typeof events;
export type RequestName = keyof Requests;
export type EventName = keyof Events;
export type RequestParams<K extends RequestName> = Requests[K] extends RequestSpec<infer P, unknown> ? P : never;
export type RequestResult<K extends RequestName> = Requests[K] extends RequestSpec<unknown, infer R> ? R : never;
export type EventPayload<E extends EventName> = Events[E] extends EventSpec<infer T> ? T : never;

export const requestNames = Object.keys(requests) as RequestName[];
export const eventNames = Object.keys(events) as EventName[];

export function isRequestName(name: unknown): name is RequestName {
  return typeof name === 'string' && Object.hasOwn(requests, name);
}

/** Arguments after the request name: none when the params are `void`. */
export type ParamsArg<K extends RequestName> = [RequestParams<K>] extends [void] ? [] : [params: RequestParams<K>];

/** What the renderer holds: the whole API, whichever bridge carries it. */
export interface LoupeApi {
  invoke<K extends RequestName>(name: K, ...params: ParamsArg<K>): Promise<RequestResult<K>>;
  /** Returns a function that removes the listener. */
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** What the core implements: one handler per request. */
export type RequestHandlers = {
  [K in RequestName]: (params: RequestParams<K>) => Promise<RequestResult<K>>;
};
