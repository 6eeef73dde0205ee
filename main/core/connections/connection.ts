import { randomUUID } from 'node:crypto';
import { Client, LOG_LEVEL_META_KEY, ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode, type Transport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { changedConnectionSettings } from '../config/connection-settings.js';
import type { AuthSession } from '../auth/auth-session.js';
import { SignInRounds } from '../auth/sign-in-rounds.js';
import type { ChangeStreamState, ConnectionFailure, ConnectionState, ProcessExit, ProtocolEra } from '../../../shared/connection.js';
import type { CallProgress, JsonObject, LoggingLevel, RpcFailure, RpcOutcome, SchemaViolation, ToolInfo } from '../../../shared/mcp.js';
import type { ToolCallAsked } from '../../../shared/approvals.js';
import {
  DEFAULT_CALL_TIMEOUTS,
  DEFAULT_PROTOCOL_ERA,
  MODERN_PROTOCOL_VERSION,
  type CallTimeouts,
  type ServerConfig,
} from '../../../shared/server-config.js';
import type { TrafficEntry } from '../../../shared/traffic.js';
import type { TaskInfo } from '../../../shared/tasks.js';
import { LoupeError } from '../../../shared/wire.js';
import { TaskRunner } from '../tasks/task-runner.js';
import { findResultViolations } from '../mcp/result-violations.js';
import { createTransport, type CreatedTransport } from '../transports/create-transport.js';
import type { LineLimits } from '../transports/stdio-transport.js';
import type { WireReport, TrafficLog } from '../traffic/traffic-log.js';
import { AbortPool } from './abort-pool.js';
import { openChangeStream, type ChangeStream } from './change-stream.js';
import { clientInfoFor, clientOptions, STDIO_PROBE_TIMEOUT_MS } from './client-options.js';
import { describeConnectFailure, describeRequestFailure, disconnectSentence } from './describe-failure.js';
import type { IncomingRequests } from './incoming-requests.js';
import { CallDeadline } from './call-deadline.js';
import { CallTimedOut, InputAbandoned, InputRounds, isInputRequired, MAX_INPUT_ROUNDS, readInputRequired, retryParams } from './input-rounds.js';
import { describeNegotiation, describePinFailure, ProbeWatch } from './probe-watch.js';
import { readProgress } from './read-progress.js';
import { serverIdentity } from './server-identity.js';
import { watchWire, withWireIds, type Flow, type WireWatch } from './wire-watch.js';
import { jsonByteLength } from '../base/json-size.js';

/** The SDK's own request timer, set beyond any call's deadline (the largest delay a Node timer takes). */
const NO_SDK_TIMEOUT_MS = 2 ** 31 - 1;

/** Accepts any result: conformance is checked separately so a non-conforming reply is shown, not lost. */
const ANY_RESULT = z.unknown();

export interface RequestOptions {
  timeouts?: CallTimeouts;
  /** Lets the caller cancel the request later (`calls.cancel`). */
  callId?: string;
  /** The seq of the logged request this one repeats (Replay); its entry says so. */
  replayOf?: number;
  /** The tool as listed, for a call run as a task (its `execution` says how). */
  tool?: ToolInfo | undefined;
}


export interface ConnectionDeps {
  traffic: TrafficLog;
  clientInfo: { name: string; version: string };
  initializeTimeoutMs: number;
  incoming: IncomingRequests;
  onState: (state: ConnectionState) => void;
  onProgress: (progress: CallProgress) => void;
  onTask: (task: TaskInfo) => void;
  /** Line limits for stdio servers (the defaults when absent). */
  lineLimits?: LineLimits;
  /** The OAuth client of an HTTP server (none for stdio servers, or when absent). */
  auth?: { sessionFor(config: ServerConfig): AuthSession | undefined };
  /** Marks every traffic entry of the connection (a Compare session's side). */
  trafficTag?: Pick<TrafficEntry, 'compare'>;
}

/** Methods whose result may be `input_required` on a 2026-07-28 connection. */
const MULTI_ROUND_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);

