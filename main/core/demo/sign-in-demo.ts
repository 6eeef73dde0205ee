import type { ServerConfigInput } from '../../../shared/server-config.js';
import { SIGN_IN_DEMO_NAME } from '../../../shared/sign-in-demo.js';
import { startSignInDemoServer, type SignInDemoServer } from './sign-in-demo-server.js';

/** The server list's entry for the demo running at `url`: no browser needed, the core follows its /authorize itself. */
export function signInDemoConfig(url: string): ServerConfigInput {
  return { name: SIGN_IN_DEMO_NAME, transport: { type: 'streamable-http', url, headers: [] }, auth: { authorizeWith: 'http-get' } };
}

/**
 * The sign-in demo the core runs: started on first use on a free loopback port, in the core's own
 * process, so it stops with the core.
 */
export class SignInDemo {
  private running: Promise<SignInDemoServer> | undefined;

  constructor(private readonly version: string) {}

  /** The demo's MCP URL, starting it if it is not running. */
  async start(): Promise<string> {
    this.running ??= startSignInDemoServer({ version: this.version }).catch((error: unknown) => {
      this.running = undefined;
      throw error;
    });
    return (await this.running).url;
  }

  async close(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (running) await (await running.catch(() => undefined))?.close();
  }
}
