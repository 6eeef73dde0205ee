/**
 * Bytes as received over HTTP: a hand-written Streamable HTTP server replies with text only a
 * hand-written body can hold (1.0, an integer past 2^53, a key given twice), as a JSON body and as
 * server-sent events split across chunks; the entries keep that text exactly. A real server's
 * entries over Streamable HTTP and SSE carry texts that parse to their messages.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrafficEntry } from '../../shared/traffic.js';
import { parseTrafficJsonl, serializeTrafficEntries } from '../../shared/traffic-jsonl.js';
import { startCore, startEverythingHttp, type TestCore } from './helpers.js';

const EXACT_RESULT = (id: unknown) =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"exact"}],"structuredContent":{"ratio":1.0,"big":12345678901234567890,"twice":"first","twice":"second"}}}`;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

/** Answers initialize, tools/list and tools/call; `sse` chooses the reply's form, and events come in three chunks. */
function exactServer(mode: { sse: boolean }): Server {
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      if (request.method !== 'POST') {
        response.writeHead(405).end();
        return;
      }
      const message = JSON.parse(await readBody(request)) as { id?: unknown; method: string; params?: { protocolVersion?: string } };
      if (message.id === undefined) {
        response.writeHead(202).end();
        return;
      }
      let text: string;
      if (message.method === 'initialize') {
        text = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'exact', version: '1.0.0' } } });
      } else if (message.method === 'tools/list') {
        text = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { tools: [{ name: 'exact', inputSchema: { type: 'object' } }] } });
      } else if (message.method === 'tools/call') {
        text = EXACT_RESULT(message.id);
      } else {
        text = JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
      }
      const headers = { 'mcp-session-id': 'exact-session' };
      if (!mode.sse) {
        response.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(text);
        return;
      }
      response.writeHead(200, { ...headers, 'content-type': 'text/event-stream' });
      const event = `event: message\ndata: ${text}\n\n`;
      const third = Math.floor(event.length / 3);
      response.write(event.slice(0, third));
      setTimeout(() => {
        response.write(event.slice(third, 2 * third));
        setTimeout(() => response.end(event.slice(2 * third)), 5);
      }, 5);
    })();
  });
}

describe('HTTP entries keep the bytes as received', () => {
  const mode = { sse: false };
  let server: Server;
  let test: TestCore;
  let url: string;

  beforeAll(async () => {
    server = exactServer(mode);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    test = await startCore();
  });
  afterAll(async () => {
    await test.core.dispose();
    server.close();
  });

  it.each([
    ['a JSON body', false],
    ['server-sent events split across chunks', true],
  ])('%s: the reply with 1.0, 12345678901234567890 and a repeated key is kept exactly', async (_label, sse) => {
    mode.sse = sse;
    const added = await test.core.handlers['servers.add']({ name: `exact ${sse ? 'sse' : 'json'}`, transport: { type: 'streamable-http', url, headers: [] }, era: 'legacy' });
    await test.core.handlers['connections.connect']({ serverId: added.id });
    const callId = randomUUID();
    await test.core.handlers['tools.call']({ serverId: added.id, name: 'exact', arguments: {}, callId });
    const entries = await test.traffic(added.id);
    const request = entries.find((entry) => entry.kind === 'request' && entry.method === 'tools/call')!;
    const reply = entries.find((entry) => entry.kind === 'response' && entry.requestSeq === request.seq)!;
    expect(reply.raw).toBe(EXACT_RESULT(request.id));
    expect(reply.size).toBe(Buffer.byteLength(EXACT_RESULT(request.id)));
    // What went out is what was posted: the SDK posts JSON.stringify of the message.
    expect(request.raw).toBe(JSON.stringify(request.message));
    // Every message entry of the connection carries its text.
    for (const entry of entries.filter((candidate) => ['request', 'response', 'notification'].includes(candidate.kind))) {
      expect(JSON.parse(entry.raw!)).toEqual(entry.message);
    }
    await test.core.handlers['connections.disconnect']({ serverId: added.id });
  });

  it('an exported log with http entries imports again, entries whole', async () => {
    const entries = await test.traffic();
    expect(entries.some((entry) => entry.kind === 'http')).toBe(true);
    const parsed = parseTrafficJsonl(serializeTrafficEntries(entries));
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries.map((entry: TrafficEntry) => entry.seq)).toEqual(entries.map((entry) => entry.seq));
  });
});

describe.each([
  ['Streamable HTTP', 'streamableHttp', 'streamable-http', '/mcp'],
  ['SSE', 'sse', 'sse', '/sse'],
] as const)('server-everything over %s: entries carry their text', (_label, everythingMode, type, path) => {
  let test: TestCore;
  let server: Awaited<ReturnType<typeof startEverythingHttp>>;
  beforeAll(async () => {
    [test, server] = await Promise.all([startCore(), startEverythingHttp(everythingMode)]);
  });
  afterAll(async () => {
    await test.core.dispose();
    server.stop();
  });

  it('incoming messages have a raw text that parses to the message', async () => {
    const added = await test.add(`everything ${type}`, { type, url: `http://127.0.0.1:${server.port}${path}`, headers: [] });
    await test.core.handlers['connections.connect']({ serverId: added.id });
    await test.core.handlers['tools.call']({ serverId: added.id, name: 'echo', arguments: { message: 'as sent' }, callId: randomUUID() });
    const incoming = (await test.traffic(added.id)).filter((entry) => entry.direction === 'in' && (entry.kind === 'response' || entry.kind === 'notification'));
    expect(incoming.length).toBeGreaterThan(1);
    for (const entry of incoming) {
      expect(entry.raw).toBeDefined();
      expect(JSON.parse(entry.raw!)).toEqual(entry.message);
    }
    expect(incoming.some((entry) => entry.raw?.includes('as sent'))).toBe(true);
  });
});