/**
 * One server's live session: a transport, an SDK Client, and the state the UI shows.
 * A new Connection is made for every connect; the manager keeps the latest per server.
 */
export class Connection {
  readonly connectionId = randomUUID();
  private client: Client | undefined;
  private created: CreatedTransport | undefined;
  private authSession: AuthSession | undefined;
  private current: ConnectionState;
  private userClosed = false;
  private logLevel: LoggingLevel | undefined;
  private changes: ChangeStream | undefined;
  private tasks: TaskRunner | undefined;
  private readonly inFlight = new Map<string, AbortController>();
  /** The tool calls waiting for their answer, so a request the server sends meanwhile knows which it came during. */
  private readonly toolCallsInFlight = new Set<ToolCallAsked>();
  /** The running calls' timeouts: they stop while the server's requests wait for a person. */
  private readonly deadlines = new Set<CallDeadline>();
  private readonly aborts = new AbortPool();
  /** Server → client requests being handled (2025 era), aborted when the connection goes. */
  private readonly serverRequests = new Set<AbortController>();

  private readonly traffic: TrafficLog;
  private readonly recorder: WireReport;
  private readonly initializeTimeoutMs: number;
  private readonly signIn = new SignInRounds({
    session: () => this.authSession,
    finishAuth: () => (this.created?.type === 'http' ? this.created.finishAuth : undefined),
  });
  private readonly input: InputRounds;
  /** The server's saved call timeouts, kept current by noteSavedConfig. */
  private savedTimeouts: CallTimeouts | undefined;

  constructor(
    private readonly config: ServerConfig,
    private readonly deps: ConnectionDeps,
  ) {
    this.traffic = deps.traffic;
    this.initializeTimeoutMs = config.connectTimeoutMs ?? deps.initializeTimeoutMs;
    this.savedTimeouts = config.timeouts;
    this.recorder = this.traffic.recorderFor(config.id, this.connectionId, deps.trafficTag);
    this.current = { serverId: config.id, status: 'connecting', connectionId: this.connectionId, since: Date.now() };
    this.input = new InputRounds({
      incoming: deps.incoming,
      serverId: config.id,
      connectionId: this.connectionId,
      track: (controller) => {
        this.serverRequests.add(controller);
        return () => this.serverRequests.delete(controller);
      },
    });
  }

  get state(): ConnectionState {
    return this.current;
  }

  /** The server's saved settings changed: the state says which of them this connection does not use. */
  noteSavedConfig(saved: ServerConfig): void {
    this.savedTimeouts = saved.timeouts;
    const changed = changedConnectionSettings(this.config, saved);
    if (changed.join('\n') === (this.current.settingsChanged ?? []).join('\n')) return;
    const { settingsChanged: _previous, ...rest } = this.current;
    this.current = { ...rest, ...(changed.length > 0 ? { settingsChanged: changed } : {}) };
    this.deps.onState(this.current);
  }

  /**
   * The one place a call's timeouts are resolved: the call's own, else the server's saved ones
   * (an edit applies without reconnecting), else the defaults.
   */
  private timeoutsFor(options: RequestOptions): CallTimeouts {
    return options.timeouts ?? this.savedTimeouts ?? DEFAULT_CALL_TIMEOUTS;
  }

  get era(): ProtocolEra | undefined {
    return this.client?.getProtocolEra();
  }

