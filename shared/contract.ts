/**
 * The one contract between the UI and the core.
 *
 * `requests` maps every request the UI can make to its params and result types;
 * `events` maps every event the core emits to its payload type. The bridges (Electron IPC,
 * WebSocket) are generic over these maps: to add a capability, add an entry here and
 * write its handler in main/core/handlers. Nothing in shared/ imports Node, Electron or React.
 */
import { z } from 'zod';
import type { AppCommand } from './app-commands.js';
import type { AppDocument, AppOpening, AppWireRecord } from './apps.js';
import type { ExportSnippet, ImportDiscovery, ImportParams, ImportResult, ImportSource } from './config-import.js';
import { AUTH_SECRET_NAMES, type AuthSecretName, type AuthStatus } from './auth.js';
import type { Approval, ApprovalDecision, AutoReplyRule, SamplingTemplate, ToolCallApproval, ToolCallDecision } from './approvals.js';
import { MAX_CHAT_STEP_LIMIT, type ChatContextSource, type ChatConversation, type ChatEvent, type ChatSummary, type ChatTurn } from './chat.js';
import type { DraftEvent, DraftStarted, ModelChoice, ModelConnectionTest, ModelList, ModelPreferences, ModelProvider, ModelProviderInput, ModelRef, RuleSpend } from './models.js';
import type { DeepLinkEvent } from './deep-link.js';
import type { DocumentReplyValue, HeldDocumentCommand, OpenedDocument } from './document/document-protocol.js';
import type { ChangeStreamState, ConnectionState } from './connection.js';
import type { CoreStatus } from './core-status.js';
import type { CapabilitySnapshot, CollectionConsent, CollectionSecret, CollectionView, DiffRow, DiffSource, DiffSummary, RequestFileView, RequestRun, RequestRuns, RunReport, SurfaceDiff, SurfaceListing, SurfaceSource } from './collections.js';
import {
  LOGGING_LEVELS,
  type CallProgress,
  type CompletionParams,
  type JsonObject,
  type ListOutcome,
  type ListParams,
  type PromptInfo,
  type ResourceInfo,
  type ResourceTemplateInfo,
  type RpcOutcome,
  type SchemaValidation,
  type ToolCallParams,
  type ToolInfo,
} from './mcp.js';
import type { CallTimeouts, RootConfig, ServerConfig, ServerConfigInput } from './server-config.js';
import type { TaskInfo } from './tasks.js';
import type { ToolLintReport } from './tool-lint.js';
import type { RegistrySearchResult } from './registry.js';
import type { HarExport } from './har.js';
import type { ParentSpanParams, ParentSpanRef, TelemetryConfig, TelemetryStatus } from './telemetry.js';
import { COMPARE_CLIENT_IDS, type CompareClientId, type CompareParams, type CompareResult } from './compare.js';
import { LOAD_LIMITS, type LoadProgress, type LoadResult, type LoadRunParams } from './load-run.js';
import { OAUTH_DEBUG_LIMITS, OAUTH_SPEC_VERSIONS, type DebugRequestEdit, type OAuthDebugRun, type OAuthDebugRunSummary, type OAuthDebugStartParams } from './oauth-debugger.js';
import { UI_STATE_LIMITS } from './ui-state.js';
import type { DoctorReport } from './doctor.js';
import { LIST_NAMES, type ListChange, type ListState, type ServerLists } from './lists.js';
import type { OutcomeUpdate } from './traffic-outcomes.js';
import type { InterceptDecision, InterceptRule, PausedMessage, ProxiedSession, RoutePlan, RouteRecord, RouteTarget } from './proxy.js';
import { MIN_DISK_BUDGET_BYTES, SESSION_ID_PATTERN, TRAFFIC_TYPE_NAMES, type SessionPiece, type TrafficEntry, type TrafficExportPiece, type TrafficPage, type TrafficSessionSummary, type TrafficSettings } from './traffic.js';

/**
 * A request: the zod schema its params must pass (checked once, at dispatch, before any handler
 * runs) and, as a phantom, its result type.
 */
export interface RequestSpec<P, R> {
  readonly params: z.ZodType<P>;
  readonly result?: R;
}
/** A phantom marker: carries the payload type, holds nothing at run time. */
export interface EventSpec<T> {
  readonly payload?: T;
}
const request =
  <R>() =>
  <P>(params: z.ZodType<P>): RequestSpec<P, R> => ({ params });
const event = <T>(): EventSpec<T> => ({});

/** Params of a request that takes none: absent or null. */
const none = z.union([z.undefined(), z.null()]).transform(() => undefined) as z.ZodType<void>;
const id = z.string().min(1, 'must be a non-empty string');
const jsonObject = z.record(z.string(), z.unknown()) as z.ZodType<JsonObject>;
/**
 * An object the core checks in depth with the parser it also uses on files (servers.json, the
 * sampling store, approvals): here only its being an object.
 */
const checkedInCore = <T>() =>
  z.custom<T>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'must be an object');
