import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../shared/approvals.js';
import type { Notice } from '../../shared/contract.js';
import type { JsonObject } from '../../shared/mcp.js';
import type { JsonRpcId } from '../../shared/traffic.js';
import { LoupeError } from '../../shared/wire.js';
import { createApprovals, type Approvals } from '../../main/core/approvals/index.js';
import { MAX_DECIDED_APPROVALS } from '../../main/core/approvals/limits.js';
import { SAMPLING_FILE } from '../../main/core/approvals/sampling-store.js';
import { TrafficLog } from '../../main/core/traffic/traffic-log.js';
import { CallTimedOut, InputAbandoned } from '../../main/core/connections/input-rounds.js';
import { UiStateStore } from '../../main/core/config/ui-state-store.js';
import { APPROVAL_HISTORY_KEY, serializeApprovals } from '../../main/core/approvals/saved-history.js';

const SAMPLING_PARAMS = {
  messages: [{ role: 'user', content: { type: 'text', text: 'Hello?' } }],
  maxTokens: 100,
};
const FORM_PARAMS = {
  message: 'Who are you?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
};
const URL_PARAMS = { mode: 'url', message: 'Sign in, please.', url: 'https://example.com/login', elicitationId: 'elic-1' };
const REPLY = { role: 'assistant', content: { type: 'text', text: 'edited reply' }, model: 'loupe-test', stopReason: 'endTurn' };

type Settled = { ok: true; value: JsonObject } | { ok: false; error: unknown };

interface Sent {
  rpcId: JsonRpcId;
  abort: AbortController;
  settled: Promise<Settled>;
  /** The latest state emitted for this request. */
  approval(): Approval;
}

interface Harness {
  approvals: Approvals;
  traffic: TrafficLog;
  emitted: Approval[];
  dataDir: string;
  /** Notices the store gave about its file. */
  notices: Notice[];
  /** Records the server's request in the traffic (as a transport would) and hands it to `handle`. */
  send(method: string, params: unknown, options?: { serverId?: string; connectionId?: string; rpcId?: JsonRpcId }): Sent;
  /** Records a message on a connection's wire. */
  wire(direction: 'in' | 'out', message: JsonObject, options?: { serverId?: string; connectionId?: string }): void;
}

let nextRpcId = 1;

async function harness(dataDir = mkdtempSync(join(tmpdir(), 'loupe-approvals-'))): Promise<Harness> {
  const traffic = new TrafficLog(() => {});
  const emitted: Approval[] = [];
  const notices: Notice[] = [];
  const approvals = await createApprovals({
    dataDir,
    serverName: (id) => `Server ${id}`,
    traffic,
    emit: (approval) => emitted.push(approval),
    onNotice: (notice) => notices.push(notice),
  });
  const wire: Harness['wire'] = (direction, message, { serverId = 'server-a', connectionId = 'conn-a' } = {}) => {
    traffic.recorderFor(serverId, connectionId).message(direction, message, JSON.stringify(message).length);
  };
  return {
    approvals,
    traffic,
    emitted,
    notices,
    dataDir,
    wire,
    send(method, params, { serverId = 'server-a', connectionId = 'conn-a', rpcId = nextRpcId++ } = {}) {
      wire('in', { jsonrpc: '2.0', id: rpcId, method, params }, { serverId, connectionId });
      const abort = new AbortController();
      const settled = approvals
        .handle(method, params as JsonObject, { serverId, connectionId, rpcId, signal: abort.signal })
        .then(
          (value): Settled => ({ ok: true, value }),
          (error: unknown): Settled => ({ ok: false, error }),
        );
      const approval = () => {
        const latest = emitted.filter((a) => a.rpcId === rpcId && a.serverId === serverId).at(-1);
        if (!latest) throw new Error(`No approval was emitted for request ${String(rpcId)}`);
        return latest;
      };
      return { rpcId, abort, settled, approval };
    },
  };
}

