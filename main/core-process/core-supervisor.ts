import type { Approval } from '../../shared/approvals.js';
import { isRequestName, requestNames, type EventName, type EventPayload, type RequestHandlers, type RequestName } from '../../shared/contract.js';
import type { CoreStatus } from '../../shared/core-status.js';
import { LoupeError, replyFromJson, toWireError } from '../../shared/wire.js';
import type { Core, CoreEventListener, CoreReply } from '../core/core.js';
import { dispatchRequest } from '../core/dispatch.js';
import { crossableParams } from '../core/crossable-params.js';
import type { CreateCoreOptions } from '../core/create-core.js';
import { EventHub } from '../core/event-hub.js';
import { ApprovalHistory } from './approval-history.js';
import { describeCoreExit, type CoreExit, type CoreProcess, type LaunchCoreProcess } from './core-process.js';
import type { FromCoreProcess } from './messages.js';
import { takeReplyFile } from './reply-files.js';
import { signalTree } from '../core/transports/process-tree.js';

export interface SupervisorTiming {
  /** How often the core is pinged. */
  heartbeatMs: number;
  /** A ping unanswered this long marks the core unresponsive. */
  unresponsiveAfterMs: number;
  /** How long a new core process has to create its core. */
  startTimeoutMs: number;
  /** How long `dispose` waits for the process to exit before killing it. */
  disposeTimeoutMs: number;
}

export const DEFAULT_TIMING: SupervisorTiming = {
  heartbeatMs: 2_000,
  unresponsiveAfterMs: 10_000,
  startTimeoutMs: 30_000,
  disposeTimeoutMs: 5_000,
};

interface Pending {
  resolve: (result: CoreReply) => void;
}

/** Requests the supervisor answers itself. */
const OWN_REQUESTS: ReadonlySet<unknown> = new Set<RequestName>(['core.status', 'core.restart']);

interface Running {
  process: CoreProcess;
  exited: Promise<CoreExit>;
  startedAt?: number;
  ping?: { id: number; sentAt: number } | undefined;
  /** The process groups of the servers the core runs, as it last said. */
  serverGroups: number[];
}

/**
 * Runs the core in a process of its own and stands in for it: the bridges talk to this as to any
 * Core. When the process dies or stops answering, `core.status` says so and `core.restart` starts
 * a new one, which gets the approvals' history of the old one. The server list is on disk.
 */
export class CoreSupervisor implements Core {
  readonly handlers: RequestHandlers;
  private readonly events = new EventHub();
  private readonly approvals = new ApprovalHistory();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private running: Running | undefined;
  private status: CoreStatus = { state: 'starting' };
  private restarts = 0;
  private restarting: Promise<CoreStatus> | undefined;
  /** Settles when the process being started serves (or failed to): requests made meanwhile wait for it. */
  private startup: Promise<void> | undefined;
  private disposing = false;
  private readonly heartbeat: ReturnType<typeof setInterval>;