  async connect(): Promise<ConnectionState> {
    this.setState({ status: 'connecting' });
    const setting = this.config.era ?? DEFAULT_PROTOCOL_ERA;
    const probe = new ProbeWatch(this.traffic, this.connectionId);
    let restarted = false;
    try {
      try {
        await this.signIn.open(() => this.open(setting, false), () => this.closeQuietly());
      } catch (error) {
        // Servers built on some SDKs exit on any request before initialize. The SDK probes such
        // servers on a sibling process; Loupe's own transport probes in place, so it restarts the
        // server once and goes straight to initialize, and says so in the log.
        if (setting !== 'auto' || this.created?.type !== 'stdio' || !this.created.transport.exit || !probe.unanswered) throw error;
        this.recorder.note(
          'The server exited on the server/discover probe (some servers exit on any request before initialize). Restarting it and connecting with initialize.',
        );
        await this.closeQuietly();
        this.recorder.endOpenRequests('The server exited before answering; Loupe restarted it.');
        restarted = true;
        await this.open(setting, true);
      }
      const client = this.client as Client;
      const era = client.getProtocolEra() ?? 'legacy';
      const version = client.getNegotiatedProtocolVersion() ?? 'unknown';
      const negotiation = describeNegotiation(setting, era, version, probe.result, restarted);
      if (probe.result.sent) this.recorder.note(negotiation.summary);
      const server = serverIdentity(client, era, version, negotiation);
      this.tasks = new TaskRunner(client, { serverId: this.config.id, connectionId: this.connectionId }, this.deps.onTask);
      this.setState({ status: 'connected', server });
      if (era === 'modern') {
        this.changes = openChangeStream(client, server.capabilities, (stream, changeStream) => {
          if (this.current.status !== 'connected' || (this.changes && this.changes !== stream)) return;
          this.current = { ...this.current, changeStream };
          this.deps.onState(this.current);
        });
      }
    } catch (error) {
      this.authSession?.connectFailed(error);
      const exit = await this.exitAfterFailure(error);
      const pinFailure = setting === 'modern' && isEraNegotiationFailure(error) ? describePinFailure(probe.result, MODERN_PROTOCOL_VERSION) : undefined;
      const failure = pinFailure
        ? { code: 'era-mismatch' as const, message: pinFailure, detail: errorMessage(error) }
        : this.signIn.describeFailure(error) ?? describeConnectFailure(error, {
            config: this.config.transport,
            ...(exit ? { exit } : {}),
            ...(this.created?.type === 'http' ? { probe: this.created.probe } : {}),
            initializeTimeoutMs: this.initializeTimeoutMs,
          });
      this.userClosed = true;
      await this.closeQuietly();
      this.setState({ status: 'failed', failure, ...(exit ? { exit } : {}) });
    } finally {
      probe.dispose();
    }
    return this.current;
  }

  /** Makes the transport and the client and connects them; `legacyOnly` skips the probe. */
  private async open(setting: NonNullable<ServerConfig['era']>, legacyOnly: boolean): Promise<void> {
    const session = this.deps.auth?.sessionFor(this.config);
    this.authSession = session;
    this.created = createTransport(
      this.config.transport,
      this.recorder,
      this.deps.lineLimits,
      session
        ? {
            authProvider: session,
            onExchange: (exchange, seq) => session.noteExchange(exchange, seq),
            ...(this.config.auth?.allowIssuerMismatch ? { skipIssuerMetadataValidation: true } : {}),
          }
        : {},
    );
    if (session && this.created.type === 'http' && this.config.transport.type !== 'stdio') {
      await session.prepare({ serverUrl: this.config.transport.url, settings: this.config.auth ?? {} }, this.created.fetch);
    }
    if (this.created.type === 'stdio') {
      this.created.transport.onexit = (exit) => this.handleExit(exit);
    }
    const probeTimeoutMs = this.created.type === 'stdio' ? Math.min(STDIO_PROBE_TIMEOUT_MS, this.initializeTimeoutMs) : this.initializeTimeoutMs;
    const client = new Client(clientInfoFor(this.config.client, this.deps.clientInfo), clientOptions(setting, probeTimeoutMs, this.config.client));
    client.onclose = () => this.handleClose();
    // Our own handler, not setRequestHandler: the SDK's would refuse malformed requests
    // before Loupe could show them, and would validate what the person chose to send.
    client.fallbackRequestHandler = async (request, ctx) => {
      // The SDK does not abort a handler when the connection closes; the person must see that too.
      const closed = new AbortController();
      this.serverRequests.add(closed);
      const waiting = [...this.deadlines];
      for (const deadline of waiting) deadline.pause();
      try {
        return (await this.deps.incoming.handle(request.method, request.params, {
          serverId: this.config.id,
          connectionId: this.connectionId,
          rpcId: request.id,
          signal: AbortSignal.any([ctx.mcpReq.signal, closed.signal]),
          ...(this.toolCallsInFlight.size === 1 ? { duringCall: [...this.toolCallsInFlight][0]! } : {}),
        }));
      } finally {
        this.serverRequests.delete(closed);
        for (const deadline of waiting) deadline.resume();
      }
    };
    this.client = client;
    const transport: Transport = this.created.transport;
    await client.connect(transport, { timeout: this.initializeTimeoutMs, ...(legacyOnly ? { prior: { kind: 'legacy' } } : {}) });
  }

