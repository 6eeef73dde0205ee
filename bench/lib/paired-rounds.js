/**
 * Two (or more) runners timed on the same sequential calls, in alternating rounds after a shared
 * warm-up, and the report: what stdio-calls and proxy-calls both measure.
 * A runner is `{ label, call(): Promise<boolean>, close() }`.
 */
import { isSettled, median, timeSequentialCalls } from './stats.js';
import { printTable } from './table.js';

/** Both runners get the same warm-up, round for round: their rounds keep getting faster for several thousand calls. */
export const SETTLE = { window: 4, spread: 0.15, drift: 0.1, maxRounds: 40 };
/** A pause after each round, counted in its CPU time but not its wall time (see timeSequentialCalls). */
export const IDLE_AFTER_ROUND_MS = 100;

/**
 * One round per runner, in the given order, kept in each runner's `phase` list ('warmup' or 'rounds').
 * A runner with `middleCpuMs()` (CPU ms its other processes have used so far) gets their share of the round too.
 */
async function oneRoundEach(order, calls, phase) {
  for (const runner of order) {
    const cpuBefore = runner.middleCpuMs?.();
    const measured = await timeSequentialCalls(runner.call, calls, { idleAfterMs: IDLE_AFTER_ROUND_MS });
    if (cpuBefore !== undefined) measured.middleCpuMs = runner.middleCpuMs() - cpuBefore;
    runner[phase].push(measured);
  }
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

/**
 * Opens the runners (`openers`: label → async opener), warms them up, times `rounds` rounds each,
 * closes them, prints the table and the ratio of `compared` over `baseline` against `goal` (and `moreRatios`).
 * Returns the problems met and each runner's median total ms (label → ms).
 */
export async function comparePairedRounds({ name, description, openers, baseline, compared, goal, calls, rounds, warmup, notes = [], moreRatios = [] }) {
  const runners = [];
  const problems = [];
  let warm;
  try {
    for (const [label, open] of openers) {
      try {
        runners.push(Object.assign(await open(), { warmup: [], rounds: [] }));
      } catch (error) {
        problems.push(`${label}: ${error.message}`);
      }
    }
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
  for (const note of notes) console.log(note);
  console.log('');
  const middleCpu = runners.some((runner) => runner.middleCpuMs);
  const rows = [['runner', 'calls', 'total ms', 'ms/call', 'failures', 'warm-up rounds (ms)', 'timed rounds (ms)', 'bench cpu ms', ...(middleCpu ? ['middle cpu ms'] : [])]];
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
      ...(middleCpu ? [runner.middleCpuMs ? median(runner.rounds.map((measured) => measured.middleCpuMs)).toFixed(0) : '–'] : []),
    ]);
    if (failures > 0) problems.push(`${runner.label}: ${failures} of ${calls * (rounds + warm.rounds)} calls failed`);
  }
  printTable(rows);

  const base = runners.find((runner) => runner.label === baseline);
  const other = runners.find((runner) => runner.label === compared);
  if (base && other) {
    const ratio = medians.get(other.label) / medians.get(base.label);
    const paired = median(other.rounds.map((measured, round) => measured.totalMs / base.rounds[round].totalMs));
    console.log(`\nratio ${compared} / ${baseline}: ${ratio.toFixed(3)}  (goal ≤ ${goal.toFixed(2)})  ${ratio <= goal ? 'PASS' : 'FAIL'}`);
    console.log(`median of the rounds' own ratios: ${paired.toFixed(3)}`);
  } else {
    console.log(`\nratio ${compared} / ${baseline}: n/a (a runner could not start)`);
  }
  // Further ratios, for reading the figures (no goal): [numerator label, denominator label].
  for (const [over, under] of moreRatios) {
    if (medians.has(over) && medians.has(under)) console.log(`ratio ${over} / ${under}: ${(medians.get(over) / medians.get(under)).toFixed(3)}`);
  }
  for (const problem of problems) console.log(`problem: ${problem}`);
  return { problems, medians };
}
