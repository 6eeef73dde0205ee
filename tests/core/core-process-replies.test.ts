import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSupervisedCore } from './supervised-core.js';
import { replyFolder } from '../../main/core-process/reply-files.js';
import type { RpcOutcome } from '../../shared/mcp.js';
import { replyFromJson } from '../../shared/wire.js';
import { fixtureServerConfig } from '../fixtures/fixture-server-config.js';

describe('large replies from a core process', () => {
  it('come to the bridges as a file of their JSON, and to handler callers parsed; small ones come as their JSON text', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-replies-'));
    const supervisor = await startSupervisedCore(dataDir);
    const server = await supervisor.handlers['servers.add'](fixtureServerConfig('Big'));
    await supervisor.handlers['connections.connect']({ serverId: server.id });
    const call = (mb: number, callId: string) => ({ serverId: server.id, name: 'big', arguments: { mb, kind: 'text' }, callId });

    const reply = await supervisor.dispatch('tools.call', call(1, 'one'));
    if (!reply.ok || !('file' in reply)) throw new Error(`expected a reply file, got ${JSON.stringify(reply).slice(0, 200)}`);
    expect(reply.file.path.startsWith(replyFolder(dataDir))).toBe(true);
    const fileJson = JSON.parse(readFileSync(reply.file.path, 'utf8')) as { replyQuotingResponse?: { response: unknown } };
    const fromFile = replyFromJson(fileJson) as RpcOutcome;
    expect(reply.file.bytes).toBe(readFileSync(reply.file.path).length);
    expect(JSON.stringify(fromFile.result)).toContain('quick brown fox');
    // The tool's result is not serialized again: the file quotes the server's response as it came.
    expect(fileJson.replyQuotingResponse?.response).toMatchObject({ jsonrpc: '2.0', id: fromFile.rpcId, result: fromFile.result });
    expect(fromFile).toMatchObject({ violations: [], requestSeq: expect.any(Number) });

    const parsed = (await supervisor.handlers['tools.call'](call(1, 'two'))) as RpcOutcome;
    expect(parsed.result).toEqual(fromFile.result);
    // The handler caller's file was read and deleted; the bridge's is the bridge's to take.
    expect(readdirSync(replyFolder(dataDir))).toEqual([reply.file.path.slice(replyFolder(dataDir).length + 1)]);

    // A small value comes as its JSON text, serialized once in the core process.
    const small = await supervisor.dispatch('tools.call', call(0.001, 'three'));
    if (!small.ok || !('text' in small)) throw new Error(`expected the value's text, got ${JSON.stringify(small).slice(0, 200)}`);
    expect(JSON.stringify((JSON.parse(small.text) as RpcOutcome).result)).toContain('quick brown fox');
    expect(await supervisor.dispatch('no.such.request', {})).toMatchObject({ ok: false, error: { code: 'unknown-request' } });

    // A new core process empties the folder of replies nobody took.
    await supervisor.handlers['core.restart']();
    expect(existsSync(reply.file.path)).toBe(false);
  });
});
