/** How to start @modelcontextprotocol/server-everything over stdio, the reference server the benches call. */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const EVERYTHING_SERVER_PATH = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

export const EVERYTHING_STDIO = { command: process.execPath, args: [EVERYTHING_SERVER_PATH, 'stdio'] };

/** A bare SDK v2 client (its default, the 2025 handshake) connected to server-everything over stdio. */
export async function connectBareClient() {
  const { Client } = await import('@modelcontextprotocol/client');
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  const transport = new StdioClientTransport({ ...EVERYTHING_STDIO, stderr: 'pipe' });
  // Read stderr as Loupe does, so a chatty server cannot block on a full pipe.
  transport.stderr?.resume();
  const client = new Client({ name: 'loupe-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}