const serverRef = z.object({ serverId: id });
const resourceRef = serverRef.extend({ uri: id });
const listParams = serverRef.extend({ force: z.boolean().optional() }) satisfies z.ZodType<ListParams>;
const callTimeouts = z.object({
  timeoutMs: z.number().positive(),
  resetTimeoutOnProgress: z.boolean(),
  maxTotalTimeoutMs: z.number().positive(),
}) satisfies z.ZodType<CallTimeouts>;
const toolCallParams = serverRef.extend({
  name: id,
  arguments: jsonObject,
  callId: id,
  timeouts: callTimeouts.optional(),
  asTask: z.boolean().optional(),
  holdLongTexts: z.boolean().optional(),
}) satisfies z.ZodType<ToolCallParams>;
const heldTextRef = z.object({ key: z.number().int().positive() });
const rowIndex = z.number().int().nonnegative();
/** A window of rows or segments: at most this many at once (a view asks for a screenful and a margin). */
const MAX_WINDOW = 10_000;
const rowWindow = z
  .object({ start: rowIndex, end: rowIndex })
  .refine((window) => window.end >= window.start && window.end - window.start <= MAX_WINDOW, `must be a window of at most ${MAX_WINDOW} rows`);
const heldDocumentCommand = z.union([
  rowWindow.and(z.object({ type: z.enum(['rows', 'segments']) })),
  z.object({ type: z.enum(['toggle', 'expandAll', 'parent', 'pointer']), index: rowIndex }),
  z.object({ type: z.literal('copy'), index: rowIndex.optional() }),
  z.object({ type: z.enum(['collapseAll', 'raw', 'check', 'close']) }),
]) as z.ZodType<HeldDocumentCommand>;
const completionParams = serverRef.extend({
  ref: z.discriminatedUnion('type', [z.object({ type: z.literal('ref/prompt'), name: id }), z.object({ type: z.literal('ref/resource'), uri: id })]),
  argument: z.object({ name: id, value: z.string() }),
  context: z.object({ arguments: z.record(z.string(), z.string()) }).optional(),
  callId: id.optional(),
}) satisfies z.ZodType<CompletionParams>;
const importVariable = z
  .object({
    id: z.string(),
    kind: z.enum(['input', 'env']),
    name: z.string(),
    description: z.string().optional(),
    password: z.boolean(),
    default: z.string().optional(),
    inEnvironment: z.boolean().optional(),
  })
  .refine((variable) => variable.id === `${variable.kind}:${variable.name}`, 'a variable\'s id is its kind and name (input:NAME or env:NAME)');
const importParams = z.object({
  items: z.array(z.object({ name: z.string(), config: checkedInCore<ServerConfigInput>(), variables: z.array(importVariable) })),
  values: z.record(z.string(), z.string()),
}) satisfies z.ZodType<ImportParams>;
const httpUrl = z.string().refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'must be an http or https URL');
const routeTarget = z.object({
  client: z.enum(['claude-desktop', 'claude-code', 'vscode', 'cursor', 'windsurf', 'gemini', 'codex']),
  path: z.string().min(1).max(4096),
  name: z.string().min(1).max(1000),
  project: z.string().max(4096).optional(),
}) satisfies z.ZodType<RouteTarget>;
const interceptRule = z.object({
  id: id.optional(),
  filter: z.string().max(1000),
  enabled: z.boolean(),
  direction: z.enum(['out', 'in']).optional(),
  timeoutMs: z.number().int().min(1_000).max(60 * 60 * 1000).optional(),
});
/** An edited or answering message is one line of JSON-RPC: bounded like a paused one. */
const interceptText = z.string().max(4 * 1024 * 1024, 'is longer than 4 MB');
const interceptDecision = z.discriminatedUnion('action', [
  z.object({ action: z.literal('forward') }),
  z.object({ action: z.literal('edit'), text: interceptText }),
  z.object({ action: z.literal('answer'), text: interceptText }),
  z.object({ action: z.literal('drop') }),
]) satisfies z.ZodType<InterceptDecision>;
/** A pasted snippet is a few servers; anything much larger is a mistake (or an attack on the core's time). */
const MAX_SNIPPET_CHARS = 1_000_000;

// Models and the chat playground (issue 29): the params their requests share.
const modelRef = z.object({ providerId: id, modelId: z.string().min(1, 'must be a non-empty string').max(200) }) satisfies z.ZodType<ModelRef>;
const chatFields = {
  title: z.string().min(1).max(200).optional(),
  serverIds: z.array(id).max(20, 'may name at most 20 servers').optional(),
  system: z.string().max(100_000, 'is longer than 100,000 characters').optional(),
  askBeforeToolCalls: z.boolean().optional(),
  stepLimit: z.number().int().min(1).max(MAX_CHAT_STEP_LIMIT, `must be at most ${MAX_CHAT_STEP_LIMIT}`).optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxOutputTokens: z.number().int().positive().max(1_000_000).optional(),
};
const chatText = z.string().min(1, 'must not be empty').max(1_000_000, 'is longer than 1,000,000 characters');
const conversationRef = z.object({ conversationId: id });
/** An OAuth debug step's request edit, within OAUTH_DEBUG_LIMITS. */
const debugEditMap = z
  .record(z.string().min(1).max(256), z.string().max(OAUTH_DEBUG_LIMITS.maxEditValueChars).nullable())
  .refine((map) => Object.keys(map).length <= OAUTH_DEBUG_LIMITS.maxEditParams, `must hold at most ${OAUTH_DEBUG_LIMITS.maxEditParams} entries`);
