/**
 * The depth and size check every message between Loupe's processes passes (main/core/process-crossing.ts):
 * its cost on a traffic batch of 1,000 entries, against the serialization the channel does anyway
 * (v8.serialize, what `serialization: 'advanced'` runs). Goal: under 15 % of it.
 */
import v8 from 'node:v8';
import { assertCrossable } from '../dist/main/core/process-crossing.js';
import { median } from './lib/stats.js';
import { printTable } from './lib/table.js';

export const name = 'crossing-check';
export const description = 'the depth and size check on a 1,000-entry traffic batch, against its serialization';
export const defaults = { rounds: 200, warmup: 50 };

const GOAL_RATIO = 0.15;

function entry(index) {
  const message = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: 'flood', data: { text: `line ${index}`, n: index, tags: ['a', 'b'] } } };
  return { seq: index, serverId: 's1', connectionId: 'c1', direction: 'in', time: 1_700_000_000_000 + index, kind: 'notification', size: 180, method: 'notifications/message', message, raw: JSON.stringify(message) };
}

function timeEach(work, rounds, warmup) {
  for (let index = 0; index < warmup; index++) work();
  const times = [];
  for (let index = 0; index < rounds; index++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function run({ rounds, warmup }) {
  const batch = { type: 'event', name: 'traffic.appended', payload: Array.from({ length: 1_000 }, (_, index) => entry(index)) };
  const checkMs = timeEach(() => assertCrossable(batch), rounds, warmup);
  const serializeMs = timeEach(() => v8.serialize(batch), rounds, warmup);
  const ratio = checkMs / serializeMs;
  console.log(`\n${name}: ${description}`);
  printTable([
    ['what', 'median ms', 'per entry µs'],
    ['depth and size check', checkMs.toFixed(3), ((checkMs * 1000) / 1_000).toFixed(2)],
    ['v8.serialize', serializeMs.toFixed(3), ((serializeMs * 1000) / 1_000).toFixed(2)],
  ]);
  const verdict = ratio <= GOAL_RATIO ? 'ok' : 'FAIL';
  console.log(`check / serialize: ${(ratio * 100).toFixed(1)} % (goal ≤ ${GOAL_RATIO * 100} %) ${verdict}`);
  return { problems: [] };
}
