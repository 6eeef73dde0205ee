import { type Client, type Tool } from '@modelcontextprotocol/client';
import {
  createTaskSessionFromClient,
  taskViewFromExecutionEvent,
  toolDeclarationFromMcpTool,
  type TaskEnabledSession,
  type TaskOutcome,
  type TaskView,
} from '@modelcontextprotocol/ext-tasks/client';
import { taskId as toTaskId } from '@modelcontextprotocol/ext-tasks/core';
import { z } from 'zod';
import type { JsonObject, RpcFailure, ToolInfo } from '../../../shared/mcp.js';
import type { TaskInfo } from '../../../shared/tasks.js';
import { LoupeError } from '../../../shared/wire.js';

/** What a task call came to: the tool's result, or why there is none. */
export type TaskCallOutcome = { result: unknown } | { failure: RpcFailure };

export interface TaskCall {
  callId: string;
  /** Aborting it cancels the task. */
  signal: AbortSignal;
  timeoutMs: number;
  /** The tool as listed, when known. */
  tool?: ToolInfo;
}

const ANY_RESULT = z.unknown();

export interface TaskRunnerIds {
  serverId: string;
  connectionId: string;
}

/** Tasks Loupe remembers per connection, newest last; the oldest are forgotten first. */
const MAX_KNOWN_TASKS = 500;

function toInfo(view: TaskView, ids: TaskRunnerIds, known: TaskInfo | undefined): TaskInfo {
  return {
    ...ids,
    ...(known?.toolName ? { toolName: known.toolName } : {}),
    ...(known?.callId ? { callId: known.callId } : {}),
    taskId: view.taskId,
    status: view.status,
    ...(view.statusMessage !== undefined ? { statusMessage: view.statusMessage } : {}),
    ...(view.createdAt !== undefined ? { createdAt: view.createdAt } : {}),
    ...(view.lastUpdatedAt !== undefined ? { lastUpdatedAt: view.lastUpdatedAt } : {}),
    ...(view.pollInterval !== undefined ? { pollIntervalMs: view.pollInterval } : {}),
    ttlMs: view.ttl,
  };
}

function outcomeOf(outcome: TaskOutcome<unknown>): TaskCallOutcome {
  if (outcome.status === 'completed') return { result: outcome.result };
  if (outcome.status === 'cancelled') return { failure: { kind: 'cancelled', message: 'The task was cancelled.' } };
  return { failure: { kind: 'protocol', message: `The task failed: ${outcome.error.message}` } };
}

/**
 * Runs tools as tasks through the Tasks extension's requester (`@modelcontextprotocol/ext-tasks`):
 * the call creates a task, the session polls it, and the result comes when it is done. Every
 * request goes through the connection's client, so all of it is in the traffic record.
 */
export class TaskRunner {
  private session: TaskEnabledSession | undefined;
  private restoreHandler: (() => void) | undefined;
  private readonly known = new Map<string, TaskInfo>();
  /** Tasks whose queued input requests are being fetched with `tasks/result`. */
  private readonly fetchingInput = new Set<string>();

  constructor(
    private readonly client: Client,
    private readonly ids: TaskRunnerIds,
    private readonly emit: (task: TaskInfo) => void,
  ) {}

  private open(): TaskEnabledSession {
    if (this.client.getProtocolEra() === 'modern') {
      throw new LoupeError('Loupe runs tasks on 2025-11-25 connections for now; on 2026-07-28 the call runs without a task.', 'not-supported');
    }
    if (this.session) return this.session;
    const ours = this.client.fallbackRequestHandler;
    this.session = createTaskSessionFromClient(this.client, { endpointId: this.ids.connectionId });
    // The session claims the client's server requests, but Loupe gives it no input handler: every
    // sampling, elicitation and roots request, a task's among them, goes to Approvals and the roots
    // config as before (the session would only fail to correlate it and drop it).
    this.restoreHandler = () => {
      if (ours) this.client.fallbackRequestHandler = ours;
      else delete this.client.fallbackRequestHandler;
    };
    if (ours) this.client.fallbackRequestHandler = ours;
    return this.session;
  }

  /**
   * A task waiting for input has its requests queued on the server, which delivers them on the
   * `tasks/result` stream only (2025-11-25): ask for it as soon as the task says input_required,
   * instead of polling until the server gives up waiting. Its answer is not needed (the session
   * fetches the result itself when the task ends), and a failure here changes nothing.
   */
  private fetchQueuedInput(taskId: string, call: TaskCall): void {
    if (this.fetchingInput.has(taskId)) return;
    this.fetchingInput.add(taskId);
    this.client
      .request({ method: 'tasks/result', params: { taskId } }, ANY_RESULT, { signal: call.signal, timeout: call.timeoutMs, resetTimeoutOnProgress: true })
      .catch(() => {})
      .finally(() => this.fetchingInput.delete(taskId));
  }

  /** Calls a tool as a task and waits for its outcome; aborting `signal` cancels the task. */
  async callTool(name: string, args: JsonObject, call: TaskCall): Promise<TaskCallOutcome> {
    const { callId, signal, timeoutMs, tool } = call;
    // Not given `signal`: aborting would only stop the local wait. Cancel asks the server to cancel the task.
    // With the tool's declaration the session need not list the tools again to learn its task support.
    const execution = await this.open().callTool(name, args as never, {
      task: { preference: 'require' },
      requestTimeoutMs: timeoutMs,
      ...(tool ? { declaration: toolDeclarationFromMcpTool(tool as unknown as Tool) } : {}),
    });
    if (execution.kind === 'immediate') return outcomeOf(await execution.result());
    this.remember({ ...this.ids, taskId: execution.handle.taskId, status: 'working', toolName: name, callId });
    const cancel = () => void execution.cancel().catch(() => {});
    if (signal.aborted) cancel();
    else signal.addEventListener('abort', cancel, { once: true });
    try {
      const { outcome } = await execution.settle({
        onEvent: (event) => {
          const view = taskViewFromExecutionEvent(event);
          if (!view) return;
          this.update(view);
          if (view.status === 'input_required') this.fetchQueuedInput(view.taskId, call);
        },
      });
      const ended = outcomeOf(outcome);
      if ('failure' in ended) this.patch(execution.handle.taskId, { status: outcome.status === 'cancelled' ? 'cancelled' : 'failed', error: ended.failure.message });
      return ended;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }

  /** The server's own list of tasks (first page), merged with the ones Loupe started. */
  async list(): Promise<TaskInfo[]> {
    const session = this.open();
    if (session.capabilities.inventory === 'server-list') {
      const page = await session.listTasks();
      for (const view of page.tasks) this.update(view);
    }
    return [...this.known.values()];
  }

  async cancel(taskId: string): Promise<void> {
    await this.open().cancelTask(toTaskId(taskId));
    this.patch(taskId, { status: 'cancelled' });
  }

  async close(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    this.restoreHandler?.();
    await session?.close().catch(() => {});
  }

  private update(view: TaskView): void {
    this.remember(toInfo(view, this.ids, this.known.get(view.taskId)));
  }

  private patch(taskId: string, patch: Partial<TaskInfo>): void {
    const known = this.known.get(taskId);
    if (known) this.remember({ ...known, ...patch });
  }

  private remember(task: TaskInfo): void {
    this.known.delete(task.taskId);
    this.known.set(task.taskId, task);
    if (this.known.size > MAX_KNOWN_TASKS) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.emit(task);
  }
}