const debugRequestEdit = z.object({
  url: z.string().max(OAUTH_DEBUG_LIMITS.maxEditUrlChars).optional(),
  params: debugEditMap.optional(),
  headers: debugEditMap.optional(),
  body: z.string().max(OAUTH_DEBUG_LIMITS.maxEditBodyChars).optional(),
}) satisfies z.ZodType<DebugRequestEdit>;
const chatContextSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('resource'), uri: id }),
  z.object({ kind: z.literal('prompt'), name: id, arguments: z.record(z.string(), z.string()) }),
]) satisfies z.ZodType<ChatContextSource>;
const toolCallDecision = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), arguments: jsonObject.optional(), sendInvalid: z.boolean().optional() }),
  z.object({ action: z.literal('refuse'), message: z.string().max(10_000).optional() }),
]) satisfies z.ZodType<ToolCallDecision>;
// Collections (saved requests, checks, result diffs, capability snapshots; see shared/collections.ts).
const collectionRef = z.object({ collectionId: id });
const requestPath = z.string().min(1, 'must be a request file\'s path in the collection').max(1_000);
const folderPath = z.string().min(1).max(4_096, 'must be a folder path');
const diffSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('run'), collectionId: id, path: requestPath, which: z.enum(['last', 'previous']) }),
  z.object({ kind: z.literal('snapshot'), collectionId: id, path: requestPath }),
  z.object({ kind: z.literal('traffic'), seq: z.number().int().nonnegative() }),
]) satisfies z.ZodType<DiffSource>;
const surfaceSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('server'), serverId: id }),
  z.object({ kind: z.literal('file'), collectionId: id, name: z.string().min(1).max(200) }),
]) satisfies z.ZodType<SurfaceSource>;
const snapshotName = z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/, 'must be a name of letters, digits, "-", "_" and "."');

export interface Notice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
}

export interface AppInfo {
  version: string;
  mode: 'electron' | 'browser';
  dataDir: string;
  /** Where secrets are kept when they are in a file (no OS keychain answered, or LOUPE_SECRET_STORAGE=file); absent when in the keychain. */
  secretsFile?: string;
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
  'app.info': request<AppInfo>()(none),
  'app.dismissNotice': request<void>()(z.object({ id })),
  /** Answered by whatever supervises the core's process, even while the core is down. */
  'core.status': request<CoreStatus>()(none),
  /** Stops the core's process if it still runs, starts a new one and resolves once it serves. */
  'core.restart': request<CoreStatus>()(none),

  'servers.list': request<ServerConfig[]>()(none),
  'servers.add': request<ServerConfig>()(checkedInCore<ServerConfigInput>()),
  'servers.update': request<ServerConfig>()(z.object({ id, config: checkedInCore<ServerConfigInput>() })),
  'servers.remove': request<void>()(z.object({ id })),
  /** Starts the offline sign-in demo (an MCP server with its own authorization server on 127.0.0.1) and adds it to the list, or points its entry at the running demo. */
  'servers.addSignInDemo': request<ServerConfig>()(none),
  /** Reads the other MCP clients' config files on their standard paths (and a project folder's). */
  'config.discoverImports': request<ImportDiscovery>()(z.object({ projectDir: z.string().optional() }).optional()),
  /** Reads a pasted snippet in any client's shape. */
  'config.parseImportSnippet': request<ImportSource>()(
    z.object({ text: z.string().max(MAX_SNIPPET_CHARS, 'is larger than 1 MB; paste a few servers at a time') }),
  ),
  /** Adds the chosen entries with their variables filled; existing servers are never changed. */
  'config.import': request<ImportResult>()(importParams),
  /** The server as a snippet for each client's config file (secret values become variable references). */
  'config.exportSnippets': request<ExportSnippet[]>()(serverRef),

  'connections.list': request<ConnectionState[]>()(none),
  'connections.connect': request<ConnectionState>()(serverRef),
  'connections.disconnect': request<ConnectionState>()(serverRef),
  /** Opens or stops a 2026-07-28 connection's `subscriptions/listen` stream (it opens on connect). */
  'connections.changeStream': request<ChangeStreamState>()(serverRef.extend({ open: z.boolean() })),

  /**
   * The lists (tools, resources, templates, prompts) the core keeps for each connected server, or
   * for one: the window mirrors them and follows `lists.changed`.
   */
  'lists.get': request<ServerLists[]>()(z.object({ serverId: id.optional() }).optional()),
  /** Fetches one list again (from the server's cache hint unless `force`); a failure is the list's state. */
  'lists.refresh': request<ListState>()(serverRef.extend({ name: z.enum(LIST_NAMES), force: z.boolean().optional() })),
  /** One list, whole, or an error (the CLI and scripts; the window uses `lists.get`). */
  'tools.list': request<ListOutcome<ToolInfo>>()(listParams),
  'tools.call': request<RpcOutcome>()(toolCallParams),
  /** Cancels a request started with a `callId` (tool call, completion): sends `notifications/cancelled`. */
  'calls.cancel': request<void>()(z.object({ callId: id, reason: z.string().optional() })),
  /** The server's tasks (its own list where it offers one) and those Loupe started, oldest first. */
  'tasks.list': request<TaskInfo[]>()(serverRef),
  'tasks.cancel': request<void>()(serverRef.extend({ taskId: id })),

  /** Opens a text the core holds (see `HeldText`) as a document of its own; it stays open until closed. */
  'documents.open': request<OpenedDocument>()(heldTextRef),
  /** Rows, segments and tree commands of an open held document; `close` ends it. */
  'documents.command': request<DocumentReplyValue>()(z.object({ documentId: z.number().int().positive(), command: heldDocumentCommand })),
  /** A held text, whole (to copy, save or hand on). */
  'documents.text': request<string>()(heldTextRef),

  'resources.list': request<ListOutcome<ResourceInfo>>()(listParams),
  'resources.templates': request<ListOutcome<ResourceTemplateInfo>>()(listParams),
  /** With `holdLongTexts`, long texts of the contents stay in the core (see `HeldText`). */
  'resources.read': request<RpcOutcome>()(resourceRef.extend({ holdLongTexts: z.boolean().optional() })),
  'resources.subscribe': request<RpcOutcome>()(resourceRef),
  'resources.unsubscribe': request<RpcOutcome>()(resourceRef),

