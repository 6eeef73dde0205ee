import type { RequestHandlers } from '../../../shared/contract.js';
import type { ServerConfig } from '../../../shared/server-config.js';
import type { ConfigStore } from '../config/config-store.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { isSignInDemoEntry } from '../../../shared/sign-in-demo.js';
import { signInDemoConfig, type SignInDemo } from '../demo/sign-in-demo.js';

/**
 * Points the list's sign-in demo entry at the running demo (its port is new each time the core
 * starts), or adds one. Starts the demo.
 */
export async function placeSignInDemo(store: ConfigStore, connections: ConnectionManager, demo: SignInDemo): Promise<ServerConfig> {
  const url = await demo.start();
  const existing = store.list().find(isSignInDemoEntry);
  if (!existing) return store.add(signInDemoConfig(url));
  if (existing.transport.type !== 'stdio' && existing.transport.url === url) return existing;
  const { id, ...settings } = existing;
  const server = await store.update(id, { ...settings, transport: { type: 'streamable-http', url, headers: existing.transport.type === 'stdio' ? [] : existing.transport.headers } });
  connections.noteSaved(server);
  return server;
}

export function signInDemoHandlers(store: ConfigStore, connections: ConnectionManager, demo: SignInDemo, changed: () => void): Pick<RequestHandlers, 'servers.addSignInDemo'> {
  return {
    'servers.addSignInDemo': async () => {
      const server = await placeSignInDemo(store, connections, demo);
      changed();
      return server;
    },
  };
}
