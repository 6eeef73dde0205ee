import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CALLBACK_PATH = '/callback';
/** How long Loupe waits for the person to finish signing in. */
export const AUTHORIZATION_WAIT_MS = 5 * 60 * 1000;

const PAGE_STYLE = 'font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;line-height:1.5';

function page(title: string, sentence: string): string {
  // Static text only: nothing from the query string is echoed into the page.
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body style="${PAGE_STYLE}"><h1>${title}</h1><p>${sentence}</p></body></html>`;
}

/** Finds a free loopback port (or checks that `preferred` is free) and returns it. */
export async function reservePort(preferred?: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const chosen = (server.address() as AddressInfo).port;
        server.close(() => resolve(chosen));
      });
    });
  if (preferred) {
    try {
      return await tryListen(preferred);
    } catch {
      // Taken: any free port will do (a registered redirect URI may then need registering again).
    }
  }
  return tryListen(0);
}

/**
 * The RFC 8252 loopback redirect: listens on 127.0.0.1 for the authorization server's redirect,
 * checks the `state`, answers with a short page, and resolves with the callback's query.
 */
export class LoopbackRedirect {
  private server: Server | undefined;
  private timer: NodeJS.Timeout | undefined;
  readonly callback: Promise<URLSearchParams>;
  private settle!: { resolve: (params: URLSearchParams) => void; reject: (error: Error) => void };

  constructor(
    readonly port: number,
    private readonly expectedState: string,
    waitMs = AUTHORIZATION_WAIT_MS,
  ) {
    this.callback = new Promise<URLSearchParams>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    this.callback.catch(() => {});
    this.timer = setTimeout(() => this.fail(new Error(`No sign-in finished within ${Math.round(waitMs / 60_000)} minutes.`)), waitMs);
  }

  async listen(): Promise<void> {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', `http://127.0.0.1:${this.port}`);
      if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      if (url.searchParams.get('state') !== this.expectedState) {
        response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(page('Sign-in not accepted', 'This answer does not belong to the sign-in Loupe started. Start it again from Loupe.'));
        return;
      }
      const failed = url.searchParams.has('error');
      response
        .writeHead(failed ? 400 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(failed ? page('Sign-in failed', 'The authorization server refused. Loupe shows why; you can close this tab.') : page('Signed in', 'Loupe has the answer. You can close this tab.'));
      this.finish();
      this.settle.resolve(url.searchParams);
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  /** Stops waiting: the flow was cancelled (or replaced). */
  fail(error: Error): void {
    this.finish();
    this.settle.reject(error);
  }

  private finish(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.server?.close();
    this.server?.closeAllConnections();
    this.server = undefined;
  }
}