  'prompts.list': request<ListOutcome<PromptInfo>>()(listParams),
  /** With `holdLongTexts`, long texts of the messages' content stay in the core (see `HeldText`). */
  'prompts.get': request<RpcOutcome>()(
    serverRef.extend({ name: id, arguments: z.record(z.string(), z.string()), holdLongTexts: z.boolean().optional() }),
  ),

  'completion.complete': request<RpcOutcome>()(completionParams),
  'logging.setLevel': request<RpcOutcome>()(serverRef.extend({ level: z.enum(LOGGING_LEVELS) })),
  /** Sends `ping`; the outcome's durationMs is the round trip. */
  'ping.send': request<RpcOutcome>()(serverRef),
  /**
   * Validates a value against a JSON Schema with Ajv (drafts 07 and 2020-12, formats). It runs in
   * the core because Ajv compiles to code, which the renderer's Content-Security-Policy forbids.
   * `serverId` (the schema's server) gives each server its own queue of checks.
   */
  'schemas.validate': request<SchemaValidation>()(z.object({ schema: jsonObject, value: z.unknown(), serverId: id.optional() })),
  /** Saves the server's roots and, when connected, sends `notifications/roots/list_changed`. */
  'roots.set': request<ServerConfig>()(serverRef.extend({ roots: z.array(checkedInCore<RootConfig>()) })),

  /** Pending approvals and the history of decided ones, oldest first. */
  'approvals.list': request<Approval[]>()(none),
  'approvals.decide': request<Approval>()(z.object({ id, decision: checkedInCore<ApprovalDecision>() })),
  /** Rejects every pending approval (of one server, or all); returns how many. */
  'approvals.rejectAll': request<number>()(z.object({ serverId: id.optional(), message: z.string().optional() }).optional()),
  'sampling.templates.list': request<SamplingTemplate[]>()(none),
  /** Adds or replaces (by id; a new id when omitted). */
  'sampling.templates.save': request<SamplingTemplate>()(checkedInCore<Omit<SamplingTemplate, 'id'> & { id?: string }>()),
  'sampling.templates.remove': request<void>()(z.object({ id })),
  'sampling.rules.list': request<AutoReplyRule[]>()(none),
  'sampling.rules.save': request<AutoReplyRule>()(checkedInCore<Omit<AutoReplyRule, 'id'> & { id?: string }>()),
  'sampling.rules.remove': request<void>()(z.object({ id })),

  /**
   * Entries after `afterSeq` (from the oldest kept when omitted), oldest first: at most `limit`, and
   * about TRAFFIC_PAGE_BYTES in all (`more` says to ask again). Large messages come as previews.
   * With `methods`, only entries of those methods. With `beforeSeq` instead, the newest entries
   * before it (a number past the newest gives the newest page) and `more` when older ones are kept;
   * with `filter` too, only the rows that match it, scanned for a bounded time (`scannedFrom`).
   */
  'traffic.list': request<TrafficPage>()(
    z
      .object({
        afterSeq: z.number().optional(),
        beforeSeq: z.number().optional(),
        limit: z.number().int().positive().optional(),
        methods: z.array(z.string().max(256)).max(64).optional(),
        filter: z
          .object({
            text: z.string().max(4096),
            invert: z.boolean().optional(),
            type: z.enum(TRAFFIC_TYPE_NAMES).optional(),
            latestOnly: z.boolean().optional(),
          })
          .optional(),
      })
      .optional(),
  ),
  /** One entry with its whole message, even when it was too large to send inline or memory let it go. */
  'traffic.get': request<TrafficEntry | null>()(z.object({ seq: z.number() })),
  'traffic.clear': request<void>()(none),
  /**
   * JSON Lines of the given entries, or of one server's (with neither: the whole log since it was last cleared, read
   * from the record on disk where memory let entries go), with secret header and env values
   * redacted, in pieces: see TrafficExportQuery, TrafficExportPiece and shared/traffic-export.ts.
   */
  'traffic.export': request<TrafficExportPiece>()(
    z
      .object({ seqs: z.array(z.number()).optional(), serverId: id.optional(), afterSeq: z.number().optional(), throughSeq: z.number().optional() })
      .optional(),
  ),
  'traffic.settings': request<TrafficSettings>()(
    z
      .object({
        recording: z.boolean().optional(),
        maxEntries: z.number().int().min(1_000, 'must be a whole number of at least 1,000').optional(),
        diskBudgetBytes: z.number().int().min(MIN_DISK_BUDGET_BYTES, 'must be at least 16 MB').max(Number.MAX_SAFE_INTEGER).optional(),
      })
      .optional(),
  ),
  /** The sessions whose traffic is saved on disk, newest first (the current one among them). */
  'traffic.sessions.list': request<TrafficSessionSummary[]>()(none),
  /** Whole JSON Lines of a saved session, from `offset` (0 first, then the piece's `nextOffset`). */
  'traffic.sessions.read': request<SessionPiece>()(
    z.object({ id: z.string().regex(SESSION_ID_PATTERN, 'is not a saved session id'), offset: z.number().int().min(0) }),
  ),
  /** Deletes an earlier session's record (not the current one's). */
  'traffic.sessions.remove': request<void>()(z.object({ id: z.string().regex(SESSION_ID_PATTERN, 'is not a saved session id') })),
  /**
   * Sends a logged request again on its server's current connection, with its params or edited
   * ones; the new entry's `replayOf` names the original.
   */
  'traffic.replay': request<RpcOutcome>()(z.object({ seq: z.number(), params: jsonObject.optional() })),

