import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandlers } from '../../shared/contract.js';
import { answerAppFrame, MAX_REPORT_BYTES } from '../app-frames/app-frame-response.js';
import { parseRequestUrl } from './request-handler.js';

/** Where the app frames are served: every app gets `a<id>.localhost` on this port, an origin of its own. */
export interface AppFrameHost {
  /** The frames' origin template for the core (`{app}` is the app's host label). */
  originTemplate: string;
  /** What Loupe's page lists in `frame-src`: the app origins on this port, and nothing else. */
  frameSource: string;
  port: number;
  /** The core that holds the documents; requests before this is set get 503. */
  serve(handlers: Pick<RequestHandlers, 'apps.document' | 'apps.report'>): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REPORT_BYTES) {
        reject(new Error('too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A second loopback listener for MCP App frames. Cookies are per host name, so Loupe's session
 * cookie (set for `loupe-<random>.localhost`) never reaches `a<id>.localhost`, and the token is
 * never asked for or given here: the frames' only credential is their unguessable app id.
 */
export async function startAppFrameHost(bindHost = '127.0.0.1'): Promise<AppFrameHost> {
  let handlers: Pick<RequestHandlers, 'apps.document' | 'apps.report'> | undefined;
  const server: Server = createServer();
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, bindHost, () => resolve((server.address() as AddressInfo).port));
  });
  const hostPattern = new RegExp(`^(a[0-9a-f]{24})\\.localhost:${port}$`, 'i');

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const label = hostPattern.exec(request.headers.host ?? '')?.[1] ?? '';
    const fetchDest = request.headers['sec-fetch-dest'];
    const answer = handlers
      ? answerAppFrame(handlers, {
          method: request.method ?? 'GET',
          hostLabel: label,
          path: parseRequestUrl(request).pathname,
          // Browsers always send it; a request without it did not come from a frame.
          fetchDest: typeof fetchDest === 'string' ? fetchDest : 'none',
          readBody: () => readBody(request),
        })
      : Promise.resolve({ status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Starting.\n' });
    answer.then(
      ({ status, headers, body }) => {
        response.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      () => {
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('Internal error.\n');
      },
    );
  });

  return {
    originTemplate: `http://{app}.localhost:${port}`,
    frameSource: `http://*.localhost:${port}`,
    port,
    serve(next) {
      handlers = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
