/** How to start @modelcontextprotocol/server-everything over stdio, the reference server the benches call. */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const EVERYTHING_SERVER_PATH = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

export const EVERYTHING_STDIO = { command: process.execPath, args: [EVERYTHING_SERVER_PATH, 'stdio'] };