  /** Everything the window remembers between starts (layout, run history, view modes), by key. */
  'uiState.getAll': request<Record<string, string>>()(none),
  /** Remembers a value for the window (null forgets it), in the data folder. */
  'uiState.set': request<void>()(
    z.object({
      key: z.string().min(1).max(UI_STATE_LIMITS.keyChars),
      value: z.string().max(UI_STATE_LIMITS.valueChars, `is larger than ${UI_STATE_LIMITS.valueChars / 1_000_000} M characters`).nullable(),
    }),
  ),

  /** Reads a `ui://` resource and holds it for an MCP App frame on an origin of its own. */
  'apps.open': request<AppOpening>()(resourceRef.extend({ uri: z.string().startsWith('ui://', 'must be a ui:// address (an MCP App resource)') })),
  /** The document and policy the shell serves on the app's origin; null for an unknown or closed app. */
  'apps.document': request<AppDocument | null>()(z.object({ appId: id })),
  'apps.close': request<void>()(z.object({ appId: id })),
  /** App ↔ host messages (and misbehaviour) seen by the window, for the traffic log. */
  'apps.record': request<void>()(z.object({ appId: id, records: z.array(checkedInCore<AppWireRecord>()) })),
  /** A Content-Security-Policy violation report from the app's frame, sent by the shell that serves it. */
  'apps.report': request<void>()(z.object({ appId: id, report: z.unknown() })),
  /** The server's OAuth state: the steps of its latest sign-in, masked tokens, the client. */
  'auth.status': request<AuthStatus>()(serverRef),
  /**
   * Signs in (OAuth) and connects: the authorization page opens in the browser (`auth.openUrl`),
   * and the request resolves once the connect that follows the redirect succeeds or fails.
   */
  'auth.start': request<ConnectionState>()(serverRef),
  /** Forgets the server's tokens and registered client (the next connect needs a sign-in). */
  'auth.clear': request<AuthStatus>()(serverRef),
  /** Stores (or with `null` removes) the client secret of a pre-registered OAuth client, apart from servers.json. */
  'auth.setClientSecret': request<AuthStatus>()(serverRef.extend({ secret: z.string().nullable() })),
  /** Stores (or with `null` removes) one of the server's OAuth secrets, e.g. the identity provider's ID token for cross-app access. */
  'auth.setSecret': request<AuthStatus>()(serverRef.extend({ name: z.enum(AUTH_SECRET_NAMES as [AuthSecretName, ...AuthSecretName[]]), secret: z.string().nullable() })),

