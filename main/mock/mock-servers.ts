/** A MockResponder served over stdio (one JSON-RPC message per line) or Streamable HTTP (JSON replies). */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { createOriginPolicy } from '../core/base/origin-policy.js';
import { LineSplitter } from '../core/transports/line-splitter.js';
import type { MockResponder } from './mock-responder.js';

/** A request body a mock takes at most (requests are small; this is about a stray upload). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Serves until the client closes stdin. */
export async function serveStdio(responder: MockResponder, io: { stdin: Readable; stdout: Writable }): Promise<void> {
  const lines = new LineSplitter((line) => {
    const answer = responder.answerLine(line.toString('utf8'));
    if (answer !== undefined) io.stdout.write(`${answer}\n`);
  });
  io.stdin.on('data', (chunk: Buffer) => lines.push(chunk));
  await new Promise<void>((resolve) => {
    io.stdin.once('end', () => {
      lines.end();
      resolve();
    });
    io.stdin.once('close', () => resolve());
  });
}

function readBody(incoming: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    incoming.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    incoming.on('end', () => resolve(bytes <= MAX_BODY_BYTES ? Buffer.concat(chunks).toString('utf8') : undefined));
    incoming.on('error', () => resolve(undefined));
  });
}

async function answerHttp(responder: MockResponder, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  if (incoming.method !== 'POST') {
    // No server-initiated stream: a recording has nothing to send unasked.
    outgoing.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  const body = await readBody(incoming);
  if (body === undefined) {
    outgoing.writeHead(413).end();
    return;
  }
  const answer = responder.answerLine(body);
  if (answer === undefined) {
    outgoing.writeHead(202).end();
    return;
  }
  outgoing.writeHead(200, { 'content-type': 'application/json' }).end(answer);
}

/** Listens on 127.0.0.1:`port`; resolves with the server's URL and a way to stop it. */
export async function serveHttp(responder: MockResponder, port: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  const policy = createOriginPolicy('127.0.0.1', actual);
  server.on('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (!policy.isAllowedHost(incoming.headers.host)) {
      outgoing.writeHead(421).end();
      return;
    }
    void answerHttp(responder, incoming, outgoing);
  });
  return {
    url: `http://127.0.0.1:${actual}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
