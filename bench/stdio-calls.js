/**
 * 1,000 sequential `echo` calls to server-everything over stdio: a bare SDK v2 client (its default, the 2025 handshake) against
 * Loupe's core with its traffic record on. Goal: Loupe adds at most 10 %.
 */
import { randomUUID } from 'node:crypto';
import { connectBareClient } from './lib/everything-server.js';
import { startLoupeCore } from './lib/loupe-core.js';
import { isSettled, median, timeSequentialCalls } from './lib/stats.js';
import { printTable } from './lib/table.js';

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

/** Both runners get the same warm-up, round for round: their rounds keep getting faster for several thousand calls. */
const SETTLE = { window: 4, spread: 0.15, drift: 0.1, maxRounds: 40 };
/** A pause after each round, counted in its CPU time but not its wall time (see timeSequentialCalls). */
const IDLE_AFTER_ROUND_MS = 100;

/** One round per runner, in the given order, kept in each runner's `phase` list ('warmup' or 'rounds'). */
async function oneRoundEach(order, calls, phase) {
  for (const runner of order) runner[phase].push(await timeSequentialCalls(runner.call, calls, { idleAfterMs: IDLE_AFTER_ROUND_MS }));
}

/** Alternates who goes first, so neither always runs on a warmer machine. */
function orderFor(runners, round) {
  return round % 2 === 0 ? runners : [...runners].reverse();
}

/**
 * Warm-up rounds of `calls` calls, alternating, for at least `minCalls` calls per runner and then
 * until every runner's last rounds have settled (or SETTLE.maxRounds). Returns how many were run.
 */
async function warmUp(runners, calls, minCalls) {
  const minRounds = Math.ceil(minCalls / Math.max(1, calls));
  let round = 0;
  let settled = false;
  while (round < Math.max(minRounds, SETTLE.maxRounds) && !(round >= minRounds && settled)) {
    await oneRoundEach(orderFor(runners, round), calls, 'warmup');
    round++;
    settled = runners.every((runner) => isSettled(runner.warmup.map((measured) => measured.totalMs), SETTLE.window, SETTLE));
  }
  return { rounds: round, settled };
}

export async function run({ calls, rounds, warmup }) {
  const runners = [];
  const problems = [];
  let warm;
  try {
    for (const open of [openBareClient, openLoupe]) {
      try {
        runners.push(await open());
      } catch (error) {
        problems.push(`${open === openLoupe ? 'Loupe core' : 'bare SDK client'}: ${error.message}`);
      }
    }
    for (const runner of runners) Object.assign(runner, { warmup: [], rounds: [] });
    warm = await warmUp(runners, calls, warmup);
    for (let round = 0; round < rounds; round++) await oneRoundEach(orderFor(runners, round), calls, 'rounds');
  } finally {
    await Promise.allSettled(runners.map((runner) => runner.close()));
  }

  const settleRule =
    `each runner's last ${SETTLE.window} rounds were within ${SETTLE.spread * 100} % of each other and their median within ` +
    `${SETTLE.drift * 100} % of the ${SETTLE.window} before`;
  console.log(`\n${name}: ${calls} ${description}`);
  console.log(
    `warm-up: ${warm.rounds} alternating rounds of ${calls} calls per runner (at least ${warmup} calls, then until ${settleRule}; ` +
      `${warm.settled ? 'settled' : `not settled after ${warm.rounds} rounds: figures may still drift`})`,
  );
  console.log(`timed: median of ${rounds} alternating rounds; ${IDLE_AFTER_ROUND_MS} ms idle after every round, for both runners`);
  console.log(' bench cpu ms: CPU used by this process (which hosts the client or the core, not the server) during a round');
  console.log(' and its idle pause, so work left for timers counts for the runner that left it\n');
  const rows = [['runner', 'calls', 'total ms', 'ms/call', 'failures', 'warm-up rounds (ms)', 'timed rounds (ms)', 'bench cpu ms']];
  const medians = new Map();
  for (const runner of runners) {
    const totalMs = median(runner.rounds.map((measured) => measured.totalMs));
    const failures = [...runner.warmup, ...runner.rounds].reduce((sum, measured) => sum + measured.failures, 0);
    medians.set(runner.label, totalMs);
    rows.push([
      runner.label,
      calls,
      totalMs.toFixed(1),
      (totalMs / calls).toFixed(3),
      failures,
      runner.warmup.map((measured) => measured.totalMs.toFixed(0)).join(' '),
      runner.rounds.map((measured) => measured.totalMs.toFixed(0)).join(' / '),
      median(runner.rounds.map((measured) => measured.cpuMs)).toFixed(0),
    ]);
    if (failures > 0) problems.push(`${runner.label}: ${failures} of ${calls * (rounds + warm.rounds)} calls failed`);
  }
  printTable(rows);

  const bare = runners.find((runner) => runner.label === 'bare SDK client');
  const loupe = runners.find((runner) => runner.label === 'Loupe core');
  if (bare && loupe) {
    const ratio = medians.get(loupe.label) / medians.get(bare.label);
    const paired = median(loupe.rounds.map((measured, round) => measured.totalMs / bare.rounds[round].totalMs));
    const verdict = ratio <= GOAL_RATIO ? 'PASS' : 'FAIL';
    console.log(`\nratio loupe/bare: ${ratio.toFixed(3)}  (goal ≤ ${GOAL_RATIO.toFixed(2)})  ${verdict}`);
    console.log(`median of the rounds' own ratios: ${paired.toFixed(3)}`);
  } else {
    console.log('\nratio loupe/bare: n/a (a runner could not start)');
  }
  for (const problem of problems) console.log(`problem: ${problem}`);
  return { problems };
}
