import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Approval } from '../../shared/approvals.js';
import type { RequestHandlers } from '../../shared/contract.js';
import { LoupeError } from '../../shared/wire.js';
import { DEFAULT_CONNECT_TIMEOUT_MS } from '../../shared/server-config.js';
import { createApprovals } from './approvals/index.js';
import { AuthManager } from './auth/auth-manager.js';
import { openSecretStore, SECRETS_FILE, secretsInFileNotice, type SecretStoreOptions } from './secrets/open-secret-store.js';
import { rememberSecretsNoticeSaid, SECRETS_NOTICE_ID, secretsNoticeSaid } from './secrets/secrets-notice.js';
import { ReadThroughSecretStore } from './secrets/secret-store.js';
import { SessionSecrets } from './secrets/session-secrets.js';
import { TokenStore } from './auth/token-store.js';
import { authHandlers } from './handlers/auth-handlers.js';
import { ConfigStore } from './config/config-store.js';
import { lockDataFolder } from './base/data-folder-lock.js';
import { ConnectionManager } from './connections/connection-manager.js';
import { createServerRequestRouter } from './connections/server-request-router.js';
import type { Core, CoreOptions } from './core.js';
import { EventHub } from './event-hub.js';
import { AppDocuments } from './apps/app-documents.js';
import { appsHandlers } from './apps/app-handlers.js';
import { appHandlers, NoticeBoard } from './handlers/app-handlers.js';
import { connectionHandlers } from './handlers/connection-handlers.js';
import { promptHandlers } from './handlers/prompt-handlers.js';
import { replayHandlers } from './handlers/replay-handlers.js';
import { resourceHandlers } from './handlers/resource-handlers.js';
import { serverHandlers } from './handlers/server-handlers.js';
import { placeSignInDemo, signInDemoHandlers } from './handlers/sign-in-demo-handlers.js';
import { SignInDemo } from './demo/sign-in-demo.js';
import { isSignInDemoEntry } from '../../shared/sign-in-demo.js';
import { createNotice } from './base/notice.js';
import { uiStateHandlers } from './handlers/ui-state-handlers.js';
import { UiStateStore } from './config/ui-state-store.js';
import { toolHandlers } from './handlers/tool-handlers.js';
import { documentHandlers } from './handlers/document-handlers.js';
import { DocumentHost } from './documents/document-host.js';
import { trafficHandlers } from './handlers/traffic-handlers.js';
import { utilityHandlers } from './handlers/utility-handlers.js';
import { collectionHandlers } from './handlers/collection-handlers.js';
import { createCollections } from './collections/create-collections.js';
import { IsolatedValidator } from './mcp/isolated-validator.js';
import { warmCheckerAtStart, warmsChecker } from './mcp/checker-warm-up.js';
import { watchServerNotifications } from './mcp/server-notifications.js';
import { importHandlers } from './config/import/import-handlers.js';
import { redactSecrets } from './traffic/redact-secrets.js';
import { startProxyArea } from './handlers/proxy-handlers.js';
import { TrafficLog } from './traffic/traffic-log.js';
import { ServerListsRegistry } from './lists/server-lists.js';
import { listHandlers } from './handlers/list-handlers.js';
import { lintHandlers } from './handlers/lint-handlers.js';
import { registryHandlers } from './handlers/registry-handlers.js';
import { telemetryHandlers } from './handlers/telemetry-handlers.js';
import { loadHandlers } from './handlers/load-handlers.js';
import { compareHandlers } from './handlers/compare-handlers.js';
import { doctorHandlers } from './handlers/doctor-handlers.js';
import { oauthDebugHandlers } from './handlers/oauth-debug-handlers.js';
import { OAuthDebugger } from './auth/debugger/oauth-debugger.js';
import { recordedFetch } from './auth/recorded-fetch.js';
import { McpTelemetry } from './telemetry/mcp-telemetry.js';
import { restoreSavedTelemetry, TelemetrySettings } from './config/telemetry-settings.js';
import { StructuredResults } from './lint/structured-results.js';
import { TrafficSessions } from './traffic/traffic-sessions.js';
import type { RetentionLimits } from './traffic/traffic-record.js';
import type { LineLimits } from './transports/stdio-transport.js';
import { createModels } from './create-models.js';
import type { ModelFetchLimits } from './models/model-fetch.js';