  /** Starts or stops the change stream of a modern connection. */
  async setChangeStream(open: boolean): Promise<ChangeStreamState> {
    const changes = this.requireChangeStream();
    return open ? changes.start() : changes.stop();
  }

  /** Resource updates: `resources/subscribe` on 2025 connections, the change stream's filter on modern ones. */
  async subscribeResource(uri: string, subscribed: boolean): Promise<RpcOutcome> {
    if (this.client?.getProtocolEra() !== 'modern') {
      return this.request(subscribed ? 'resources/subscribe' : 'resources/unsubscribe', { uri });
    }
    const started = performance.now();
    const state = await this.requireChangeStream().setResource(uri, subscribed);
    if (state.status === 'failed') return this.failed(started, { kind: 'protocol', message: state.message ?? 'The change stream failed.' });
    return { result: {}, violations: [], durationMs: performance.now() - started, responseSize: 0 };
  }

  private requireChangeStream(): ChangeStream {
    if (!this.changes || this.current.status !== 'connected') {
      throw new LoupeError('Change streams exist on 2026-07-28 connections only; this server is not connected on that era.', 'not-supported');
    }
    return this.changes;
  }

  async disconnect(why?: ConnectionFailure): Promise<ConnectionState> {
    this.userClosed = true;
    this.authSession?.cancel('Sign-in cancelled: the server was disconnected.');
    await this.tasks?.close();
    this.abortAll(new InputAbandoned('disconnected', 'Disconnected by the user.'));
    await this.closeQuietly();
    if (this.current.status === 'connecting' || this.current.status === 'connected') {
      this.setState({ status: 'disconnected', ...(why ? { failure: why } : {}) });
    }
    return this.current;
  }