  private constructor(
    private readonly launch: LaunchCoreProcess,
    private readonly options: CreateCoreOptions,
    private readonly timing: SupervisorTiming,
  ) {
    const forwarded = Object.fromEntries(requestNames.map((name) => [name, (params: unknown) => this.forward(name, params)]));
    this.handlers = {
      ...forwarded,
      'core.status': async () => this.status,
      'core.restart': () => this.restart(),
    } as RequestHandlers;
    this.heartbeat = setInterval(() => this.beat(), timing.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Starts the first core process; rejects with its reason (for example a data folder in use). */
  static async start(launch: LaunchCoreProcess, options: CreateCoreOptions, timing: Partial<SupervisorTiming> = {}): Promise<CoreSupervisor> {
    const supervisor = new CoreSupervisor(launch, options, { ...DEFAULT_TIMING, ...timing });
    try {
      await supervisor.startProcess();
    } catch (error) {
      clearInterval(supervisor.heartbeat);
      throw error;
    }
    return supervisor;
  }

  subscribe(listener: CoreEventListener): () => void {
    return this.events.subscribe(listener);
  }

  /** For the bridges: a large value comes back as the file the core process wrote its JSON to. */
  dispatch(name: unknown, params: unknown): Promise<CoreReply> {
    if (!isRequestName(name) || OWN_REQUESTS.has(name)) return dispatchRequest(this.handlers, name, params);
    return this.relay(name, params).catch((error: unknown) => ({ ok: false as const, error: toWireError(error) }));
  }

  get pid(): number | undefined {
    return this.running?.process.pid;
  }

  async dispose(): Promise<void> {
    this.disposing = true;
    clearInterval(this.heartbeat);
    const running = this.running;
    if (!running) return;
    try {
      running.process.send({ type: 'dispose' });
    } catch {
      running.process.kill();
    }
    const timer = setTimeout(() => running.process.kill(), this.timing.disposeTimeoutMs);
    await running.exited;
    clearTimeout(timer);
  }

  restart(): Promise<CoreStatus> {
    if (this.disposing) return Promise.reject(new LoupeError('Loupe is shutting down.', 'core-stopped'));
    this.restarting ??= this.replaceProcess().finally(() => {
      this.restarting = undefined;
    });
    return this.restarting;
  }

  private async replaceProcess(): Promise<CoreStatus> {
    const old = this.running;
    if (old) {
      old.process.kill();
      await old.exited;
    }
    this.restarts += 1;
    await this.startProcess();
    return this.status;
  }

  private async startProcess(): Promise<void> {
    this.setStatus({ state: 'starting' });
    const process = this.launch();
    let onExit!: (exit: CoreExit) => void;
    const exited = new Promise<CoreExit>((resolve) => (onExit = resolve));
    process.onExit(onExit);
    const running: Running = { process, exited, serverGroups: [] };
    this.running = running;

    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        process.kill();
        reject(new LoupeError(`Loupe's core did not start within ${Math.round(this.timing.startTimeoutMs / 1000)} s.`, 'core-stopped'));
      }, this.timing.startTimeoutMs);
      process.onMessage((message) => {
        if (message.type === 'ready' || message.type === 'start-failed') {
          clearTimeout(timer);
          if (message.type === 'ready') resolve();
          else reject(new LoupeError(message.error.message, message.error.code));
          return;
        }
        this.receive(running, message);
      });
      void exited.then((exit) => {
        clearTimeout(timer);
        reject(new LoupeError(describeCoreExit(exit), 'core-stopped'));
      });
    });
    void exited.then((exit) => this.onProcessExit(running, exit));

    process.send({ type: 'start', options: { ...this.options, approvalHistory: this.approvals.list() } });
    this.startup = ready.catch(() => undefined);
    try {
      await ready;
    } catch (error) {
      this.setStatus({ state: 'stopped', reason: (error as Error).message, at: Date.now() });
      throw error;
    }
    running.startedAt = Date.now();
    this.setRunning(running);
  }

  private receive(running: Running, message: FromCoreProcess): void {
    switch (message.type) {
      case 'response':
        this.settle(message.id, message.result);
        break;
      case 'response-json':
        this.settle(message.id, { ok: true, text: message.text });
        break;
      case 'response-file':
        this.settle(message.id, { ok: true, file: message.file });
        break;
      case 'event':
        if (message.name === 'approvals.changed') this.approvals.record(message.payload as Approval);
        this.events.emit(message.name as EventName, message.payload as EventPayload<EventName>);
        break;
      case 'process-groups':
        running.serverGroups = message.pids.filter((pid) => Number.isSafeInteger(pid) && pid > 0);
        break;
      case 'pong':
        if (running.ping?.id !== message.id) break;
        running.ping = undefined;
        if (this.status.state === 'unresponsive' && this.running === running) this.setRunning(running);
        break;
      case 'ready':
      case 'start-failed':
        // Start-up's answer: start() waits for it on the same channel.
        break;
    }
  }

  private onProcessExit(running: Running, exit: CoreExit): void {
    // A core that exits cleanly stops its servers itself; one that was killed or crashed leaves them running.
    for (const pid of running.serverGroups) signalTree(pid, 'SIGKILL');
    running.serverGroups = [];
    if (this.running !== running) return;
    this.running = undefined;
    const reason = describeCoreExit(exit);
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      pending.resolve({ ok: false, error: { message: `${reason} The request was not answered.`, code: 'core-stopped' } });
    }
    if (this.disposing || this.restarting || this.status.state === 'starting') return;
    this.setStatus({ state: 'stopped', reason, at: Date.now() });
  }

  private settle(id: number, reply: CoreReply): void {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    pending?.resolve(reply);
  }

  private async forward(name: RequestName, params: unknown): Promise<unknown> {
    const result = await this.relay(name, params);
    if (!result.ok) throw new LoupeError(result.error.message, result.error.code);
    if ('file' in result) return replyFromJson(JSON.parse((await takeReplyFile(result.file)).toString('utf8')));
    return 'text' in result ? JSON.parse(result.text) : result.value;
  }

  /** Passes a request to the core process; rejects only when there is no core to pass it to. */
  private async relay(name: RequestName, params: unknown): Promise<CoreReply> {
    if (this.status.state === 'starting' || this.restarting) {
      await this.restarting?.catch(() => undefined);
      await this.startup;
    }
    const running = this.running;
    if (!running || (this.status.state !== 'running' && this.status.state !== 'unresponsive')) {
      const why = this.status.state === 'stopped' ? ` ${this.status.reason}` : '';
      throw new LoupeError(`Loupe's core is not running.${why} Restart it from the banner at the top of the window.`, 'core-stopped');
    }
    // Checked here, before the channel: a value too deep for the core's side kills the core as it arrives.
    const crossable = crossableParams(name, params);
    if (!crossable.ok) return { ok: false, error: toWireError(crossable.error) };
    const id = this.nextId++;
    return new Promise<CoreReply>((resolve) => {
      this.pending.set(id, { resolve });
      try {
        running.process.send({ type: 'request', id, name, params: crossable.params });
      } catch (error) {
        this.pending.delete(id);
        resolve({ ok: false, error: { message: `The request could not be passed to Loupe's core: ${(error as Error).message}`, code: 'core-stopped' } });
      }
    });
  }

  private beat(): void {
    const running = this.running;
    if (!running || this.status.state === 'starting') return;
    const now = Date.now();
    if (running.ping) {
      if (this.status.state === 'running' && now - running.ping.sentAt >= this.timing.unresponsiveAfterMs) {
        this.setStatus({ state: 'unresponsive', ...(running.process.pid !== undefined ? { pid: running.process.pid } : {}), since: running.ping.sentAt });
      }
      return;
    }
    const id = this.nextId++;
    running.ping = { id, sentAt: now };
    try {
      running.process.send({ type: 'ping', id });
    } catch {
      // The exit handler reports it.
    }
  }

  private setRunning(running: Running): void {
    const pid = running.process.pid;
    this.setStatus({ state: 'running', ...(pid !== undefined ? { pid } : {}), startedAt: running.startedAt ?? Date.now(), restarts: this.restarts });
  }

  private setStatus(status: CoreStatus): void {
    this.status = status;
    this.events.emit('core.status', status);
  }
}
