import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_SCOPE, DemoAuthorizationServer, type DemoAnswer } from './demo-authorization-server.js';
import { createDemoMcpEndpoint } from './demo-mcp-server.js';

/** Requests to the demo are small: a registration, a token form, a JSON-RPC message. */
const MAX_BODY_BYTES = 256 * 1024;
const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource/mcp';

export interface SignInDemoServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  close(): Promise<void>;
}

class TooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new TooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function reply(res: ServerResponse, answer: DemoAnswer): void {
  res.writeHead(answer.status, answer.headers).end(answer.body);
}

const jsonAnswer = (status: number, value: unknown, headers: Record<string, string> = {}): DemoAnswer => ({
  status,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify(value),
});

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/**
 * Starts the sign-in demo on 127.0.0.1 (a free port unless one is given): an MCP server that needs
 * a Bearer token, with its own authorization server on the same origin. A request without a valid
 * token gets a 401 whose WWW-Authenticate names the RFC 9728 protected resource metadata. A Host
 * other than the loopback address and port is refused, so a web page cannot reach it through a
 * rebound DNS name.
 */
export async function startSignInDemoServer(options: { port?: number; version?: string } = {}): Promise<SignInDemoServer> {
  const version = options.version ?? '1.0.0';
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const as = new DemoAuthorizationServer(`${origin}/`, `${origin}/mcp`);
  const answerMcp = createDemoMcpEndpoint(version);

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.host !== new URL(origin).host && req.headers.host !== `localhost:${new URL(origin).port}`) {
      return reply(res, jsonAnswer(403, { error: 'forbidden', error_description: 'The sign-in demo answers only on 127.0.0.1.' }));
    }
    const url = new URL(req.url ?? '/', origin);
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (error) {
      if (error instanceof TooLarge) return reply(res, jsonAnswer(413, { error: 'invalid_request', error_description: 'The request body is larger than 256 KB.' }));
      throw error;
    }
    const resource = `${origin}/mcp`;
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    switch (route) {
      case `GET ${PROTECTED_RESOURCE_PATH}`:
      case 'GET /.well-known/oauth-protected-resource':
        return reply(res, jsonAnswer(200, { resource, authorization_servers: [`${origin}/`], scopes_supported: [DEMO_SCOPE], bearer_methods_supported: ['header'], resource_name: 'Loupe sign-in demo' }));
      case 'GET /.well-known/oauth-authorization-server':
        return reply(res, jsonAnswer(200, as.metadata()));
      case 'POST /register':
        return reply(res, as.register(body.toString('utf8')));
      case 'GET /authorize':
        return reply(res, as.authorize(url.searchParams));
      case 'POST /token':
        return reply(res, as.token(body.toString('utf8')));
      case 'POST /revoke':
        return reply(res, as.revoke(body.toString('utf8')));
    }
    if (url.pathname !== '/mcp') return reply(res, jsonAnswer(404, { error: 'not_found', error_description: `The sign-in demo has no ${url.pathname}: its MCP endpoint is /mcp.` }));

    const challenge = (error?: string) =>
      `Bearer resource_metadata="${origin}${PROTECTED_RESOURCE_PATH}", scope="${DEMO_SCOPE}"${error ? `, error="${error}", error_description="The access token is unknown or expired"` : ''}`;
    const header = req.headers.authorization ?? '';
    if (!/^Bearer /i.test(header)) return reply(res, jsonAnswer(401, { error: 'unauthorized', error_description: 'Sign in first: this server needs a Bearer token.' }, { 'www-authenticate': challenge() }));
    const token = header.slice('Bearer '.length).trim();
    const grant = as.verify(token);
    if (!grant) return reply(res, jsonAnswer(401, { error: 'invalid_token', error_description: 'The access token is unknown or expired.' }, { 'www-authenticate': challenge('invalid_token') }));

    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const request = new Request(url, { method: req.method ?? 'GET', headers, ...(req.method === 'POST' ? { body: new Uint8Array(body) } : {}) });
    return sendResponse(res, await answerMcp(request, { ...grant, token }));
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void answer(req, res).catch(() => {
      if (!res.headersSent) reply(res, jsonAnswer(500, { error: 'server_error', error_description: 'The sign-in demo could not answer this request.' }));
      else res.end();
    });
  });
  return {
    url: `${origin}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