  // Where a peer was better (issue 30): tool lint, registry imports, HAR and OpenTelemetry export, load runs.
  /** Lints the server's tools against model providers' documented rules (shared/tool-lint.ts); `force` fetches the list again. */
  'tools.lint': request<ToolLintReport>()(serverRef.extend({ force: z.boolean().optional() })),
  /** Searches the official MCP Registry (or another that serves its API) for servers to add with `config.import`. */
  'registry.search': request<RegistrySearchResult>()(
    z.object({ query: z.string().max(200), cursor: z.string().max(1000).optional(), registryUrl: httpUrl.optional() }),
  ),
  /** An MCP Registry server.json (a file's full path, or an http(s) URL) as an import source for `config.import`. */
  'registry.readServerJson': request<ImportSource>()(z.union([z.object({ file: z.string().min(1) }), z.object({ url: httpUrl })])),
  /** HAR 1.2 of the log's HTTP exchanges (MCP POSTs with their JSON-RPC bodies, OAuth), secret values redacted. */
  'traffic.exportHar': request<HarExport>()(none),
  /** Starts (an endpoint) or stops (null) sending a span per MCP request to an OTLP/HTTP collector (shared/telemetry.ts). */
  'telemetry.configure': request<TelemetryStatus>()(
    z.object({
      endpoint: httpUrl.nullable(),
      headers: z.record(z.string().max(256), z.string().max(8192)).refine((headers) => Object.keys(headers).length <= 32, 'must hold at most 32 headers').optional(),
      keepHeaders: z.array(z.string().max(256)).max(32).optional(),
      plainHeaders: z.array(z.string().max(256)).max(32).optional(),
      remember: z.boolean().optional(),
    }) satisfies z.ZodType<TelemetryConfig>,
  ),
  'telemetry.status': request<TelemetryStatus>()(none),
  /** Opens a parent span (a chat turn, a collection run): requests made while it is open become its children. */
  'telemetry.startSpan': request<ParentSpanRef>()(
    z.object({
      name: z.string().min(1).max(200),
      kind: z.enum(['chat-turn', 'collection-run', 'load-run', 'other']),
      serverId: id.optional(),
      attributes: z.record(z.string().max(256), z.union([z.string().max(4096), z.number(), z.boolean()])).refine((a) => Object.keys(a).length <= 64, 'must hold at most 64 attributes').optional(),
    }) satisfies z.ZodType<ParentSpanParams>,
  ),
  'telemetry.endSpan': request<void>()(z.object({ spanId: z.string().regex(/^[0-9a-f]{16}$/, 'is not a span id'), error: z.string().max(1000).optional() })),
  /**
   * Calls one tool at a concurrency and rate for a time, within LOAD_LIMITS, and resolves with
   * latency percentiles, throughput and errors; `load.progress` reports every 250 ms. For one's own servers.
   */
  'load.run': request<LoadResult>()(
    serverRef.extend({
      runId: id,
      tool: id,
      arguments: jsonObject,
      concurrency: z.number().int().min(1).max(LOAD_LIMITS.maxConcurrency, `must be at most ${LOAD_LIMITS.maxConcurrency}`),
      rate: z.number().positive().max(LOAD_LIMITS.maxRate, `must be at most ${LOAD_LIMITS.maxRate} calls a second`).optional(),
      durationS: z.number().positive().max(LOAD_LIMITS.maxDurationS, `must be at most ${LOAD_LIMITS.maxDurationS} seconds`),
    }) satisfies z.ZodType<LoadRunParams>,
  ),
  /** Stops a load run: no new calls, calls still out are cancelled; `load.run` then resolves. */
  'load.cancel': request<void>()(z.object({ runId: id })),
  // Compare (issue 30, item 2): the same server connected as two clients, what each was offered (shared/compare.ts).
  /** Connects the server twice apart from its own connection, as clients `a` and `b`, lists what each was offered, closes both. */
  'servers.compare': request<CompareResult>()(
    serverRef.extend({ a: z.enum(COMPARE_CLIENT_IDS as [CompareClientId, ...CompareClientId[]]), b: z.enum(COMPARE_CLIENT_IDS as [CompareClientId, ...CompareClientId[]]) }) satisfies z.ZodType<CompareParams>,
  ),
  // The OAuth debugger (issue 30, item 1): a flow run step by step under one spec version (shared/oauth-debugger.ts).
  /** Starts a run (step mode: its first step pending; all: it runs on); `oauthDebug.changed` follows every change. */
  'oauthDebug.start': request<OAuthDebugRun>()(
    serverRef.extend({ version: z.enum(OAUTH_SPEC_VERSIONS).optional(), mode: z.enum(['all', 'step']).optional() }) satisfies z.ZodType<OAuthDebugStartParams>,
  ),
  /** Sends the pending step; resolves when it is done or waits for the browser (in `all` mode, when the run ends). */
  'oauthDebug.next': request<OAuthDebugRun>()(z.object({ runId: id })),
  /** Runs again from a step, keeping the steps before it; `edit` changes its request first. */
  'oauthDebug.continueFrom': request<OAuthDebugRun>()(z.object({ runId: id, stepIndex: z.number().int().min(0), edit: debugRequestEdit.optional() })),
  /** Changes the pending step's request (a scope, the redirect URI, any parameter) before it is sent; its checks are judged again. */
  'oauthDebug.edit': request<OAuthDebugRun>()(z.object({ runId: id, stepIndex: z.number().int().min(0).optional(), edit: debugRequestEdit })),
  'oauthDebug.stop': request<OAuthDebugRun>()(z.object({ runId: id })),
  // The connection doctor (issue 39, item 1): checks in order on one server, each with what it saw and the fix (shared/doctor.ts).
  /** Runs the checks on a saved server apart from its connection (its exchanges are in the traffic log) and answers with the report. */
  'doctor.run': request<DoctorReport>()(serverRef),
  'oauthDebug.get': request<OAuthDebugRun>()(z.object({ runId: id })),
  /** This core's runs (of one server, when named), oldest first. */
  'oauthDebug.list': request<OAuthDebugRunSummary[]>()(z.object({ serverId: id.optional() })),
  // Models (issue 29): providers, modelPreferences rules, drafts of sampling replies, the chat playground.
  'models.providers.list': request<ModelProvider[]>()(none),
  /** Adds a provider; its `apiKey` goes to the secret store, never to models.json. */
  'models.providers.add': request<ModelProvider>()(checkedInCore<ModelProviderInput>()),
  /** `apiKey` absent keeps the stored key, null removes it. */
  'models.providers.update': request<ModelProvider>()(z.object({ id, provider: checkedInCore<ModelProviderInput>() })),
  'models.providers.remove': request<void>()(z.object({ id })),
  /** The provider's models (`GET <base>/models`); a failure is one sentence. */
  'models.list': request<ModelList>()(z.object({ providerId: id })),
  /** Lists the models and answers with one sentence of result (never throws for the provider's failures). */
  'models.test': request<ModelConnectionTest>()(z.object({ providerId: id })),
  'models.preferences.get': request<ModelPreferences>()(none),
  'models.preferences.set': request<ModelPreferences>()(checkedInCore<ModelPreferences>()),
  /** The model the rules pick for a pending sampling request, and why. */
  'models.choose': request<ModelChoice>()(z.object({ approvalId: id })),
  /** Drafts a pending sampling request's reply with a model (the given one, else the rules' pick); `models.draft` events follow. */
  'models.draft': request<DraftStarted>()(z.object({ approvalId: id, model: modelRef.optional() })),
  'models.draftStop': request<void>()(z.object({ draftId: id })),
  /** What each auto-reply rule has spent with a model in this session (rules that spent nothing are left out). */
  'models.ruleSpending': request<RuleSpend[]>()(none),
  'chat.create': request<ChatConversation>()(z.object({ model: modelRef, ...chatFields })),
  /** Changes an idle conversation's settings. */
  'chat.update': request<ChatConversation>()(conversationRef.extend({ model: modelRef.optional(), ...chatFields })),
  /** Adds the person's message and starts the run; answers at once, `chat.event`s follow. */
  'chat.send': request<ChatConversation>()(conversationRef.extend({ text: chatText })),
  'chat.stop': request<void>()(conversationRef),
  /** Reads a resource or gets a prompt through the server's connection and adds it to the context. */
  'chat.addContext': request<ChatTurn>()(conversationRef.extend({ serverId: id, source: chatContextSource })),
  'chat.get': request<ChatConversation>()(conversationRef),
  /** Live and saved conversations, newest first. */
  'chat.list': request<ChatSummary[]>()(none),
  /** Saves the conversation in the data folder (and again after each run). */
  'chat.save': request<ChatSummary>()(conversationRef),
  'chat.remove': request<void>()(conversationRef),
  /** The conversation as a JSON document. */
  'chat.export': request<string>()(conversationRef),
  /** A new conversation with the turns before `turnIndex`, then `text` (or that turn's message) sent, or the model run. */
  'chat.restart': request<ChatConversation>()(conversationRef.extend({ turnIndex: z.number().int().min(0), text: chatText.optional() })),
  /** The same message to two models side by side: two conversations sharing a `compareId`. */
  'chat.compare': request<ChatConversation[]>()(z.object({ models: z.tuple([modelRef, modelRef]), text: chatText, ...chatFields })),
  /** Chat tool calls waiting for the person (approve, edit arguments, refuse), and the decided ones. */
  'approvals.toolCalls.list': request<ToolCallApproval[]>()(none),
  'approvals.toolCalls.decide': request<ToolCallApproval>()(z.object({ id, decision: toolCallDecision })),
  // Collections: folders of saved requests (docs/collections.md).
  /** Opens a collection folder (read and watched: edits on disk come as `collections.changed`). */
  'collections.open': request<CollectionView>()(z.object({ dir: folderPath })),
  /** Creates collection.yaml in a folder (made when missing) and opens it; an existing one is refused. */
  'collections.create': request<CollectionView>()(z.object({ dir: folderPath, name: z.string().min(1).max(200), servers: jsonObject.optional() })),
  'collections.close': request<void>()(collectionRef),
  /** One request file: its text and, when it parses, the request (else the problem, naming the line). */
  'collections.readRequest': request<RequestFileView>()(collectionRef.extend({ path: requestPath })),
  /**
   * Saves a request (a tool call, resource read or prompt get with its arguments and checks) as a
   * file; an existing file keeps its comments and layout. The only way Loupe writes a request.
   */
  'collections.saveRequest': request<RequestFileView>()(collectionRef.extend({ path: requestPath, request: checkedInCore<Record<string, unknown>>() })),
  /** Saves the tools/call, resources/read or prompts/get request of a traffic entry as a request file. */
  'collections.saveFromTraffic': request<RequestFileView>()(
    collectionRef.extend({ path: requestPath, seq: z.number().int().nonnegative(), name: z.string().max(200).optional(), server: z.string().max(200).optional() }),
  ),
  /**
   * Runs the whole collection, a folder or one request (`path`), on the collection's servers (or all
   * on `serverId`); finished requests come as `collections.runProgress` events, a few a second. Runs are kept.
   */
  'collections.run': request<RunReport>()(
    collectionRef.extend({
      path: z.string().max(1_000).optional(),
      serverId: id.optional(),
      servers: z.record(z.string(), id).optional(),
      environment: z.string().max(200).optional(),
      updateSnapshots: z.boolean().optional(),
    }),
  ),
  /** A request's kept runs: the last and the one before (each links its traffic seqs). */
  'collections.runs': request<RequestRuns>()(collectionRef.extend({ path: requestPath })),
  /** The collection's last run report and the one before. */
  'collections.reports': request<{ last?: RunReport; previous?: RunReport }>()(collectionRef),
  /** The request's last result becomes its snapshot baseline (snapshots/<path>.json). */
  'collections.acceptSnapshot': request<void>()(collectionRef.extend({ path: requestPath })),
  /** Adds (or updates) in the server list the collection's servers its requests (under `path`) use, for an environment; their ids by key. */
  'collections.prepareServers': request<Record<string, string>>()(collectionRef.extend({ environment: z.string().max(200).optional(), path: z.string().max(1_000).optional() })),
  /**
   * What a run of the collection would start and read and where it would send it (`serverOverride`:
   * every request goes to a server the person chose, so the collection's own are not started).
   */
  'collections.consent': request<CollectionConsent>()(collectionRef.extend({ serverOverride: z.boolean().optional() })),
  /** Allows what `collections.consent` named, for exactly that content (`hash`): remembered for the folder, or for this session only. */
  'collections.allow': request<void>()(collectionRef.extend({ hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be the hash collections.consent gave'), remember: z.boolean() })),
  /** Stores (or with null removes) a secret a collection names as {{secret:NAME}}, in the keychain, for this collection only. */
  'collections.setSecret': request<void>()(collectionRef.extend({ name: z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/, 'must be a name of letters, digits, "-", "_" and "."'), value: z.string().max(100_000).nullable() })),
  /** The secrets the collection's files name as {{secret:NAME}}, each with whether Loupe has a value for it (never the value). */
  'collections.secrets': request<CollectionSecret[]>()(collectionRef),
  /** Diffs two results (runs, a baseline, traffic entries) in the core's diff thread; read the rows with `diffs.rows`. */
  'diffs.open': request<DiffSummary>()(z.object({ before: diffSource, after: diffSource, ignore: z.array(z.string().max(1_000)).max(200).optional() })),
  /** A window of a diff's rows. */
  'diffs.rows': request<DiffRow[]>()(rowWindow.and(z.object({ diffId: id }))),
  'diffs.close': request<void>()(z.object({ diffId: id })),
  /** A connected server's whole surface (capabilities, tools, resources, templates, prompts). */
  'surfaces.take': request<CapabilitySnapshot>()(serverRef),
  /** Saves a connected server's surface into the collection as surfaces/<name>.json. */
  'surfaces.save': request<CapabilitySnapshot>()(collectionRef.extend({ serverId: id, name: snapshotName })),
  /** The collection's saved capability snapshots: whose surface each is and when it was taken. */
  'surfaces.list': request<SurfaceListing[]>()(collectionRef),
  /** Diffs two surfaces (a connected server or a saved snapshot each), every change classified. */
  'surfaces.diff': request<SurfaceDiff>()(z.object({ before: surfaceSource, after: surfaceSource })),
  /** What changed in a connected server since a saved snapshot ("changed since the snapshot"). */
  'surfaces.changedSince': request<SurfaceDiff>()(collectionRef.extend({ serverId: id, name: snapshotName })),
  // loupe proxy: proxied sessions, intercept, Route through Loupe, serve as mock (types in shared/proxy.ts)
  /** The sessions `loupe proxy` processes streamed to this app, live and lately ended; their traffic is under their `serverId`. */
  'proxy.sessions.list': request<ProxiedSession[]>()(none),
  /** The intercept rules; with `rules`, replaces them (each live proxy gets them at once). Filters that cannot be read are refused. */
  'proxy.intercept.rules': request<InterceptRule[]>()(z.object({ rules: z.array(interceptRule).max(64) }).optional()),
  /** Messages paused by intercept now, and the lately decided ones (their `status`), oldest first. */
  'proxy.intercept.list': request<PausedMessage[]>()(none),
  /** Forward, edit then forward, answer (a client's request) or drop a paused message. */
  'proxy.intercept.decide': request<PausedMessage>()(z.object({ id, decision: interceptDecision })),
  /** The exact change "Route through Loupe" would make to an imported entry's config file, as a diff. */
  'proxy.route.preview': request<RoutePlan>()(routeTarget),
  /** Makes that change, if the file still has the `fileHash` the preview gave; keeps a backup. */
  'proxy.route.apply': request<RouteRecord>()(z.object({ target: routeTarget, fileHash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex') })),
  /** The changes made, newest first (restored ones too). */
  'proxy.route.list': request<RouteRecord[]>()(none),
  /** Puts back the bytes the file had before the change; refused when the file changed since. */
  'proxy.route.restore': request<RouteRecord>()(z.object({ id })),
  /** Adds a server that runs `loupe mock` on a saved session (by id), or on a recording file. */
  'proxy.mock.add': request<ServerConfig>()(
    z.object({
      recording: z.string().min(1).max(4096),
      server: z.string().max(1000).optional(),
      name: z.string().max(1000).optional(),
      matching: z.enum(['exact', 'method']).optional(),
      ignore: z.array(z.string().startsWith('/', 'must be a JSON Pointer').max(1000)).max(32).optional(),
    }),
  ),
} as const;

export const events = {
  'servers.changed': event<ServerConfig[]>(),
  'connections.changed': event<ConnectionState>(),
  /** New entries, batched: never one event per message. */
  'traffic.appended': event<TrafficEntry[]>(),
  /** Requests whose outcome changed, after the entries they name (see shared/traffic-outcomes.ts). */
  'traffic.outcomes': event<OutcomeUpdate[]>(),
  'traffic.cleared': event<void>(),
  'app.notice': event<Notice>(),
  'core.status': event<CoreStatus>(),
  /** A menu command of the desktop app, sent by the Electron shell (never by the core). */
  'app.command': event<AppCommand>(),
  /** A loupe:// link the desktop app was opened with, for the window to show (never to act on by itself). */
  'app.deepLink': event<DeepLinkEvent>(),
  'calls.progress': event<CallProgress>(),
  /** A connection's list changed state (loading, loaded, failed, or its server said `list_changed`). */
  'lists.changed': event<ListChange>(),
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
  /** A load run's counts and recent latencies (every 250 ms while `load.run` runs). */
  'load.progress': event<LoadProgress>(),
  /** An OAuth debug run changed: a step prepared, sent, answered, edited; the run paused, waits or ended. */
  'oauthDebug.changed': event<OAuthDebugRun>(),

  // Models (issue 29).
  'models.providersChanged': event<ModelProvider[]>(),
  /** A draft's text as it streams, then its result (or failure). */
  'models.draft': event<DraftEvent>(),
  /** An auto-reply rule's spending changed (a model reply started or ended, or the cap held a request back): every rule's, as `models.ruleSpending`. */
  'models.ruleSpendingChanged': event<RuleSpend[]>(),
  /** A conversation's steps, text, turns, status and end. */
  'chat.event': event<ChatEvent>(),
  /** A chat tool call was put before the person, or decided. */
  'approvals.toolCallChanged': event<ToolCallApproval>(),
  // Collections.
  /** An open collection changed: a file edited on disk, a save, a new baseline. */
  'collections.changed': event<CollectionView>(),
  /** Requests of a collection run finished (those since the last event: at most a few events a second). */
  'collections.runProgress': event<{ collectionId: string; runId: string; requests: RequestRun[]; done: number; total: number }>(),
  // loupe proxy
  /** A proxied session started, learned who its client or server is, or ended. */
  'proxy.sessions.changed': event<ProxiedSession>(),
  /** A message was paused by intercept, or decided, timed out or let go. */
  'proxy.intercept.changed': event<PausedMessage>(),
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
