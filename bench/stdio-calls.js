/**
 * 1,000 sequential `echo` calls to server-everything over stdio: a bare SDK v2 client (its default, the 2025 handshake) against
 * Loupe's core with its traffic record on. Goal: Loupe adds at most 10 %.
 */
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { EVERYTHING_STDIO } from './lib/everything-server.js';
import { startLoupeCore } from './lib/loupe-core.js';
import { median, timeSequentialCalls } from './lib/stats.js';
import { printTable } from './lib/table.js';

export const name = 'stdio-calls';
export const description = 'sequential echo calls over stdio: bare SDK client vs Loupe core';
export const defaults = { calls: 1000, rounds: 5, warmup: 1000 };

const GOAL_RATIO = 1.1;
const ECHO = { name: 'echo', arguments: { message: 'hello' } };

async function openBareClient() {
  const transport = new StdioClientTransport({ ...EVERYTHING_STDIO, stderr: 'pipe' });
  // Read stderr as Loupe does, so a chatty server cannot block on a full pipe.
  transport.stderr?.resume();
  const client = new Client({ name: 'loupe-bench', version: '1.0.0' });
  await client.connect(transport);
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
  const runners = [];
  const problems = [];
  try {
    for (const open of [openBareClient, openLoupe]) {
      try {
        runners.push(await open());
      } catch (error) {
        problems.push(`${open === openLoupe ? 'Loupe core' : 'bare SDK client'}: ${error.message}`);
      }
    }
    for (const runner of runners) {
      runner.rounds = [];
      await timeSequentialCalls(runner.call, warmup);
    }
    // Alternate who goes first, so neither always runs on a warmer machine.
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? runners : [...runners].reverse();
      for (const runner of order) runner.rounds.push(await timeSequentialCalls(runner.call, calls));
    }
  } finally {
    await Promise.allSettled(runners.map((runner) => runner.close()));
  }

  console.log(`\n${name}: ${calls} ${description}`);
  console.log(`(median of ${rounds} alternating rounds, after ${warmup} warm-up calls each;`);
  console.log(' bench cpu ms: CPU used by this process, which hosts the client or the core, not the server)\n');
  const rows = [['runner', 'calls', 'total ms', 'ms/call', 'failures', 'rounds (ms)', 'bench cpu ms']];
  const medians = new Map();
  for (const runner of runners) {
    const totalMs = median(runner.rounds.map((measured) => measured.totalMs));
    const failures = runner.rounds.reduce((sum, measured) => sum + measured.failures, 0);
    medians.set(runner.label, totalMs);
    rows.push([
      runner.label,
      calls,
      totalMs.toFixed(1),
      (totalMs / calls).toFixed(3),
      failures,
      runner.rounds.map((measured) => measured.totalMs.toFixed(0)).join(' / '),
      median(runner.rounds.map((measured) => measured.cpuMs)).toFixed(0),
    ]);
    if (failures > 0) problems.push(`${runner.label}: ${failures} of ${calls * rounds} timed calls failed`);
  }
  printTable(rows);

  const bare = medians.get('bare SDK client');
  const loupe = medians.get('Loupe core');
  if (bare !== undefined && loupe !== undefined) {
    const ratio = loupe / bare;
    const verdict = ratio <= GOAL_RATIO ? 'PASS' : 'FAIL';
    console.log(`\nratio loupe/bare: ${ratio.toFixed(3)}  (goal ≤ ${GOAL_RATIO.toFixed(2)})  ${verdict}`);
  } else {
    console.log('\nratio loupe/bare: n/a (a runner could not start)');
  }
  for (const problem of problems) console.log(`problem: ${problem}`);
  return { problems };
}
