import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ConnectionState, ProcessExit, ServerIdentity } from '../../../shared/connection.js';
import type { CallProgress, JsonObject, RpcFailure, RpcOutcome } from '../../../shared/mcp.js';
import { DEFAULT_CALL_TIMEOUTS, type CallTimeouts, type ServerConfig } from '../../../shared/server-config.js';
import type { JsonRpcId, TrafficEntry } from '../../../shared/traffic.js';
import { findResultViolations } from '../mcp/result-violations.js';
import { createTransport, type CreatedTransport } from '../transports/create-transport.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { describeConnectFailure } from './describe-failure.js';
import type { IncomingRequests } from './incoming-requests.js';
import { readProgress } from './read-progress.js';

/** Accepts any result: conformance is checked separately so a non-conforming reply is shown, not lost. */
const ANY_RESULT = z.unknown();

export interface RequestOptions {
  timeouts?: CallTimeouts;
  /** Lets the caller cancel the request later (`calls.cancel`). */
  callId?: string;
}

interface WireWatch {
  rpcId?: JsonRpcId;
  response?: TrafficEntry;
  stop: () => void;
}

export interface ConnectionDeps {
  traffic: TrafficLog;
  clientInfo: { name: string; version: string };
  initializeTimeoutMs: number;
  incoming: IncomingRequests;
  onState: (state: ConnectionState) => void;
  onProgress: (progress: CallProgress) => void;
}

/** What Loupe offers servers: sampling (with tools, 2025-11-25), both elicitation modes, and roots. */
const CLIENT_CAPABILITIES = {
  sampling: { tools: {} },
  elicitation: { form: {}, url: {} },
  roots: { listChanged: true },
};

/**
 * One server's live session: a transport, an SDK Client, and the state the UI shows.
 * A new Connection is made for every connect; the manager keeps the latest per server.
 */
export class Connection {
  readonly connectionId = randomUUID();
  private client: Client | undefined;
  private created: CreatedTransport | undefined;
  private current: ConnectionState;
  private protocolVersion: string | undefined;
  private userClosed = false;
  private readonly inFlight = new Map<string, AbortController>();

  private readonly traffic: TrafficLog;
  private readonly initializeTimeoutMs: number;

  constructor(
    private readonly config: ServerConfig,
    private readonly deps: ConnectionDeps,
  ) {
    this.traffic = deps.traffic;
    this.initializeTimeoutMs = deps.initializeTimeoutMs;
    this.current = { serverId: config.id, status: 'connecting', connectionId: this.connectionId, since: Date.now() };
  }

  get state(): ConnectionState {
    return this.current;
  }

  async connect(): Promise<ConnectionState> {
    this.setState({ status: 'connecting' });
    const recorder = this.traffic.recorderFor(this.config.id, this.connectionId);
    try {
      this.created = createTransport(this.config.transport, recorder);
      const transport = this.created.transport;
      this.captureProtocolVersion(transport);
      if (this.created.type === 'stdio') {
        this.created.transport.onexit = (exit) => this.handleExit(exit);
      }
      const client = new Client(this.deps.clientInfo, { capabilities: CLIENT_CAPABILITIES });
      client.onclose = () => this.handleClose();
      // Our own handler, not setRequestHandler: the SDK's would refuse malformed requests
      // before Loupe could show them, and would validate what the person chose to send.
      client.fallbackRequestHandler = (request, extra) =>
        this.deps.incoming.handle(request.method, request.params as JsonObject | undefined, {
          serverId: this.config.id,
          connectionId: this.connectionId,
          rpcId: request.id,
          signal: extra.signal,
        }) as Promise<never>;
      this.client = client;
      await client.connect(transport, { timeout: this.initializeTimeoutMs });
      this.setState({ status: 'connected', server: this.identity(client) });
    } catch (error) {
      const exit = await this.exitAfterFailure(error);
      const failure = describeConnectFailure(error, {
        config: this.config.transport,
        ...(exit ? { exit } : {}),
        ...(this.created?.type === 'http' ? { probe: this.created.probe } : {}),
        initializeTimeoutMs: this.initializeTimeoutMs,
      });
      this.userClosed = true;
      await this.closeQuietly();
      this.setState({ status: 'failed', failure, ...(exit ? { exit } : {}) });
    }
    return this.current;
  }

  async disconnect(): Promise<ConnectionState> {
    this.userClosed = true;
    this.abortAll('Disconnected by the user.');
    await this.closeQuietly();
    if (this.current.status === 'connecting' || this.current.status === 'connected') {
      this.setState({ status: 'disconnected' });
    }
    return this.current;
  }

  /** Sends any request; the raw result comes back even when it breaks the schema. */
  async request(method: string, params: JsonObject | undefined, options: RequestOptions = {}): Promise<RpcOutcome> {
    const client = this.client;
    const started = performance.now();
    if (!client || this.current.status !== 'connected') {
      return this.failed(started, { kind: 'not-connected', message: 'The server is not connected.' });
    }
    const timeouts = options.timeouts ?? this.config.timeouts ?? DEFAULT_CALL_TIMEOUTS;
    const abort = new AbortController();
    if (options.callId) this.inFlight.set(options.callId, abort);
    const wire = this.watchWire(options.callId);
    try {
      const result = await client.request({ method, ...(params ? { params } : {}) }, ANY_RESULT, {
        signal: abort.signal,
        timeout: timeouts.timeoutMs,
        maxTotalTimeout: timeouts.maxTotalTimeoutMs,
        resetTimeoutOnProgress: timeouts.resetTimeoutOnProgress,
        // Needed for the SDK to reset the timeout on progress; the UI builds progress from the traffic record.
        onprogress: () => {},
      });
      return {
        ...(wire.rpcId !== undefined ? { rpcId: wire.rpcId } : {}),
        result,
        violations: findResultViolations(method, result),
        durationMs: performance.now() - started,
        responseSize: wire.response?.size ?? 0,
      };
    } catch (error) {
      return this.failed(started, this.describeRequestFailure(error, abort.signal, timeouts), wire);
    } finally {
      wire.stop();
      if (options.callId) this.inFlight.delete(options.callId);
    }
  }

