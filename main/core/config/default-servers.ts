import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { APP_NODE_COMMAND, type ServerConfigInput } from '../../../shared/server-config.js';

export const DEMO_SERVER_NAME = 'Everything (demo)';

/**
 * server-everything ships with the app and runs on the app's own Node, so the first
 * Connect works offline. In a packaged app it lives unpacked beside the asar archive.
 */
export function demoServerConfig(): ServerConfigInput {
  const resolved = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
  const entry = resolved.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`);
  return {
    name: DEMO_SERVER_NAME,
    transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [entry, 'stdio'], env: [] },
  };
}
