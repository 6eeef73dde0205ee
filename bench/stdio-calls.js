/**
 * 1,000 sequential `echo` calls to server-everything over stdio: a bare SDK v2 client (its default, the 2025 handshake) against
 * Loupe's core with its traffic record on. Goal: Loupe adds at most 10 %.
 */
import { randomUUID } from 'node:crypto';
import { connectBareClient } from './lib/everything-server.js';
import { startLoupeCore } from './lib/loupe-core.js';
import { comparePairedRounds } from './lib/paired-rounds.js';

export const name = 'stdio-calls';
export const description = 'sequential echo calls over stdio: bare SDK client vs Loupe core';
export const defaults = { calls: 1000, rounds: 9, warmup: 10000 };

const GOAL_RATIO = 1.1;
const ECHO = { name: 'echo', arguments: { message: 'hello' } };

async function openBareClient() {
  const client = await connectBareClient();
  return {
    label: 'bare SDK client',
    async call() {
      try {
        return (await client.callTool(ECHO)).isError !== true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

async function openLoupe() {
  const loupe = await startLoupeCore();
  try {
    const serverId = await loupe.connectSeededServer('Everything (demo)');
    const callTool = loupe.core.handlers['tools.call'];
    return {
      label: 'Loupe core',
      async call() {
        const outcome = await callTool({ serverId, ...ECHO, callId: randomUUID() });
        return outcome.failure === undefined && outcome.result?.isError !== true;
      },
      close: () => loupe.dispose(),
    };
  } catch (error) {
    await loupe.dispose();
    throw error;
  }
}

export async function run({ calls, rounds, warmup }) {
  return comparePairedRounds({
    name,
    description,
    openers: [
      ['bare SDK client', openBareClient],
      ['Loupe core', openLoupe],
    ],
    baseline: 'bare SDK client',
    compared: 'Loupe core',
    goal: GOAL_RATIO,
    calls,
    rounds,
    warmup,
    notes: [
      ' bench cpu ms: CPU used by this process (which hosts the client or the core, not the server) during a round',
      ' and its idle pause, so work left for timers counts for the runner that left it',
    ],
  });
}
