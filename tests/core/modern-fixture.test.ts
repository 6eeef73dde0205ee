import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval } from '../../shared/approvals.js';
import type { ServerConfigInput, TransportConfig } from '../../shared/server-config.js';
import type { TrafficEntry } from '../../shared/traffic.js';
import { exitsBeforeInitializeConfig, modernServerConfig, startModernHttpServer } from '../fixtures/modern-server-config.js';
import { eventsNamed, startCore, waitFor, type TestCore } from './helpers.js';

const ROOT = { uri: 'file:///tmp/loupe-root', name: 'project' };
const REPLY = { role: 'assistant', content: { type: 'text', text: 'Edited by the person' }, model: 'person' };

async function pendingApproval(test: TestCore, serverId: string, seen: Set<string>): Promise<Approval> {
  return waitFor(async () => {
    const all = await test.core.handlers['approvals.list']();
    const found = all.find((approval) => approval.serverId === serverId && approval.status === 'pending' && !seen.has(approval.id));
    if (found) seen.add(found.id);
    return found;
  }, 'a pending approval');
}

function resultText(result: unknown): string {
  return ((result as { content?: Array<{ text?: string }> } | undefined)?.content ?? []).map((block) => block.text ?? '').join('');
}

const requestsOf = (traffic: TrafficEntry[], method: string) =>
  traffic.filter((entry) => entry.direction === 'out' && entry.kind === 'request' && entry.method === method);

