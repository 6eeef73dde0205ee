/**
 * 1,000 sequential `echo` calls to server-everything over stdio from a bare SDK v2 client: straight
 * to the server, and through `loupe proxy` while the app's core runs and records the session (and,
 * for reference, through the proxy with no app, saving to the data folder). Goal: the proxy with
 * the app recording adds at most 5 %. A bare pipe proxy that records nothing is timed too: it is the
 * cost of any process standing between client and server, which the proxy cannot go below.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { EVERYTHING_STDIO } from './lib/everything-server.js';
import { startAppProcess, throughProxy } from './lib/loupe-proxy.js';
import { comparePairedRounds } from './lib/paired-rounds.js';

export const name = 'proxy-calls';
export const description = 'sequential echo calls over stdio: straight to the server vs through loupe proxy (app recording)';
export const defaults = { calls: 1000, rounds: 9, warmup: 10000 };

const GOAL_RATIO = 1.05;
const ECHO = { name: 'echo', arguments: { message: 'hello' } };
const DIRECT = 'direct';
const WITH_APP = 'loupe proxy, app recording';
const WITHOUT_APP = 'loupe proxy, no app';
const BARE_PIPE = 'bare pipe proxy (records nothing)';
const BARE_PIPE_SCRIPT = fileURLToPath(new URL('./lib/bare-pipe-proxy.js', import.meta.url));

async function openClient(label, launch, cleanup = async () => {}) {
  const transport = new StdioClientTransport({ ...launch, stderr: 'pipe' });
  transport.stderr?.resume();
  const client = new Client({ name: 'loupe-bench', version: '1.0.0' });
  await client.connect(transport);
  return {
    label,
    async call() {
      try {
        return (await client.callTool(ECHO)).isError !== true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await client.close();
      await cleanup();
    },
  };
}

export async function run({ calls, rounds, warmup }) {
  return comparePairedRounds({
    name,
    description,
    openers: [
      [DIRECT, () => openClient(DIRECT, EVERYTHING_STDIO)],
      [
        WITH_APP,
        async () => {
          const app = await startAppProcess();
          return openClient(WITH_APP, throughProxy(EVERYTHING_STDIO, app.dataDir), () => app.dispose());
        },
      ],
      [
        WITHOUT_APP,
        async () => {
          const dataDir = await mkdtemp(join(tmpdir(), 'loupe-bench-proxy-'));
          return openClient(WITHOUT_APP, throughProxy(EVERYTHING_STDIO, dataDir), () => rm(dataDir, { recursive: true, force: true }));
        },
      ],
      [BARE_PIPE, () => openClient(BARE_PIPE, { command: process.execPath, args: [BARE_PIPE_SCRIPT, EVERYTHING_STDIO.command, ...EVERYTHING_STDIO.args] })],
    ],
    baseline: DIRECT,
    compared: WITH_APP,
    goal: GOAL_RATIO,
    moreRatios: [
      [BARE_PIPE, DIRECT],
      [WITHOUT_APP, BARE_PIPE],
      [WITH_APP, BARE_PIPE],
    ],
    calls,
    rounds,
    warmup,
    notes: [
      ' the app runs as browser mode does (its host and its core, each a process of its own, no window attached);',
      " bench cpu ms: CPU used by this process (the client), not the proxy's, the app's or the server's",
    ],
  });
}