  /**
   * Sends any request; the raw result comes back even when it breaks the schema. On a 2026-07-28
   * connection an `input_required` result is answered (through Approvals) and the call retried,
   * round after round, until the server returns its result.
   */
  async request(method: string, params: JsonObject | undefined, options: RequestOptions = {}): Promise<RpcOutcome> {
    const client = this.client;
    const started = performance.now();
    if (!client || this.current.status !== 'connected') {
      return this.failed(started, { kind: 'not-connected', message: 'The server is not connected.' });
    }
    const timeouts = this.timeoutsFor(options);
    const abort = this.aborts.take();
    if (options.callId) this.inFlight.set(options.callId, abort);
    const toolCall = method === 'tools/call' ? toolCallAsked(params) : undefined;
    if (toolCall) this.toolCallsInFlight.add(toolCall);
    const flow: Flow | undefined = client.getProtocolEra() === 'modern' && MULTI_ROUND_METHODS.has(method) ? { id: randomUUID(), round: 1 } : undefined;
    let legParams = this.withLogLevel(client, params);
    let wire: WireWatch | undefined;
    const deadline = new CallDeadline(timeouts, (message) => abort.abort(new CallTimedOut(message)));
    this.deadlines.add(deadline);
    /** Set once the signal went to the answers of an input round, which may keep it: it is not reused then. */
    let signalShared = false;
    try {
      for (;;) {
        wire?.stop();
        wire = watchWire(this.traffic, this.connectionId, flow, options.replayOf, (entry, rpcId) => {
          const progress = options.callId ? readProgress(entry, rpcId) : undefined;
          if (progress && options.callId) this.deps.onProgress({ callId: options.callId, serverId: this.config.id, seq: entry.seq, ...progress });
        });
        const sent = legParams ? { method, params: legParams } : { method };
        const result = await this.signIn.around(() => client.request(sent, ANY_RESULT, {
          signal: abort.signal,
          // Loupe's deadline times the call (it stops while a person answers the server); the SDK's never fires first.
          timeout: NO_SDK_TIMEOUT_MS,
          // The UI builds progress from the traffic record; here progress only restarts the deadline.
          onprogress: () => deadline.progress(),
          allowInputRequired: true,
        }));
        if (!flow || !isInputRequired(result)) return this.succeeded(started, method, result, wire);
        if (flow.round >= MAX_INPUT_ROUNDS) {
          return this.failed(started, { kind: 'protocol', message: `The server still asked for input after ${MAX_INPUT_ROUNDS} rounds, so Loupe stopped retrying.` }, wire);
        }
        const input = readInputRequired(result as JsonObject);
        if ('problem' in input) return this.failed(started, { kind: 'invalid-result', message: input.problem }, wire);
        signalShared = true;
        deadline.pause();
        const responses = await this.input.answer(input.inputRequests, flow.round, wire, abort.signal, toolCall).finally(() => deadline.resume());
        legParams = this.withLogLevel(client, retryParams(params, input, responses));
        flow.round += 1;
      }
    } catch (error) {
      const kept = wire?.response;
      if (kept && kept.message === undefined && kept.problem) return this.failed(started, this.unshowable(kept), wire);
      if (error instanceof ProtocolError && error.code === (ProtocolErrorCode.UrlElicitationRequired as number) && wire) {
        const offered = this.input.offerUrlElicitations(error.data, wire);
        if (offered > 0) {
          return this.failed(started, {
            kind: 'protocol',
            code: error.code,
            message: `The server needs you to open ${offered === 1 ? 'a page' : `${offered} pages`} first (URL elicitation required): see Approvals, then run the call again.`,
            ...(error.data !== undefined ? { data: error.data } : {}),
          }, wire);
        }
      }
      const failure = this.describeFailure(error, abort.signal, timeouts);
      // On a 2026-07-28 stream the SDK cancels by closing it, with nothing on the wire: say so in the log.
      if (wire?.rpcId !== undefined && (failure.kind === 'timeout' || failure.kind === 'cancelled')) {
        this.recorder.noAnswer(wire.rpcId, failure.kind === 'timeout' ? 'timeout' : 'cancelled', failure.message);
      }
      return this.failed(started, failure, wire);
    } finally {
      deadline.stop();
      this.deadlines.delete(deadline);
      wire?.stop();
      if (options.callId) this.inFlight.delete(options.callId);
      if (toolCall) this.toolCallsInFlight.delete(toolCall);
      if (!signalShared) this.aborts.give(abort);
    }
  }