  /**
   * Watches the record for the next request this connection sends and its response. The SDK
   * sends synchronously inside request(), so the first outgoing request seen is this one.
   */
  private watchWire(callId: string | undefined): WireWatch {
    const watch: WireWatch = { stop: () => {} };
    watch.stop = this.traffic.observe((entry) => {
      if (entry.connectionId !== this.connectionId) return;
      if (watch.rpcId === undefined) {
        if (entry.kind === 'request' && entry.direction === 'out') watch.rpcId = entry.id;
      } else if (entry.direction === 'in' && (entry.kind === 'response' || entry.kind === 'error') && entry.id === watch.rpcId) {
        watch.response = entry;
      } else if (callId && entry.method === 'notifications/progress' && entry.direction === 'in') {
        const progress = readProgress(entry, watch.rpcId);
        if (progress) this.deps.onProgress({ callId, serverId: this.config.id, seq: entry.seq, ...progress });
      }
    });
    return watch;
  }

  /** Tells the server its roots changed (it will ask again with roots/list). */
  async sendRootsListChanged(): Promise<void> {
    if (this.current.status === 'connected') await this.client?.sendRootsListChanged();
  }

  cancel(callId: string, reason = 'Cancelled by the user.'): boolean {
    const abort = this.inFlight.get(callId);
    if (!abort) return false;
    abort.abort(reason);
    return true;
  }

  private failed(started: number, failure: RpcFailure, wire?: WireWatch): RpcOutcome {
    return {
      ...(wire?.rpcId !== undefined ? { rpcId: wire.rpcId } : {}),
      failure,
      violations: [],
      durationMs: performance.now() - started,
      responseSize: wire?.response?.size ?? 0,
    };
  }

  private describeRequestFailure(error: unknown, signal: AbortSignal, timeouts: CallTimeouts): RpcFailure {
    if (signal.aborted) return { kind: 'cancelled', message: String(signal.reason ?? 'Cancelled.') };
    if (error instanceof McpError) {
      if (error.code === ErrorCode.RequestTimeout) {
        return { kind: 'timeout', message: `No answer within ${Math.round(timeouts.timeoutMs / 1000)} s: the request timed out.`, code: error.code };
      }
      if (error.code === ErrorCode.ConnectionClosed && this.current.status !== 'connected') {
        return { kind: 'disconnected', message: this.disconnectSentence() };
      }
      return { kind: 'protocol', message: error.message, code: error.code, ...(error.data !== undefined ? { data: error.data } : {}) };
    }
    if (this.current.status !== 'connected') return { kind: 'disconnected', message: this.disconnectSentence() };
    return { kind: 'protocol', message: error instanceof Error ? error.message : String(error) };
  }

  private disconnectSentence(): string {
    const exit = this.current.exit;
    if (exit) {
      const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? 'unknown'}`;
      return `The server process ${how} while the request was running.`;
    }
    return 'The connection closed while the request was running.';
  }

  private identity(client: Client): ServerIdentity {
    const version = client.getServerVersion();
    const info = (version ?? {}) as Record<string, unknown>;
    const instructions = client.getInstructions();
    return {
      name: String(info.name ?? '(no name)'),
      version: String(info.version ?? '(no version)'),
      ...(typeof info.title === 'string' ? { title: info.title } : {}),
      ...(typeof info.websiteUrl === 'string' ? { websiteUrl: info.websiteUrl } : {}),
      ...(Array.isArray(info.icons) ? { icons: info.icons as ServerIdentity['icons'] } : {}),
      ...(instructions ? { instructions } : {}),
      protocolVersion: this.protocolVersion ?? 'unknown',
      capabilities: (client.getServerCapabilities() ?? {}) as Record<string, unknown>,
    };
  }

  /** The SDK tells the transport the negotiated version after initialize; catch it on the way. */
  private captureProtocolVersion(transport: Transport): void {
    const original = transport.setProtocolVersion?.bind(transport);
    transport.setProtocolVersion = (version: string) => {
      this.protocolVersion = version;
      original?.(version);
    };
  }

  private handleExit(exit: ProcessExit): void {
    if (this.userClosed || this.current.status !== 'connected') return;
    this.setState({ status: 'exited', exit });
  }

  private handleClose(): void {
    if (this.userClosed || this.current.status !== 'connected') return;
    if (this.created?.type === 'stdio') return; // handleExit reports it, with the exit code
    this.setState({ status: 'disconnected', failure: { code: 'unknown', message: 'The server closed the connection.' } });
  }

  private abortAll(reason: string): void {
    for (const abort of this.inFlight.values()) abort.abort(reason);
    this.inFlight.clear();
  }

  /**
   * When a connect failed because the connection closed, the process is dying: give it a moment
   * so its exit code and stderr can be reported. Any other failure is not about the exit.
   */
  private async exitAfterFailure(error: unknown): Promise<ProcessExit | undefined> {
    if (this.created?.type !== 'stdio') return undefined;
    const transport = this.created.transport;
    const closed = error instanceof McpError && error.code === ErrorCode.ConnectionClosed;
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
    const { failure: _failure, exit: _exit, server, ...base } = this.current;
    this.current = {
      ...base,
      ...(patch.status === 'connected' || patch.status === 'exited' ? (server ? { server } : {}) : {}),
      ...patch,
      since: Date.now(),
    };
    this.deps.onState(this.current);
  }
}