export interface CreateCoreOptions extends CoreOptions {
  /** How long a server has to answer `initialize`. */
  initializeTimeoutMs?: number;
  retention?: RetentionLimits;
  /** How long one schema check may run (in its worker thread) before the value goes unchecked. */
  validationTimeLimitMs?: number;
  /** How long a stdio server's stdout and stderr lines may be. */
  lineLimits?: LineLimits;
  /** Sentences the shell wants shown at start-up (e.g. a data folder it migrated). */
  startupNotices?: string[];
  /** The approvals' history of the core process this one replaces. */
  approvalHistory?: Approval[];
  /**
   * Load every connected server's lists, and again on `list_changed` (default). Off, lists load
   * only when asked: the CLI's recorded traffic holds only what its command sent.
   */
  followLists?: boolean;
  /** Secrets are read from the app's store but never written there (the CLI works on a copy). */
  secretsReadOnly?: boolean;
  /** How long and how much a model provider may take (tests make them short). */
  modelLimits?: ModelFetchLimits;
  /** Listen for `loupe proxy` processes and show their sessions (the app's core; not the CLI's). */
  acceptProxies?: boolean;
  /** Start the schema checker's thread once started, before any server connects (the app's core; not the CLI's). */
  warmCheckerAtStart?: boolean;
  /** How the secret store is opened: the process's environment and the native keychain unless tests say otherwise. */
  secretStorage?: Pick<SecretStoreOptions, 'env' | 'loadKeyring' | 'timeoutMs'>;
}