describe.each([
  ['stdio', false],
  ['Streamable HTTP', true],
] as const)('the two-era fixture on 2026-07-28 over %s (Auto)', (_label, overHttp) => {
  let test: TestCore;
  let serverId: string;
  let stopHttp: (() => void) | undefined;
  const seen = new Set<string>();

  beforeAll(async () => {
    test = await startCore();
    let config: ServerConfigInput = modernServerConfig('modern');
    if (overHttp) {
      const http = await startModernHttpServer();
      stopHttp = http.stop;
      const transport: TransportConfig = { type: 'streamable-http', url: http.url, headers: [] };
      config = { name: 'modern', transport };
    }
    serverId = (await test.core.handlers['servers.add']({ ...config, roots: [ROOT] })).id;
  });

  afterAll(async () => {
    await test?.core.dispose();
    stopHttp?.();
  });

  it('probes with server/discover and lands on 2026-07-28, with the discovery shown', async () => {
    const state = await test.core.handlers['connections.connect']({ serverId });
    expect(state.failure).toBeUndefined();
    expect(state.server).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', name: 'loupe-modern-fixture' });
    expect(state.server?.negotiation.summary).toBe('Probed with server/discover: the server offers 2026-07-28.');
    expect(state.server?.discovery?.supportedVersions).toContain('2026-07-28');
    const traffic = await test.traffic(serverId);
    expect(requestsOf(traffic, 'server/discover')).toHaveLength(1);
    expect(requestsOf(traffic, 'initialize')).toHaveLength(0);
    expect(traffic.some((entry) => entry.kind === 'note' && entry.text === state.server?.negotiation.summary)).toBe(true);
  });

  it('opens subscriptions/listen on connect, and a resource update arrives on it once subscribed', async () => {
    await waitFor(async () => {
      const [state] = (await test.core.handlers['connections.list']()).filter((s) => s.serverId === serverId);
      return state?.changeStream?.status === 'open' ? state : undefined;
    }, 'the change stream to open');
    const subscribed = await test.core.handlers['resources.subscribe']({ serverId, uri: 'fixture://counter' });
    expect(subscribed.failure).toBeUndefined();
    await waitFor(async () => {
      const [state] = (await test.core.handlers['connections.list']()).filter((s) => s.serverId === serverId);
      return state?.changeStream?.status === 'open' && (state.changeStream.honoredFilter?.resourceSubscriptions as string[] | undefined)?.includes('fixture://counter');
    }, 'the stream to carry the resource');
    await test.core.handlers['tools.call']({ serverId, name: 'bump', arguments: {}, callId: 'bump-1' });
    await waitFor(() => eventsNamed(test, 'mcp.resourceUpdated').find((event) => event.serverId === serverId && event.uri === 'fixture://counter'), 'the resource update');
    expect(requestsOf(await test.traffic(serverId), 'subscriptions/listen').length).toBeGreaterThanOrEqual(1);
  });

  it('shows cache hints, serves a refresh from the cache while fresh, and fetches when forced or changed', async () => {
    const first = await test.core.handlers['tools.list']({ serverId, force: true });
    expect(first.hints).toEqual({ ttlMs: 60_000, cacheScope: 'public', resultType: 'complete' });
    expect(first.violations).toEqual([]);
    const again = await test.core.handlers['tools.list']({ serverId });
    expect(again.fromCache).toBe(true);
    const lists = requestsOf(await test.traffic(serverId), 'tools/list').length;
    await test.core.handlers['tools.list']({ serverId, force: true });
    expect(requestsOf(await test.traffic(serverId), 'tools/list')).toHaveLength(lists + 1);

    await test.core.handlers['tools.call']({ serverId, name: 'add-tool', arguments: { name: `extra-${overHttp ? 'http' : 'stdio'}` }, callId: 'add-1' });
    await waitFor(() => eventsNamed(test, 'lists.changed').find((event) => event.serverId === serverId && event.name === 'tools' && event.state.changedAt !== undefined), 'tools/list_changed');
    const changed = await test.core.handlers['tools.list']({ serverId });
    expect(changed.fromCache).toBeUndefined();
    expect(changed.items.map((tool) => tool.name)).toContain(`extra-${overHttp ? 'http' : 'stdio'}`);
  });

  it('sampling asked in input_required waits in Approvals; the edited reply reaches the result, rounds grouped', async () => {
    const call = test.core.handlers['tools.call']({ serverId, name: 'ask-llm', arguments: { question: 'Name a colour' }, callId: 'mrtr-1' });
    const approval = await pendingApproval(test, serverId, seen);
    expect(approval).toMatchObject({ kind: 'sampling', embedded: { key: 'reply', round: 1 } });
    expect(approval.request.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Name a colour' } }]);
    await test.core.handlers['approvals.decide']({ id: approval.id, decision: { action: 'approve', result: REPLY } });
    const outcome = await call;
    expect(outcome.failure).toBeUndefined();
    expect(resultText(outcome.result)).toBe('The model said: Edited by the person');

    const traffic = await test.traffic(serverId);
    const rounds = traffic.filter((entry) => entry.method === 'tools/call' && entry.flow && entry.flow.id === traffic.find((e) => e.seq === approval.requestSeq)?.flow?.id);
    expect(rounds.map((entry) => [entry.direction, entry.kind, entry.flow?.round])).toEqual([
      ['out', 'request', 1],
      ['in', 'response', 1],
      ['out', 'request', 2],
      ['in', 'response', 2],
    ]);
    expect((rounds[1]?.message as { result?: { resultType?: string } }).result?.resultType).toBe('input_required');
    expect((rounds[2]?.message as { params?: { inputResponses?: unknown } }).params?.inputResponses).toEqual({ reply: REPLY });
  });

  it('form elicitation, roots from the config, and a two-round flow with requestState', async () => {
    const confirm = test.core.handlers['tools.call']({ serverId, name: 'confirm', arguments: { action: 'deploy' }, callId: 'mrtr-2' });
    const form = await pendingApproval(test, serverId, seen);
    expect(form.kind).toBe('elicitation-form');
    await test.core.handlers['approvals.decide']({ id: form.id, decision: { action: 'accept', content: { ok: true } } });
    expect(resultText((await confirm).result)).toBe('Confirmed deploy: {"ok":true}');

    const roots = await test.core.handlers['tools.call']({ serverId, name: 'list-roots', arguments: {}, callId: 'mrtr-3' });
    expect(resultText(roots.result)).toBe(`Roots: ${ROOT.uri}`);

    const twoStep = test.core.handlers['tools.call']({ serverId, name: 'two-step', arguments: {}, callId: 'mrtr-4' });
    const name = await pendingApproval(test, serverId, seen);
    expect(name.embedded?.round).toBe(1);
    await test.core.handlers['approvals.decide']({ id: name.id, decision: { action: 'accept', content: { name: 'Ada' } } });
    const colour = await pendingApproval(test, serverId, seen);
    expect(colour.embedded?.round).toBe(2);
    await test.core.handlers['approvals.decide']({ id: colour.id, decision: { action: 'accept', content: { colour: 'green' } } });
    expect(resultText((await twoStep).result)).toBe('Ada likes green.');
    const third = requestsOf(await test.traffic(serverId), 'tools/call').find((entry) => entry.flow?.round === 3);
    expect(typeof (third?.message as { params?: { requestState?: unknown } }).params?.requestState).toBe('string');
  });

  it('a call cancelled while its input waits ends cancelled, and so does the approval', async () => {
    const call = test.core.handlers['tools.call']({ serverId, name: 'ask-llm', arguments: { question: 'Never answered' }, callId: 'mrtr-cancel' });
    const approval = await pendingApproval(test, serverId, seen);
    await test.core.handlers['calls.cancel']({ callId: 'mrtr-cancel', reason: 'Cancelled by the user.' });
    expect((await call).failure).toMatchObject({ kind: 'cancelled' });
    const after = (await test.core.handlers['approvals.list']()).find((a) => a.id === approval.id);
    expect(after).toMatchObject({ status: 'cancelled', problem: 'The call stopped before this was answered: Cancelled by the user.' });
  });

  it('progress, cancel and timeouts work as on 2025 connections', async () => {
    const progressed = await test.core.handlers['tools.call']({ serverId, name: 'slow', arguments: { steps: 3 }, callId: 'slow-1' });
    expect(resultText(progressed.result)).toBe('done after 3 steps');
    expect(eventsNamed(test, 'calls.progress').filter((event) => event.callId === 'slow-1').map((event) => event.progress)).toEqual([1, 2, 3]);

    const cancelled = test.core.handlers['tools.call']({ serverId, name: 'slow', arguments: { steps: 50 }, callId: 'slow-2' });
    await waitFor(() => eventsNamed(test, 'calls.progress').find((event) => event.callId === 'slow-2'), 'the first progress');
    await test.core.handlers['calls.cancel']({ callId: 'slow-2' });
    const cancelledOutcome = await cancelled;
    expect(cancelledOutcome.failure).toMatchObject({ kind: 'cancelled' });
    // On Streamable HTTP a 2026-07-28 request is cancelled by closing its stream, not by a notification.
    const notices = (await test.traffic(serverId)).filter(
      (entry) =>
        entry.direction === 'out' &&
        entry.method === 'notifications/cancelled' &&
        (entry.message as { params?: { requestId?: unknown } }).params?.requestId === cancelledOutcome.rpcId,
    );
    expect(notices.length > 0).toBe(!overHttp);

    const timeouts = { timeoutMs: 150, resetTimeoutOnProgress: false, maxTotalTimeoutMs: 150 };
    const timedOut = await test.core.handlers['tools.call']({ serverId, name: 'slow', arguments: { steps: 20 }, callId: 'slow-3', timeouts });
    expect(timedOut.failure).toMatchObject({ kind: 'timeout' });
  });

  it('the log level travels with each request once set', async () => {
    await test.core.handlers['tools.call']({ serverId, name: 'log', arguments: {}, callId: 'log-0' });
    const before = (await test.traffic(serverId)).filter((entry) => entry.method === 'notifications/message').length;
    expect(before).toBe(0);
    const set = await test.core.handlers['logging.setLevel']({ serverId, level: 'warning' });
    expect(set.failure).toBeUndefined();
    await test.core.handlers['tools.call']({ serverId, name: 'log', arguments: {}, callId: 'log-1' });
    const traffic = await test.traffic(serverId);
    const levels = traffic.filter((entry) => entry.method === 'notifications/message').map((entry) => (entry.message as { params: { level: string } }).params.level);
    expect(levels).toEqual(['warning', 'error']);
    const call = requestsOf(traffic, 'tools/call').at(-1);
    expect((call?.message as { params: { _meta: Record<string, unknown> } }).params._meta['io.modelcontextprotocol/logLevel']).toBe('warning');
    expect(requestsOf(traffic, 'logging/setLevel')).toHaveLength(0);
  });

  it('records the standard headers of each HTTP request (stdio has none)', async () => {
    const outcome = await test.core.handlers['tools.call']({ serverId, name: 'bump', arguments: {}, callId: 'headers-1' });
    const request = requestsOf(await test.traffic(serverId), 'tools/call').find((entry) => entry.id === outcome.rpcId);
    const whole = await test.core.handlers['traffic.get']({ seq: request!.seq });
    if (overHttp) expect(whole?.httpHeaders).toMatchObject({ 'mcp-method': 'tools/call', 'mcp-name': 'bump', 'mcp-protocol-version': '2026-07-28' });
    else expect(whole?.httpHeaders).toBeUndefined();
  });

  it('a disconnect while input waits leaves the approval disconnected', async () => {
    const call = test.core.handlers['tools.call']({ serverId, name: 'confirm', arguments: { action: 'never' }, callId: 'mrtr-gone' });
    const approval = await pendingApproval(test, serverId, seen);
    await test.core.handlers['connections.disconnect']({ serverId });
    expect((await call).failure).toMatchObject({ kind: 'disconnected' });
    const after = (await test.core.handlers['approvals.list']()).find((a) => a.id === approval.id);
    expect(after?.status).toBe('disconnected');
  });
});

describe('the two-era fixture on the 2025 era (Legacy)', () => {
  let test: TestCore;
  let serverId: string;

  beforeAll(async () => {
    test = await startCore();
    serverId = (await test.core.handlers['servers.add'](modernServerConfig('legacy', 'legacy'))).id;
  });

  afterAll(async () => {
    await test?.core.dispose();
  });

  it('connects with initialize and no probe; the same tool asks through a server request', async () => {
    const state = await test.core.handlers['connections.connect']({ serverId });
    expect(state.server).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(state.server?.discovery).toBeUndefined();
    expect(requestsOf(await test.traffic(serverId), 'server/discover')).toHaveLength(0);

    const call = test.core.handlers['tools.call']({ serverId, name: 'ask-llm', arguments: { question: 'Name a fruit' }, callId: 'legacy-1' });
    const approval = await pendingApproval(test, serverId, new Set());
    expect(approval.embedded).toBeUndefined();
    await test.core.handlers['approvals.decide']({ id: approval.id, decision: { action: 'approve', result: REPLY } });
    expect(resultText((await call).result)).toBe('The model said: Edited by the person');
    const traffic = await test.traffic(serverId);
    expect(traffic.some((entry) => entry.direction === 'in' && entry.kind === 'request' && entry.method === 'sampling/createMessage')).toBe(true);
  });
});

describe('a stdio server that exits on anything before initialize', () => {
  it('is restarted after the probe, connected with initialize, and the log says so', async () => {
    const test = await startCore();
    try {
      const serverId = (await test.core.handlers['servers.add'](exitsBeforeInitializeConfig('strict'))).id;
      const state = await test.core.handlers['connections.connect']({ serverId });
      expect(state.failure).toBeUndefined();
      expect(state.server?.era).toBe('legacy');
      expect(state.server?.negotiation.summary).toBe(
        'The server exited on the server/discover probe, so Loupe restarted it and connected with initialize (2025-11-25).',
      );
      const traffic = await test.traffic(serverId);
      expect(traffic.some((entry) => entry.kind === 'stderr' && entry.text?.includes('got server/discover before initialize'))).toBe(true);
      expect(traffic.some((entry) => entry.kind === 'note' && entry.text?.startsWith('The server exited on the server/discover probe'))).toBe(true);
      const echo = await test.core.handlers['tools.call']({ serverId, name: 'echo', arguments: { message: 'hi' }, callId: 'echo-1' });
      expect(resultText(echo.result)).toBe('Echo: hi');
    } finally {
      await test.core.dispose();
    }
  });
});