  /** Runs a tool as a task (Tasks extension): its result comes once the task is done; Cancel cancels the task. */
  async callToolAsTask(name: string, args: JsonObject, options: RequestOptions & { callId: string }): Promise<RpcOutcome> {
    const started = performance.now();
    const tasks = this.tasks;
    if (!tasks || this.current.status !== 'connected') return this.failed(started, { kind: 'not-connected', message: 'The server is not connected.' });
    const timeouts = this.timeoutsFor(options);
    const abort = new AbortController();
    this.inFlight.set(options.callId, abort);
    try {
      const outcome = await tasks.callTool(name, args, { callId: options.callId, signal: abort.signal, timeoutMs: timeouts.timeoutMs, ...(options.tool ? { tool: options.tool } : {}) });
      if ('failure' in outcome) return this.failed(started, outcome.failure);
      const era = this.client?.getProtocolEra() ?? 'legacy';
      // The result's own size: the message that carried it (tasks/result or tasks/get) is in the log with its exact bytes.
      return { result: outcome.result, violations: findResultViolations('tools/call', outcome.result, era), durationMs: performance.now() - started, responseSize: jsonByteLength(outcome.result) };
    } catch (error) {
      return this.failed(started, this.describeFailure(error, abort.signal, timeouts));
    } finally {
      this.inFlight.delete(options.callId);
    }
  }

  async listTasks(): Promise<TaskInfo[]> {
    if (!this.tasks || this.current.status !== 'connected') throw new LoupeError('The server is not connected: connect it first.', 'not-connected');
    return this.tasks.list();
  }

  async cancelTask(taskId: string): Promise<void> {
    if (!this.tasks || this.current.status !== 'connected') throw new LoupeError('The server is not connected: connect it first.', 'not-connected');
    await this.tasks.cancel(taskId);
  }

  /** On a modern connection the log level travels with each request, in its `_meta`. */
  private withLogLevel(client: Client, params: JsonObject | undefined): JsonObject | undefined {
    if (!this.logLevel || client.getProtocolEra() !== 'modern') return params;
    const meta = (params?._meta ?? {}) as JsonObject;
    return { ...(params ?? {}), _meta: { [LOG_LEVEL_META_KEY]: this.logLevel, ...meta } };
  }

  /**
   * Sets the log level: `logging/setLevel` on a 2025 connection; on a 2026-07-28 connection
   * the level is kept and sent with every request (there is no such method there).
   */
  async setLogLevel(level: LoggingLevel): Promise<RpcOutcome> {
    if (this.client?.getProtocolEra() === 'modern' && this.current.status === 'connected') {
      this.logLevel = level;
      return { result: {}, violations: [], durationMs: 0, responseSize: 0 };
    }
    return this.request('logging/setLevel', { level });
  }

  private succeeded(started: number, method: string, sdkResult: unknown, wire: WireWatch): RpcOutcome {
    // Tools, prompts and resources panes show these; the log says the same on the row.
    const kept = wire.response;
    if (kept && kept.message === undefined && kept.problem) return this.failed(started, this.unshowable(kept), wire);
    // The recorded response is what the server sent; the SDK's copy has wire-only fields removed.
    const raw = (wire.response?.message as { result?: unknown } | undefined)?.result;
    const result = raw !== undefined ? raw : sdkResult;
    const violations = findResultViolations(method, result, this.client?.getProtocolEra() ?? 'legacy');
    if (violations.length > 0 && wire.response && wire.response.seq >= 0) this.recorder.schemaViolation(wire.response.seq, violationSentence(violations));
    return withWireIds({ result, violations, durationMs: performance.now() - started, responseSize: wire.response?.size ?? 0 }, wire);
  }

  /** Tells the server its roots changed (it will ask again with roots/list). */
  async sendRootsListChanged(): Promise<void> {
    if (this.current.status === 'connected' && this.client?.getProtocolEra() !== 'modern') await this.client?.sendRootsListChanged();
  }

  cancel(callId: string, reason = 'Cancelled by the user.'): boolean {
    const abort = this.inFlight.get(callId);
    if (!abort) return false;
    abort.abort(new InputAbandoned('cancelled', reason));
    return true;
  }