async function failure(sent: Sent): Promise<ProtocolError> {
  const outcome = await sent.settled;
  if (outcome.ok) throw new Error(`Expected a JSON-RPC error, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(ProtocolError);
  return outcome.error as ProtocolError;
}

async function success(sent: Sent): Promise<JsonObject> {
  const outcome = await sent.settled;
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** Lets the abort listeners and promise callbacks run. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sampling approvals', () => {
  it('waits as pending, then resolves with the result the person approved', async () => {
    const h = await harness();
    const sent = h.send('sampling/createMessage', SAMPLING_PARAMS);
    const pending = sent.approval();
    expect(pending).toMatchObject({ status: 'pending', kind: 'sampling', serverId: 'server-a', serverName: 'Server server-a', request: SAMPLING_PARAMS });
    const requestEntry = h.traffic.list().entries.find((e) => e.kind === 'request' && e.id === sent.rpcId);
    expect(pending.requestSeq).toBe(requestEntry?.seq);
    expect(await h.approvals.handlers['approvals.list']()).toEqual([pending]);

    const decided = await h.approvals.handlers['approvals.decide']({ id: pending.id, decision: { action: 'approve', result: REPLY } });
    expect(decided).toMatchObject({ status: 'approved', decidedBy: 'user', response: REPLY });
    expect(decided.decidedAt).toBeGreaterThanOrEqual(pending.receivedAt);
    expect(decided.late).toBeUndefined();
    expect(await success(sent)).toEqual(REPLY);

    // The SDK sends the response after the handler settles; the approval then links to it.
    h.wire('out', { jsonrpc: '2.0', id: sent.rpcId, result: REPLY });
    const responseEntry = h.traffic.list().entries.at(-1);
    expect(sent.approval().responseSeq).toBe(responseEntry?.seq);
    expect(sent.approval().status).toBe('approved');
  });

  it('sends an odd result as is, as long as it is an object', async () => {
    const h = await harness();
    const sent = h.send('sampling/createMessage', SAMPLING_PARAMS);
    const odd = { nonsense: true };
    await h.approvals.handlers['approvals.decide']({ id: sent.approval().id, decision: { action: 'approve', result: odd } });
    expect(await success(sent)).toEqual(odd);

    const other = h.send('sampling/createMessage', SAMPLING_PARAMS);
    await expect(
      h.approvals.handlers['approvals.decide']({ id: other.approval().id, decision: { action: 'approve', result: 'text' as unknown as JsonObject } }),
    ).rejects.toThrow(/result to send, as an object/);
    expect(other.approval().status).toBe('pending');
  });

  it('rejects with a JSON-RPC error that carries exactly the message and code', async () => {
    const h = await harness();
    const sent = h.send('sampling/createMessage', SAMPLING_PARAMS);
    const decided = await h.approvals.handlers['approvals.decide']({ id: sent.approval().id, decision: { action: 'reject', message: 'Not today.' } });
    expect(decided).toMatchObject({ status: 'rejected', decidedBy: 'user', response: { error: { code: -1, message: 'Not today.' } } });
    const error = await failure(sent);
    expect(error.code).toBe(-1);
    // The SDK puts error.message on the wire: it must be the person's text, without "MCP error -1:".
    expect(error.message).toBe('Not today.');

    const custom = h.send('sampling/createMessage', SAMPLING_PARAMS);
    await h.approvals.handlers['approvals.decide']({ id: custom.approval().id, decision: { action: 'reject', message: 'Quota', code: -32001 } });
    const customError = await failure(custom);
    expect([customError.code, customError.message]).toEqual([-32001, 'Quota']);
  });

  it('refuses a second decision, and decisions that do not fit a sampling request', async () => {
    const h = await harness();
    const sent = h.send('sampling/createMessage', SAMPLING_PARAMS);
    const id = sent.approval().id;
    await expect(h.approvals.handlers['approvals.decide']({ id, decision: { action: 'accept', content: {} } })).rejects.toThrow(/approve or reject, not accept/);
    await expect(h.approvals.handlers['approvals.decide']({ id, decision: { action: 'nod' } as never })).rejects.toThrow(LoupeError);
    await h.approvals.handlers['approvals.decide']({ id, decision: { action: 'approve', result: REPLY } });
    await expect(h.approvals.handlers['approvals.decide']({ id, decision: { action: 'reject', message: 'x' } })).rejects.toThrow(
      'This request was already answered.',
    );
    await expect(h.approvals.handlers['approvals.decide']({ id: 'nope', decision: { action: 'reject', message: 'x' } })).rejects.toThrow(/no request with id/);
    expect(await success(sent)).toEqual(REPLY);
  });

  it('marks a reply given after the server timeout as late, and still sends it', async () => {
    const h = await harness();
    const sent = h.send('sampling/createMessage', SAMPLING_PARAMS);
    const receivedAt = sent.approval().receivedAt;
    vi.spyOn(Date, 'now').mockReturnValue(receivedAt + 61_000);
    const decided = await h.approvals.handlers['approvals.decide']({ id: sent.approval().id, decision: { action: 'approve', result: REPLY } });
    expect(decided.late).toBe(true);
    expect(await success(sent)).toEqual(REPLY);
  });
});

describe('when the server gives up', () => {
  it('a cancel with a reason makes the approval cancelled, and it can no longer be decided', async () => {
    const h = await harness();
    const sent = h.send('sampling/createMessage', SAMPLING_PARAMS);
    h.wire('in', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: sent.rpcId, reason: 'Took too long' } });
    sent.abort.abort('Took too long');
    await tick();
    expect(sent.approval()).toMatchObject({ status: 'cancelled', problem: 'The server cancelled this request: Took too long' });
    await failure(sent);
    await expect(
      h.approvals.handlers['approvals.decide']({ id: sent.approval().id, decision: { action: 'approve', result: REPLY } }),
    ).rejects.toThrow('This request was cancelled by the server and can no longer be answered.');
    expect(sent.approval().status).toBe('cancelled');
  });

  it('a cancel without a reason is told from a close by the notification in the traffic', async () => {
    const h = await harness();
    const sent = h.send('elicitation/create', FORM_PARAMS);
    h.wire('in', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: sent.rpcId } });
    sent.abort.abort(); // the SDK aborts with an AbortError when the server gives no reason
    await tick();
    expect(sent.approval()).toMatchObject({ status: 'cancelled', problem: 'The server cancelled this request.' });
    await failure(sent);
  });

  it('a closed connection makes the approval disconnected', async () => {
    const h = await harness();
    const sent = h.send('sampling/createMessage', SAMPLING_PARAMS);
    sent.abort.abort(); // what the SDK does to every open request when the connection closes
    await tick();
    expect(sent.approval()).toMatchObject({ status: 'disconnected', problem: 'The server disconnected before this request was answered.' });
    await failure(sent);
    await expect(h.approvals.handlers['approvals.decide']({ id: sent.approval().id, decision: { action: 'reject', message: 'x' } })).rejects.toThrow(
      /disconnected/,
    );
  });

  it('tells who ended a cancelled request: the server, the person who cancelled the call, or Loupe’s timeout', async () => {
    const h = await harness();
    const byServer = h.send('sampling/createMessage', SAMPLING_PARAMS);
    h.wire('in', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: byServer.rpcId } });
    byServer.abort.abort();
    const byYou = h.send('sampling/createMessage', SAMPLING_PARAMS);
    byYou.abort.abort(new InputAbandoned('cancelled', 'Cancelled by the user.'));
    const byTimeout = h.send('elicitation/create', FORM_PARAMS);
    byTimeout.abort.abort(new CallTimedOut('No answer within 60 s: the request timed out.'));
    await tick();
    expect(byServer.approval()).toMatchObject({ status: 'cancelled', cancelledBy: 'server' });
    expect(byYou.approval()).toMatchObject({ status: 'cancelled', cancelledBy: 'you' });
    expect(byTimeout.approval()).toMatchObject({ status: 'cancelled', cancelledBy: 'timeout', problem: 'The call stopped before this was answered: No answer within 60 s: the request timed out.' });
    await expect(h.approvals.handlers['approvals.decide']({ id: byYou.approval().id, decision: { action: 'reject', message: 'x' } })).rejects.toThrow(
      'This request was cancelled when you cancelled its call, and can no longer be answered.',
    );
  });

  it('a request whose signal is already aborted never stays pending', async () => {
    const h = await harness();
    const abort = new AbortController();
    abort.abort();
    const settled = h.approvals.handle('sampling/createMessage', SAMPLING_PARAMS, { serverId: 's', connectionId: 'c', rpcId: 9, signal: abort.signal });
    await expect(settled).rejects.toBeInstanceOf(ProtocolError);
    expect((await h.approvals.handlers['approvals.list']())[0]?.status).toBe('disconnected');
  });
});

describe('malformed requests', () => {
  it('a sampling request without messages is recorded as invalid and answered with InvalidParams', async () => {
    const h = await harness();
    const sent = h.send('sampling/createMessage', { maxTokens: 10 });
    const error = await failure(sent);
    expect(error.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(error.message).toBe('Malformed sampling/createMessage request: "messages" is missing.');
    expect(sent.approval()).toMatchObject({
      status: 'invalid',
      problem: error.message,
      response: { error: { code: ProtocolErrorCode.InvalidParams, message: error.message } },
    });
    await expect(
      h.approvals.handlers['approvals.decide']({ id: sent.approval().id, decision: { action: 'approve', result: REPLY } }),
    ).rejects.toThrow(/malformed/);
  });

  it('lists every problem of a sampling request in one sentence', async () => {
    const h = await harness();
    const sent = h.send('sampling/createMessage', {
      messages: [{ role: 'robot', content: { text: 'no type' } }, 'hi', { role: 'user', content: [{ type: 'text', text: 'ok' }, 3] }],
      maxTokens: 'lots',
    });
    const { message } = await failure(sent);
    expect(message).toBe(
      'Malformed sampling/createMessage request: messages[0].role must be "user" or "assistant"; ' +
        'messages[0].content must be an object with a "type", or a list of them; messages[1] must be an object; ' +
        'messages[2].content[1] must be an object with a "type"; "maxTokens" must be a number.',
    );
    expect((await failure(h.send('sampling/createMessage', { messages: [], maxTokens: 1 }))).message).toMatch(/"messages" is empty/);
    const missing = h.send('sampling/createMessage', undefined);
    expect((await failure(missing)).message).toBe('Malformed sampling/createMessage request: the params are missing.');
  });

  it('is lenient about what it does not need, and keeps the request as received', async () => {
    const h = await harness();
    const params = { ...SAMPLING_PARAMS, temperature: 'hot', tools: 'whatever', modelPreferences: 1 };
    const sent = h.send('sampling/createMessage', params);
    expect(sent.approval()).toMatchObject({ status: 'pending', request: params });
  });

  it('checks form-mode elicitation', async () => {
    const h = await harness();
    const noSchema = h.send('elicitation/create', { message: 'Hi' });
    expect((await failure(noSchema)).message).toBe('Malformed elicitation/create request: "requestedSchema" is missing.');
    expect(noSchema.approval()).toMatchObject({ status: 'invalid', kind: 'elicitation-form' });
    const badSchema = h.send('elicitation/create', { message: 3, requestedSchema: { type: 'array' } });
    expect((await failure(badSchema)).message).toBe(
      'Malformed elicitation/create request: "message" must be a non-empty string; "requestedSchema.type" must be "object"; "requestedSchema.properties" must be an object.',
    );
    const badMode = h.send('elicitation/create', { ...FORM_PARAMS, mode: 'telepathy' });
    expect((await failure(badMode)).message).toMatch(/"mode" must be "form" or "url"/);
    expect(h.send('elicitation/create', FORM_PARAMS).approval()).toMatchObject({ status: 'pending', kind: 'elicitation-form' });
    expect(h.send('elicitation/create', { ...FORM_PARAMS, mode: 'form' }).approval().status).toBe('pending');
  });

  it('checks URL-mode elicitation', async () => {
    const h = await harness();
    const ftp = h.send('elicitation/create', { ...URL_PARAMS, url: 'ftp://example.com/file' });
    expect((await failure(ftp)).message).toBe('Malformed elicitation/create request: "url" must be an http or https URL.');
    expect(ftp.approval()).toMatchObject({ status: 'invalid', kind: 'elicitation-url' });
    const garbage = h.send('elicitation/create', { mode: 'url', url: 'not a url', message: 'x' });
    expect((await failure(garbage)).message).toBe(
      'Malformed elicitation/create request: "url" must be an http or https URL; "elicitationId" is missing.',
    );
    expect(h.send('elicitation/create', URL_PARAMS).approval()).toMatchObject({ status: 'pending', kind: 'elicitation-url' });
  });

  it('keeps a bounded history of decided approvals', async () => {
    const h = await harness();
    const pending = h.send('sampling/createMessage', SAMPLING_PARAMS);
    const invalid = Array.from({ length: MAX_DECIDED_APPROVALS + 5 }, () => h.send('sampling/createMessage', {}));
    await Promise.all(invalid.map((sent) => sent.settled));
    const list = await h.approvals.handlers['approvals.list']();
    expect(list).toHaveLength(MAX_DECIDED_APPROVALS + 1);
    expect(list[0]?.id).toBe(pending.approval().id);
    expect(list.some((a) => a.rpcId === invalid[0]?.rpcId)).toBe(false);
    expect(list.at(-1)?.rpcId).toBe(invalid.at(-1)?.rpcId);
    const receivedAt = list.map((a) => a.receivedAt);
    expect(receivedAt).toEqual([...receivedAt].sort((a, b) => a - b));
  });
});

describe('the history across starts of the app', () => {
  it('is kept in ui-state.json, out of the window’s reach, and comes back as it was', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-approvals-saved-'));
    const savedIn = await UiStateStore.open(dataDir, () => {});
    const emitted: Approval[] = [];
    const traffic = new TrafficLog(() => {});
    const first = await createApprovals({ dataDir, serverName: () => 'Server', traffic, emit: (approval) => emitted.push(approval), onNotice: () => {}, savedIn });
    const abort = new AbortController();
    const waiting = first.handle('elicitation/create', FORM_PARAMS, { serverId: 's', connectionId: 'c', rpcId: 1, signal: abort.signal });
    const id = emitted[0]!.id;
    await first.handlers['approvals.decide']({ id, decision: { action: 'accept', content: { name: 'Ada' } } });
    await waiting;
    await first.flush();
    expect(savedIn.all()[APPROVAL_HISTORY_KEY]).toBeUndefined();

    const reopened = await UiStateStore.open(dataDir, () => {});
    const second = await createApprovals({ dataDir, serverName: () => 'Server', traffic: new TrafficLog(() => {}), emit: () => {}, onNotice: () => {}, savedIn: reopened });
    const list = await second.handlers['approvals.list']();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, status: 'approved', decidedBy: 'user', response: { action: 'accept', content: { name: 'Ada' } } });
  });

  it('keeps only the newest decisions that fit its budget', () => {
    const approval = (index: number): Approval => ({
      id: `a${index}`,
      serverId: 's',
      serverName: 'Server',
      kind: 'sampling',
      rpcId: index,
      request: { text: 'x'.repeat(100) },
      receivedAt: index,
      status: 'rejected',
      decidedAt: index,
    });
    const kept = JSON.parse(serializeApprovals([approval(1), approval(3), approval(2)], 600)) as Approval[];
    expect(kept.map((a) => a.id)).toEqual(['a2', 'a3']);
  });
});

describe('elicitation approvals', () => {
  it('accept sends the content; decline and cancel send their action', async () => {
    const h = await harness();
    const accepted = h.send('elicitation/create', FORM_PARAMS);
    const id = accepted.approval().id;
    await expect(h.approvals.handlers['approvals.decide']({ id, decision: { action: 'accept' } })).rejects.toThrow(/needs the content/);
    await expect(h.approvals.handlers['approvals.decide']({ id, decision: { action: 'approve', result: REPLY } })).rejects.toThrow(
      /accept, decline or cancel/,
    );
    const decided = await h.approvals.handlers['approvals.decide']({ id, decision: { action: 'accept', content: { name: 'Ada' } } });
    expect(decided).toMatchObject({ status: 'approved', response: { action: 'accept', content: { name: 'Ada' } } });
    expect(await success(accepted)).toEqual({ action: 'accept', content: { name: 'Ada' } });

    const declined = h.send('elicitation/create', FORM_PARAMS);
    await h.approvals.handlers['approvals.decide']({ id: declined.approval().id, decision: { action: 'decline' } });
    expect(await success(declined)).toEqual({ action: 'decline' });
    expect(declined.approval().status).toBe('rejected');

    const cancelled = h.send('elicitation/create', FORM_PARAMS);
    await h.approvals.handlers['approvals.decide']({ id: cancelled.approval().id, decision: { action: 'cancel' } });
    expect(await success(cancelled)).toEqual({ action: 'cancel' });
    expect(cancelled.approval().status).toBe('dismissed');
  });

  it('a URL-mode elicitation is accepted without content', async () => {
    const h = await harness();
    const sent = h.send('elicitation/create', URL_PARAMS);
    const id = sent.approval().id;
    await expect(h.approvals.handlers['approvals.decide']({ id, decision: { action: 'accept', content: { a: 1 } } })).rejects.toThrow(
      'A URL-mode elicitation is accepted without content.',
    );
    await h.approvals.handlers['approvals.decide']({ id, decision: { action: 'accept' } });
    expect(await success(sent)).toEqual({ action: 'accept' });
  });

  it('notifications/elicitation/complete marks the matching URL-mode approval completed', async () => {
    const h = await harness();
    const sent = h.send('elicitation/create', URL_PARAMS);
    const elsewhere = h.send('elicitation/create', URL_PARAMS, { connectionId: 'conn-b' });
    await h.approvals.handlers['approvals.decide']({ id: sent.approval().id, decision: { action: 'accept' } });
    expect(sent.approval().completed).toBeUndefined();

    h.wire('in', { jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: 'other' } });
    expect(sent.approval().completed).toBeUndefined();
    h.wire('in', { jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: 'elic-1' } });
    expect(sent.approval()).toMatchObject({ completed: true, status: 'approved' });
    expect(elsewhere.approval().completed).toBeUndefined();
    expect(elsewhere.approval().status).toBe('pending');
  });
});

describe('auto-reply rules', () => {
  it('answer matching sampling requests with the template, only while enabled', async () => {
    const h = await harness();
    const template = await h.approvals.handlers['sampling.templates.save']({ name: 'Canned', result: REPLY });
    expect(template.id).toMatch(/[0-9a-f-]{36}/);
    const rule = await h.approvals.handlers['sampling.rules.save']({ name: 'Always canned', enabled: false, templateId: template.id });

    const whileOff = h.send('sampling/createMessage', SAMPLING_PARAMS);
    expect(whileOff.approval().status).toBe('pending');

    await h.approvals.handlers['sampling.rules.save']({ ...rule, enabled: true });
    const answered = h.send('sampling/createMessage', SAMPLING_PARAMS);
    expect(await success(answered)).toEqual(REPLY);
    expect(answered.approval()).toMatchObject({ status: 'approved', decidedBy: 'rule:Always canned', response: REPLY });
    expect(answered.approval().decidedAt).toBeTypeOf('number');
    await expect(
      h.approvals.handlers['approvals.decide']({ id: answered.approval().id, decision: { action: 'approve', result: REPLY } }),
    ).rejects.toThrow('This request was already answered by the auto-reply rule "Always canned".');

    // Elicitation is never auto-answered.
    expect(h.send('elicitation/create', FORM_PARAMS).approval().status).toBe('pending');
    expect(whileOff.approval().status).toBe('pending');
  });

  it('match only their server when they name one, and need an existing template', async () => {
    const h = await harness();
    const template = await h.approvals.handlers['sampling.templates.save']({ name: 'Canned', result: REPLY });
    await expect(h.approvals.handlers['sampling.rules.save']({ name: 'Broken', enabled: true, templateId: 'missing' })).rejects.toThrow(
      /does not exist/,
    );
    await h.approvals.handlers['sampling.rules.save']({ name: 'Only B', enabled: true, serverId: 'server-b', templateId: template.id });
    expect(h.send('sampling/createMessage', SAMPLING_PARAMS).approval().status).toBe('pending');
    const fromB = h.send('sampling/createMessage', SAMPLING_PARAMS, { serverId: 'server-b', connectionId: 'conn-b' });
    expect(fromB.approval()).toMatchObject({ status: 'approved', decidedBy: 'rule:Only B' });

    await h.approvals.handlers['sampling.templates.remove']({ id: template.id });
    expect(h.send('sampling/createMessage', SAMPLING_PARAMS, { serverId: 'server-b', connectionId: 'conn-b' }).approval().status).toBe('pending');
  });
});

describe('rejectAll', () => {
  it('answers 100 pending requests at once, per server or all', async () => {
    const h = await harness();
    const fromA = Array.from({ length: 60 }, () => h.send('sampling/createMessage', SAMPLING_PARAMS));
    const fromB = Array.from({ length: 30 }, () => h.send('sampling/createMessage', SAMPLING_PARAMS, { serverId: 'server-b', connectionId: 'conn-b' }));
    const forms = Array.from({ length: 10 }, () => h.send('elicitation/create', FORM_PARAMS, { serverId: 'server-b', connectionId: 'conn-b' }));
    const list = await h.approvals.handlers['approvals.list']();
    expect(list.filter((a) => a.status === 'pending')).toHaveLength(100);

    expect(await h.approvals.handlers['approvals.rejectAll']({ serverId: 'server-a', message: 'Go away.' })).toBe(60);
    for (const sent of fromA) expect((await failure(sent)).message).toBe('Go away.');
    expect(fromB.every((sent) => sent.approval().status === 'pending')).toBe(true);

    expect(await h.approvals.handlers['approvals.rejectAll']({})).toBe(40);
    for (const sent of fromB) expect((await failure(sent)).message).toBe('Rejected by the user.');
    for (const sent of forms) {
      expect(await success(sent)).toEqual({ action: 'decline' });
      expect(sent.approval().status).toBe('rejected');
    }
    expect(await h.approvals.handlers['approvals.rejectAll']({})).toBe(0);
    expect((await h.approvals.handlers['approvals.list']()).every((a) => a.status === 'rejected' && a.decidedBy === 'user')).toBe(true);
  });
});

describe('templates and rules', () => {
  it('persist across restarts in sampling.json', async () => {
    const first = await harness();
    const template = await first.approvals.handlers['sampling.templates.save']({ name: 'Canned', result: REPLY });
    const other = await first.approvals.handlers['sampling.templates.save']({ name: 'Other', result: { role: 'assistant' } });
    const renamed = await first.approvals.handlers['sampling.templates.save']({ ...template, name: 'Renamed' });
    expect(renamed.id).toBe(template.id);
    const rule = await first.approvals.handlers['sampling.rules.save']({ name: 'On', enabled: true, serverId: 'server-a', templateId: template.id });
    await first.approvals.handlers['sampling.templates.remove']({ id: other.id });
    await expect(first.approvals.handlers['sampling.rules.remove']({ id: 'missing' })).rejects.toThrow(/no rule/);
    await expect(first.approvals.handlers['sampling.templates.save']({ name: ' ', result: REPLY })).rejects.toThrow(/name must be non-empty/);
    await expect(first.approvals.handlers['sampling.templates.save']({ name: 'x', result: [] as unknown as JsonObject })).rejects.toThrow(
      /result must be an object/,
    );

    const second = await harness(first.dataDir);
    expect(await second.approvals.handlers['sampling.templates.list']()).toEqual([{ ...template, name: 'Renamed' }]);
    expect(await second.approvals.handlers['sampling.rules.list']()).toEqual([rule]);
    expect(await success(second.send('sampling/createMessage', SAMPLING_PARAMS))).toEqual(REPLY);

    await second.approvals.handlers['sampling.rules.remove']({ id: rule.id });
    const third = await harness(first.dataDir);
    expect(await third.approvals.handlers['sampling.rules.list']()).toEqual([]);
  });

  it('survive a corrupt sampling.json: it is moved aside and the store starts empty', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-approvals-'));
    writeFileSync(join(dataDir, SAMPLING_FILE), '{"templates": [oops');
    const h = await harness(dataDir);
    expect(await h.approvals.handlers['sampling.templates.list']()).toEqual([]);
    expect(readdirSync(dataDir).some((name) => name.startsWith(`${SAMPLING_FILE}.corrupt-`))).toBe(true);
    expect(existsSync(join(dataDir, SAMPLING_FILE))).toBe(false);
    expect(h.notices.map((n) => n.message)).toEqual([expect.stringMatching(/not valid JSON.*moved to .*sampling\.json\.corrupt-/)]);

    await h.approvals.handlers['sampling.templates.save']({ name: 'Fresh', result: REPLY });
    const again = await harness(dataDir);
    expect((await again.approvals.handlers['sampling.templates.list']()).map((t) => t.name)).toEqual(['Fresh']);
  });

  it('skip bad entries but keep the original file beside', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-approvals-'));
    const good = { id: 't1', name: 'Good', result: REPLY };
    writeFileSync(join(dataDir, SAMPLING_FILE), JSON.stringify({ version: 1, templates: [good, { id: 't2', name: '' }], rules: [{ name: 'no enabled' }] }));
    const h = await harness(dataDir);
    expect(await h.approvals.handlers['sampling.templates.list']()).toEqual([good]);
    expect(await h.approvals.handlers['sampling.rules.list']()).toEqual([]);
    expect(readdirSync(dataDir).some((name) => name.startsWith(`${SAMPLING_FILE}.invalid-`))).toBe(true);
    expect(h.notices[0]?.message).toMatch(/2 template\(s\) or rule\(s\).*skipped.*kept as/);
  });
});
