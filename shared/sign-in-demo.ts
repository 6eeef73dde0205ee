import type { ServerConfig } from './server-config.js';

/** The server list's name for the offline sign-in demo the core runs (`servers.addSignInDemo`). */
export const SIGN_IN_DEMO_NAME = 'Sign-in demo';

/** Whether a server list entry is the sign-in demo's: its name, on loopback Streamable HTTP. */
export function isSignInDemoEntry(server: ServerConfig): boolean {
  return server.name === SIGN_IN_DEMO_NAME && server.transport.type === 'streamable-http' && server.transport.url.startsWith('http://127.0.0.1:');
}
