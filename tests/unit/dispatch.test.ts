import { describe, expect, it } from 'vitest';
import { dispatchRequest } from '../../main/core/dispatch.js';
import { requestNames, requests, type RequestHandlers } from '../../shared/contract.js';

/** Handlers that echo what reached them, so a test sees what the schema let through. */
const echo = new Proxy({} as RequestHandlers, { get: () => async (params: unknown) => ({ received: params ?? 'nothing' }) });

describe('dispatch checks params against the contract before any handler runs', () => {
  it('every request in the contract has a params schema', () => {
    for (const name of requestNames) expect(typeof requests[name].params.safeParse, name).toBe('function');
  });

  it('refuses an unknown request and names it', async () => {
    expect(await dispatchRequest(echo, 'tools.frobnicate', {})).toEqual({ ok: false, error: { code: 'unknown-request', message: 'Unknown request: tools.frobnicate' } });
  });

  it('says which request, which parameter and what is wrong', async () => {
    const missing = await dispatchRequest(echo, 'tools.call', { serverId: 's', name: 'echo', arguments: {} });
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid-params', message: expect.stringMatching(/^Invalid parameters for tools\.call: "callId": /) } });
    const wrongType = await dispatchRequest(echo, 'tools.call', { serverId: 's', name: 'echo', arguments: [1, 2], callId: 'c' });
    expect(wrongType).toMatchObject({ ok: false, error: { message: expect.stringContaining('"arguments": ') } });
    const empty = await dispatchRequest(echo, 'connections.connect', { serverId: '' });
    expect(empty).toMatchObject({ ok: false, error: { message: 'Invalid parameters for connections.connect: "serverId": must be a non-empty string.' } });
    const notObject = await dispatchRequest(echo, 'connections.connect', 'server-1');
    expect(notObject).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^Invalid parameters for connections\.connect: The parameters: /) } });
    const level = await dispatchRequest(echo, 'logging.setLevel', { serverId: 's', level: 'loud' });
    expect(level).toMatchObject({ ok: false, error: { message: expect.stringContaining('"level": ') } });
  });

  it('lists at most three problems and counts the rest', async () => {
    const result = await dispatchRequest(echo, 'completion.complete', { serverId: 1, ref: 2, argument: 3, callId: 4, context: 5 });
    expect(result).toMatchObject({ ok: false, error: { message: expect.stringMatching(/ \(and 2 more\)\.$/) } });
  });

  it('hands the handler the parsed params: unknown keys dropped, a request without params takes none or null', async () => {
    expect(await dispatchRequest(echo, 'ping.send', { serverId: 's', injected: '<script>' })).toEqual({ ok: true, value: { received: { serverId: 's' } } });
    expect(await dispatchRequest(echo, 'servers.list', undefined)).toEqual({ ok: true, value: { received: 'nothing' } });
    expect(await dispatchRequest(echo, 'servers.list', null)).toEqual({ ok: true, value: { received: 'nothing' } });
    expect(await dispatchRequest(echo, 'servers.list', { all: true })).toMatchObject({ ok: false, error: { code: 'invalid-params' } });
  });

  it('keeps a tool call\'s arguments whole, however they are shaped', async () => {
    const args = { nested: { deep: [1, { x: null }] }, text: 'é', big: 1e308 };
    const result = await dispatchRequest(echo, 'tools.call', { serverId: 's', name: 'n', arguments: args, callId: 'c' });
    expect(result).toEqual({ ok: true, value: { received: { serverId: 's', name: 'n', arguments: args, callId: 'c' } } });
  });
});