  /** The call was made and answered, but the reply is kept as text only (too deep): say so, and where it is. */
  private unshowable(kept: TrafficEntry): RpcFailure {
    const where = kept.seq >= 0 ? ` See #${kept.seq} in the traffic log.` : '';
    return { kind: 'invalid-result', message: `The server answered, but the reply cannot be shown as a result. ${kept.problem ?? ''}${where}` };
  }

  private failed(started: number, failure: RpcFailure, wire?: WireWatch): RpcOutcome {
    return withWireIds({ failure, violations: [], durationMs: performance.now() - started, responseSize: wire?.response?.size ?? 0 }, wire);
  }

  private describeFailure(error: unknown, signal: AbortSignal, timeouts: CallTimeouts): RpcFailure {
    return describeRequestFailure(error, signal, {
      timeouts,
      connected: this.current.status === 'connected',
      exit: this.current.exit,
      negotiatedVersion: this.client?.getNegotiatedProtocolVersion(),
    });
  }

  private handleExit(exit: ProcessExit): void {
    if (this.userClosed || this.current.status !== 'connected') return;
    this.setState({ status: 'exited', exit });
    this.abortAll(new InputAbandoned('disconnected', disconnectSentence(this.current.exit)));
  }

  private handleClose(): void {
    if (this.userClosed || this.current.status !== 'connected') return;
    if (this.created?.type === 'stdio') return; // handleExit reports it, with the exit code
    this.setState({ status: 'disconnected', failure: { code: 'unknown', message: 'The server closed the connection.' } });
    this.abortAll(new InputAbandoned('disconnected', disconnectSentence(this.current.exit)));
  }

  private abortAll(reason: InputAbandoned): void {
    for (const abort of this.inFlight.values()) abort.abort(reason);
    this.inFlight.clear();
    for (const abort of this.serverRequests) abort.abort(new DOMException('The connection closed.', 'AbortError'));
    this.serverRequests.clear();
  }

  /**
   * When a connect failed because the connection closed, the process is dying: give it a moment
   * so its exit code and stderr can be reported. Any other failure is not about the exit.
   */
  private async exitAfterFailure(error: unknown): Promise<ProcessExit | undefined> {
    if (this.created?.type !== 'stdio') return undefined;
    const transport = this.created.transport;
    const closed = error instanceof SdkError && (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.EraNegotiationFailed);
    for (let waited = 0; closed && !transport.exit && waited < 1_000; waited += 25) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return transport.exit;
  }

  private async closeQuietly(): Promise<void> {
    try {
      if (this.client) await this.client.close();
      else await this.created?.transport.close();
    } catch {
      // Closing a broken connection can fail too; the state already says what went wrong.
    }
  }

  private setState(patch: Partial<ConnectionState> & Pick<ConnectionState, 'status'>): void {
    const { failure: _failure, exit: _exit, server, changeStream: _changeStream, ...base } = this.current;
    this.current = {
      ...base,
      ...(patch.status === 'connected' || patch.status === 'exited' ? (server ? { server } : {}) : {}),
      ...patch,
      since: Date.now(),
    };
    // An ended connection answers nothing more: its open requests end now, as they would on disk.
    if (patch.status === 'failed' || patch.status === 'exited' || patch.status === 'disconnected') this.recorder.endOpenRequests();
    this.deps.onState(this.current);
  }
}

function isEraNegotiationFailure(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The schema violations of an answer, in one sentence for its traffic row. */
function violationSentence(violations: readonly SchemaViolation[]): string {
  const first = violations[0]!;
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : '';
  return `The result breaks the MCP schema at ${first.path || '/'}: ${first.message.slice(0, 300)}${more}.`;
}

/** The tool and arguments of a `tools/call`'s params, as asked (the `_meta` Loupe adds is not part of it). */
function toolCallAsked(params: JsonObject | undefined): ToolCallAsked | undefined {
  if (typeof params?.name !== 'string') return undefined;
  const args = params.arguments;
  return { tool: params.name, arguments: typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as JsonObject) : {} };
}
