import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval, ApprovalKind } from '../../shared/approvals.js';
import type { RpcOutcome } from '../../shared/mcp.js';
import { eventsNamed, startCore, waitFor, type TestCore } from './helpers.js';

const REPLY = { role: 'assistant', content: { type: 'text', text: 'edited reply' }, model: 'loupe-test', stopReason: 'endTurn' };

/** Server-everything's side of the round trip: its tools answer with what the client sent back. */
describe('approvals against server-everything', () => {
  let test: TestCore;
  let serverId: string;
  const seen = new Set<string>();
  let nextCall = 1;

  beforeAll(async () => {
    test = await startCore();
    serverId = (await test.core.handlers['servers.list']())[0]!.id;
    const state = await test.core.handlers['connections.connect']({ serverId });
    expect(state.status).toBe('connected');
  });
  afterAll(() => test.core.dispose());

  /** The conditional tools appear once the server has read the client's capabilities (maybe after list_changed). */
  async function tool(name: string) {
    return waitFor(async () => (await test.core.handlers['tools.list']({ serverId })).items.find((t) => t.name === name), `the tool ${name}`);
  }

  function call(name: string, args: Record<string, unknown>): Promise<RpcOutcome> {
    return test.core.handlers['tools.call']({ serverId, name, arguments: args, callId: `approval-call-${nextCall++}` });
  }

  /** The next approval of this kind announced as pending by an 'approvals.changed' event. */
  async function nextPending(kind: ApprovalKind): Promise<Approval> {
    const approval = await waitFor(
      () => eventsNamed(test, 'approvals.changed').find((a) => a.kind === kind && a.status === 'pending' && !seen.has(a.id)),
      `a pending ${kind} approval`,
    );
    seen.add(approval.id);
    return approval;
  }

  function latest(id: string): Approval | undefined {
    return eventsNamed(test, 'approvals.changed')
      .filter((a) => a.id === id)
      .at(-1);
  }

  /** Our response is recorded after the SDK sends it; the approval is then re-emitted with its seq. */
  async function responseEntry(id: string) {
    const responseSeq = await waitFor(() => latest(id)?.responseSeq, 'the response seq of the approval');
    const entry = await test.core.handlers['traffic.get']({ seq: responseSeq });
    expect(entry).toMatchObject({ direction: 'out', serverId, id: latest(id)?.rpcId });
    return entry!;
  }

  function text(outcome: RpcOutcome): string {
    expect(outcome.failure).toBeUndefined();
    return JSON.stringify(outcome.result);
  }

  it('a sampling request waits for the person, and the approved reply reaches the tool', async () => {
    const sampling = await tool('trigger-sampling-request');
    expect(sampling.inputSchema?.properties).toHaveProperty('prompt');
    const outcome = call('trigger-sampling-request', { prompt: 'Say hi', maxTokens: 20 });

    const pending = await nextPending('sampling');
    expect(pending).toMatchObject({ serverId, serverName: expect.any(String), request: { maxTokens: 20 } });
    // It names the call it came during, so the window can run that call again.
    expect(pending.duringCall).toEqual({ tool: 'trigger-sampling-request', arguments: { prompt: 'Say hi', maxTokens: 20 } });
    expect(JSON.stringify(pending.request)).toContain('Say hi');
    const requestEntry = await test.core.handlers['traffic.get']({ seq: pending.requestSeq! });
    expect(requestEntry).toMatchObject({ direction: 'in', kind: 'request', method: 'sampling/createMessage', id: pending.rpcId });
    expect(await test.core.handlers['approvals.list']()).toContainEqual(pending);

    const decided = await test.core.handlers['approvals.decide']({ id: pending.id, decision: { action: 'approve', result: REPLY } });
    expect(decided).toMatchObject({ status: 'approved', decidedBy: 'user', response: REPLY });
    expect(text(await outcome)).toContain('edited reply');
    expect(await responseEntry(pending.id)).toMatchObject({ kind: 'response', message: { result: REPLY } });
  });

  it('the call’s timeout stops while the person reads the sampling request (issue 24): a 1 s timeout, 2.5 s of reading, and the call succeeds', async () => {
    await tool('trigger-sampling-request');
    const timeouts = { timeoutMs: 1_000, resetTimeoutOnProgress: false, maxTotalTimeoutMs: 2_000 };
    const outcome = test.core.handlers['tools.call']({ serverId, name: 'trigger-sampling-request', arguments: { prompt: 'Read slowly' }, callId: `approval-call-${nextCall++}`, timeouts });
    const pending = await nextPending('sampling');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await test.core.handlers['approvals.decide']({ id: pending.id, decision: { action: 'approve', result: REPLY } });
    expect(text(await outcome)).toContain('edited reply');
  });

  it('a call whose server answers nothing still times out after its timeout, with the sentence', async () => {
    const timeouts = { timeoutMs: 1_000, resetTimeoutOnProgress: false, maxTotalTimeoutMs: 2_000 };
    const outcome = await test.core.handlers['tools.call']({ serverId, name: 'trigger-long-running-operation', arguments: { duration: 5, steps: 5 }, callId: `approval-call-${nextCall++}`, timeouts });
    expect(outcome.failure).toMatchObject({ kind: 'timeout', message: 'No answer within 1 s: the request timed out.' });
  });

  it('a rejected sampling request reaches the server as a JSON-RPC error with exactly the message', async () => {
    const outcome = call('trigger-sampling-request', { prompt: 'Refuse me' });
    const pending = await nextPending('sampling');
    await test.core.handlers['approvals.decide']({ id: pending.id, decision: { action: 'reject', message: 'No sampling today.' } });
    const result = await outcome;
    expect(JSON.stringify(result.result ?? result.failure)).toContain('No sampling today.');
    expect(await responseEntry(pending.id)).toMatchObject({
      kind: 'error',
      errorCode: -1,
      message: { error: { code: -1, message: 'No sampling today.' } },
    });
  });

  it('a form elicitation accepted with content gives the tool that content', async () => {
    await tool('trigger-elicitation-request');
    const outcome = call('trigger-elicitation-request', {});
    const pending = await nextPending('elicitation-form');
    expect(pending.request).toMatchObject({ requestedSchema: { type: 'object' } });
    await test.core.handlers['approvals.decide']({
      id: pending.id,
      decision: { action: 'accept', content: { name: 'Ada Lovelace', check: true } },
    });
    const shown = text(await outcome);
    expect(shown).toContain('Ada Lovelace');
    expect(shown).toContain('Agreed to terms: true');
    expect(latest(pending.id)?.status).toBe('approved');
  });

  it('a URL elicitation is accepted without content', async () => {
    await tool('trigger-url-elicitation');
    const outcome = call('trigger-url-elicitation', { url: 'https://example.com/consent', elicitationId: 'loupe-elicitation-1' });
    const pending = await nextPending('elicitation-url');
    expect(pending.request).toMatchObject({ mode: 'url', url: 'https://example.com/consent', elicitationId: 'loupe-elicitation-1' });
    await test.core.handlers['approvals.decide']({ id: pending.id, decision: { action: 'accept' } });
    expect(text(await outcome)).toContain('completed the URL elicitation');
  });

  it('a URL-elicitation-required error (-32042) offers its page in Approvals, once, without a doubled prefix', async () => {
    await tool('trigger-url-elicitation');
    const outcome = await call('trigger-url-elicitation', { url: 'https://example.com/authorize', errorPath: true, elicitationId: 'auth-1' });
    expect(outcome.failure).toMatchObject({ kind: 'protocol', code: -32042 });
    expect(outcome.failure?.message).toBe('The server needs you to open a page first (URL elicitation required): see Approvals, then run the call again.');
    const approval = await nextPending('elicitation-url');
    // The server's error names its own prerequisite page.
    expect(approval.request).toMatchObject({ mode: 'url', url: expect.stringMatching(/^https:\/\//), elicitationId: expect.any(String) });
    expect(approval.embedded).toMatchObject({ source: 'url-required-error' });
    expect(approval.requestSeq).toBeGreaterThan(0);
    const decided = await test.core.handlers['approvals.decide']({ id: approval.id, decision: { action: 'accept' } });
    expect(decided.status).toBe('approved');
  });

  it('pending requests become disconnected when the server goes away', async () => {
    const outcome = call('trigger-sampling-request', { prompt: 'Never answered' });
    const pending = await nextPending('sampling');
    await test.core.handlers['connections.disconnect']({ serverId });
    await outcome;
    const after = await waitFor(() => (latest(pending.id)?.status === 'disconnected' ? latest(pending.id) : undefined), 'the disconnected state');
    expect(after.problem).toBe('The server disconnected before this request was answered.');
    await expect(
      test.core.handlers['approvals.decide']({ id: pending.id, decision: { action: 'approve', result: REPLY } }),
    ).rejects.toThrow(/can no longer be answered/);
  });
});