export async function createCore(options: CreateCoreOptions): Promise<Core> {
  const events = new EventHub();
  // A new data folder is private to the user (an existing one keeps the mode its owner gave it).
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockDataFolder(options.dataDir, options.mode);

  const notices = new NoticeBoard((notice) => events.emit('app.notice', notice));
  const secretStore = await openSecretStore({ dataDir: options.dataDir, env: process.env, ...options.secretStorage });
  const secretsFile = secretStore.kind === 'file' ? path.join(options.dataDir, SECRETS_FILE) : undefined;
  // Said once per data folder; then the app shows it as a quiet status (AppInfo.secretsFile).
  if (secretStore.fallbackReason !== undefined && !(await secretsNoticeSaid(options.dataDir))) {
    const message = secretsInFileNotice(path.join(options.dataDir, SECRETS_FILE), options.secretsReadOnly === true);
    notices.seed([{ id: SECRETS_NOTICE_ID, level: 'warning', message }]);
    // The CLI's folder is a copy it throws away: the CLI marks the real one once it has printed the notice.
    if (!options.secretsReadOnly) await rememberSecretsNoticeSaid(options.dataDir);
  }
  const secrets = options.secretsReadOnly ? new ReadThroughSecretStore(secretStore.store) : secretStore.store;
  const sessionSecrets = new SessionSecrets();
  const { store, notices: startupNotices } = await ConfigStore.open(options.dataDir, (notice) => notices.add(notice), secrets, (values) =>
    sessionSecrets.remember(...values),
  );
  notices.seed(startupNotices);
  const uiState = await UiStateStore.open(options.dataDir, (notice) => notices.add(notice), (text) => redactSecrets(text, sessionSecrets.all()));
  notices.seed((options.startupNotices ?? []).map((message) => ({ id: randomUUID(), level: 'info' as const, message })));

  const sessions = await TrafficSessions.open(options.dataDir, (notice) => notices.add(notice));
  const traffic = new TrafficLog(
    (batch) => events.emit('traffic.appended', batch),
    options.retention,
    sessions.journal,
    (updates) => events.emit('traffic.outcomes', updates),
  );

  const approvals = await createApprovals({
    dataDir: options.dataDir,
    serverName: (serverId) => store.get(serverId)?.name ?? serverId,
    traffic,
    emit: (approval) => events.emit('approvals.changed', approval),
    onNotice: (notice) => notices.add(notice),
    ...(options.approvalHistory ? { history: options.approvalHistory } : {}),
    savedIn: uiState,
  });
  const tokens = new TokenStore(secrets, (...values) => sessionSecrets.remember(...values));
  const auth = new AuthManager({
    tokens,
    onChange: (status) => events.emit('auth.changed', status),
    onOpenUrl: (event) => events.emit('auth.openUrl', event),
    fetchFor: (serverId, serverUrl, onExchange) => recordedFetch(traffic.recorderFor(serverId, `oauth:${serverId}`), new URL(serverUrl), onExchange),
  });
  const validator = new IsolatedValidator(options.validationTimeLimitMs);
  const ownClientInfo = { name: 'mcp-loupe', version: options.version };
  const connections = new ConnectionManager({
    auth,
    traffic,
    clientInfo: ownClientInfo,
    initializeTimeoutMs: options.initializeTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    incoming: createServerRequestRouter(store, approvals),
    onState: (state) => {
      if (warmsChecker(state.status)) validator.warm();
      events.emit('connections.changed', state);
      lists.follow(state);
    },
    onProgress: (progress) => events.emit('calls.progress', progress),
    onTask: (task) => events.emit('tasks.changed', task),
    onEnvironmentValues: (values) => sessionSecrets.remember(...values),
    ...(options.lineLimits ? { lineLimits: options.lineLimits } : {}),
  });

  // The sign-in demo runs in this process: an entry for it from an earlier run gets the new port.
  const signInDemo = new SignInDemo(options.version);
  if (store.list().some(isSignInDemoEntry)) {
    await placeSignInDemo(store, connections, signInDemo).catch((error: unknown) =>
      notices.seed([createNotice('warning', `The sign-in demo could not start: ${error instanceof Error ? error.message : String(error)}.`)]),
    );
  }

  const lists = new ServerListsRegistry({
    connections,
    emit: (change) => events.emit('lists.changed', change),
    follow: options.followLists ?? true,
  });
  traffic.observe(
    watchServerNotifications(
      (name, payload) => events.emit(name, payload),
      (serverId, connectionId, list) => lists.listChanged(serverId, connectionId, list),
    ),
  );

  const telemetry = new McpTelemetry(traffic, (serverId) => store.get(serverId), options.version);
  const telemetrySettings = await TelemetrySettings.open(options.dataDir, secrets, (value) => sessionSecrets.remember(value), (notice) => notices.add(notice));
  await restoreSavedTelemetry(telemetrySettings, (config) => telemetry.configure(config), (notice) => notices.add(notice));
  const serverName = (serverId: string) => store.get(serverId)?.name ?? serverId;
  const models = await createModels({
    dataDir: options.dataDir,
    secrets,
    rememberSecret: (value) => sessionSecrets.remember(value),
    onNotice: (notice) => notices.add(notice),
    traffic,
    approvals,
    emit: {
      providersChanged: (providers) => events.emit('models.providersChanged', providers),
      draft: (event) => events.emit('models.draft', event),
      ruleSpending: (spends) => events.emit('models.ruleSpendingChanged', spends),
      chat: (event) => events.emit('chat.event', event),
      toolCall: (approval) => events.emit('approvals.toolCallChanged', approval),
    },
    serverName,
    tools: async (serverId) => {
      if (connections.state(serverId).status !== 'connected') throw new LoupeError(`The server "${serverName(serverId)}" is not connected: connect it, or leave it out of the chat.`, 'not-connected');
      return (await lists.load(serverId, 'tools', false)).items;
    },
    callTool: (params) => handlers['tools.call'](params),
    cancelCall: (callId) => void connections.cancel(callId, 'Stopped in the chat.'),
    readResource: (serverId, uri) => handlers['resources.read']({ serverId, uri }),
    getPrompt: (serverId, name, args) => handlers['prompts.get']({ serverId, name, arguments: args }),
    validate: (schema, value) => validator.validate(schema, value),
    limits: options.modelLimits,
  });

  const collections = createCollections({
    dataDir: options.dataDir,
    traffic,
    secrets,
    validator,
    emit: (name, payload) => events.emit(name, payload),
    handlers: () => handlers,
    remember: (values) => sessionSecrets.remember(...values),
  });
  const proxy = await startProxyArea({
    dataDir: options.dataDir,
    traffic,
    store,
    acceptProxies: options.acceptProxies ?? false,
    onSession: (session) => events.emit('proxy.sessions.changed', session),
    onSessionOpened: (session) => void sessions.nameProxy(session.serverId, session.name),
    onPaused: (message) => events.emit('proxy.intercept.changed', message),
    onServersChanged: () => events.emit('servers.changed', store.list()),
    onNotice: (notice) => notices.add(notice),
  });

  const oauthDebug = new OAuthDebugger({
    server: (serverId) => store.require(serverId),
    tokens,
    traffic,
    onChange: (run) => events.emit('oauthDebug.changed', run),
    openUrl: (event) => events.emit('auth.openUrl', event),
    remember: (...values) => sessionSecrets.remember(...values),
    clientVersion: options.version,
  });
  const documents = new DocumentHost();
  const hold = (text: string) => documents.hold(text);
  const handlers: RequestHandlers = {
    ...appHandlers({ version: options.version, mode: options.mode, dataDir: options.dataDir, ...(secretsFile !== undefined ? { secretsFile } : {}) }, notices),
    ...serverHandlers(store, connections, () => events.emit('servers.changed', store.list())),
    ...signInDemoHandlers(store, connections, signInDemo, () => events.emit('servers.changed', store.list())),
    ...uiStateHandlers(uiState),
    ...importHandlers(store, () => events.emit('servers.changed', store.list())),
    ...connectionHandlers(store, connections),
    ...listHandlers(lists),
    ...toolHandlers(connections, lists, hold),
    ...documentHandlers(documents),
    ...resourceHandlers(connections, lists, hold),
    ...promptHandlers(connections, lists, hold),
    ...utilityHandlers(connections, validator),
    ...approvals.handlers,
    ...replayHandlers(traffic, connections),
    ...authHandlers(store, connections, auth),
    ...trafficHandlers(
      traffic,
      sessions,
      () => sessionSecrets.all(),
      () => events.emit('traffic.cleared', undefined),
      (serverId) => store.get(serverId)?.name,
      options.version,
    ),
    ...appsHandlers(connections, new AppDocuments(traffic, options.appFrameOrigin)),
    ...lintHandlers(lists, new StructuredResults(traffic)),
    ...registryHandlers(store),
    ...telemetryHandlers(telemetry, telemetrySettings),
    ...loadHandlers(connections, (progress) => events.emit('load.progress', progress)),
    ...compareHandlers(store, connections, ownClientInfo),
    ...doctorHandlers(store, traffic, options.version, (values) => sessionSecrets.remember(...values)),
    ...oauthDebugHandlers(oauthDebug),
    ...models.handlers,
    ...collectionHandlers(collections.service, collections.deps),
    ...proxy.handlers,
  };


  // A collection run and a chat turn are parent spans of the requests they make (when exporting traces).
  const runCollection = handlers['collections.run'];
  handlers['collections.run'] = (params) =>
    telemetry.traced({ name: `collection run${params.path ? `: ${params.path}` : ''}`, kind: 'collection-run', serverId: params.serverId }, () => runCollection(params));
  const sendChat = handlers['chat.send'];
  handlers['chat.send'] = (params) => telemetry.traced({ name: 'chat turn', kind: 'chat-turn' }, () => sendChat(params));

  const removeServer = handlers['servers.remove'];
  handlers['servers.remove'] = async (params) => {
    await removeServer(params);
    oauthDebug.forget(params.id);
    await auth.forget(params.id);
  };

  if (options.warmCheckerAtStart) warmCheckerAtStart(validator);

  return {
    handlers,
    subscribe: (listener) => events.subscribe(listener),
    dispose: async () => {
      await models.dispose();
      await approvals.flush();
      await proxy.close();
      oauthDebug.forget();
      await connections.disconnectAll();
      await signInDemo.close();
      await telemetry.stop();
      await collections.dispose();
      await validator.close();
      await documents.close();
      traffic.flush();
      sessions.close();
      await lock.release();
    },
  };
}
