import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING_ENTRY, eventsNamed, startCore, waitFor, type TestCore } from './helpers.js';

/** server-everything's simulate-research-query requires a task (2025-11-25 Tasks) and takes about 4 s. */
const TASK_TOOL = 'simulate-research-query';

describe('tasks (Tasks extension, 2025-11-25) against server-everything', () => {
  let test: TestCore;
  let serverId: string;

  beforeAll(async () => {
    test = await startCore();
    serverId = (await test.add('everything', { type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'], env: [] })).id;
    const state = await test.core.handlers['connections.connect']({ serverId });
    expect(state.status).toBe('connected');
  });

  afterAll(async () => {
    await test?.core.dispose();
  });

  it('lists the tool with its task support', async () => {
    const tools = await test.core.handlers['tools.list']({ serverId });
    expect(tools.items.find((tool) => tool.name === TASK_TOOL)?.execution).toEqual({ taskSupport: 'required' });
  });

  it('runs a tool as a task: id, working statuses, then the result', async () => {
    const outcome = await test.core.handlers['tools.call']({ serverId, name: TASK_TOOL, arguments: { topic: 'otters' }, callId: 'task-1', asTask: true });
    expect(outcome.failure).toBeUndefined();
    expect(JSON.stringify(outcome.result)).toContain('Research Report: otters');

    const updates = eventsNamed(test, 'tasks.changed').filter((task) => task.callId === 'task-1');
    expect(updates[0]?.taskId).toMatch(/\S/);
    expect(updates.some((task) => task.status === 'working' && task.statusMessage)).toBe(true);
    expect(updates.at(-1)?.status).toBe('completed');
    expect(updates.at(-1)?.toolName).toBe(TASK_TOOL);

    const traffic = await test.traffic(serverId);
    const methods = traffic.filter((entry) => entry.direction === 'out' && entry.kind === 'request').map((entry) => entry.method);
    // The session follows the task by tasks/get polls or by the server's status notifications.
    const followed = methods.includes('tasks/get') || traffic.some((entry) => entry.method === 'notifications/tasks/status');
    expect(followed).toBe(true);
    expect(methods).toContain('tasks/result');

    const listed = await test.core.handlers['tasks.list']({ serverId });
    expect(listed.find((task) => task.taskId === updates[0]?.taskId)?.status).toBe('completed');
  });

  it('cancelling the call cancels the task on the server', async () => {
    const running = test.core.handlers['tools.call']({ serverId, name: TASK_TOOL, arguments: { topic: 'beavers' }, callId: 'task-2', asTask: true });
    const started = await waitFor(() => eventsNamed(test, 'tasks.changed').find((task) => task.callId === 'task-2'), 'the task to start');
    await test.core.handlers['calls.cancel']({ callId: 'task-2' });
    const outcome = await running;
    expect(outcome.failure).toMatchObject({ kind: 'cancelled', message: 'The task was cancelled.' });
    const traffic = await test.traffic(serverId);
    const cancel = traffic.find((entry) => entry.direction === 'out' && entry.method === 'tasks/cancel');
    expect((cancel?.message as { params?: { taskId?: string } }).params?.taskId).toBe(started.taskId);
    await waitFor(() => eventsNamed(test, 'tasks.changed').find((task) => task.taskId === started.taskId && task.status === 'cancelled'), 'the cancelled status');
  });

  it('a task that needs input asks the person at once (tasks/result delivers the queued elicitation), and uses the answer', async () => {
    const running = test.core.handlers['tools.call']({ serverId, name: TASK_TOOL, arguments: { topic: 'python', ambiguous: true }, callId: 'task-3', asTask: true });
    // The server gives up on its elicitation after 60 s; the person must see it long before.
    const pending = await waitFor(
      async () => (await test.core.handlers['approvals.list']()).find((approval) => approval.status === 'pending' && approval.serverId === serverId),
      'the elicitation of the input_required task to reach Approvals',
      15_000,
    );
    expect(pending.kind).toBe('elicitation-form');
    await test.core.handlers['approvals.decide']({ id: pending.id, decision: { action: 'accept', content: { interpretation: 'programming' } } });
    const outcome = await running;
    expect(outcome.failure).toBeUndefined();
    expect(JSON.stringify(outcome.result)).toContain('Clarification**: programming');
    const updates = eventsNamed(test, 'tasks.changed').filter((task) => task.callId === 'task-3');
    expect(updates.some((task) => task.status === 'input_required')).toBe(true);
  }, 30_000);
});
