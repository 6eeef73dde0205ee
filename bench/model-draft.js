/**
 * Draft with model: the time from the first streamed token leaving the model provider (the
 * OpenAI-compatible fixture, in this process) to the draft's first text event leaving Loupe's core
 * (what the bridges send to the window). server-everything asks for sampling; each round drafts it
 * and then rejects it. The window's share (event to reply editor) comes with the panels.
 * Goal: the whole path to the editor within 50 ms; this prints the core's share of it.
 */
import { randomUUID } from 'node:crypto';
import { startModelProvider } from '../tests/fixtures/model-provider.mjs';
import { startLoupeCore } from './lib/loupe-core.js';
import { median } from './lib/stats.js';
import { printTable } from './lib/table.js';

export const name = 'model-draft';
export const description = 'first streamed token at the provider → draft event leaving the core';
export const defaults = { rounds: 40, warmup: 5 };

const GOAL_MS = 50;
const REPLY = { text: 'A short answer from the model, streamed a word at a time.' };

function now() {
  return performance.timeOrigin + performance.now();
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Resolves with the next event that `match` accepts. */
function nextEvent(core, match) {
  return new Promise((resolve) => {
    const stop = core.subscribe((eventName, payload) => {
      const value = match(eventName, payload, now());
      if (value !== undefined) {
        stop();
        resolve(value);
      }
    });
  });
}

async function oneRound(loupe, fixture, serverId) {
  const { core } = loupe;
  const pending = nextEvent(core, (eventName, approval) => (eventName === 'approvals.changed' && approval.kind === 'sampling' && approval.status === 'pending' ? approval : undefined));
  const call = core.handlers['tools.call']({ serverId, name: 'trigger-sampling-request', arguments: { prompt: 'Say something', maxTokens: 50 }, callId: randomUUID() });
  const approval = await pending;
  const tokensBefore = fixture.firstTokenAt.length;
  let draftId;
  const firstDelta = nextEvent(core, (eventName, event, at) => (eventName === 'models.draft' && event.type === 'delta' && (draftId === undefined || event.draftId === draftId) ? at : undefined));
  const ended = nextEvent(core, (eventName, event) => (eventName === 'models.draft' && event.type !== 'delta' ? event : undefined));
  ({ draftId } = await core.handlers['models.draft']({ approvalId: approval.id }));
  const deltaAt = await firstDelta;
  const end = await ended;
  if (end.type !== 'done') throw new Error(`The draft did not finish: ${end.message ?? end.type}`);
  await core.handlers['approvals.decide']({ id: approval.id, decision: { action: 'reject', message: 'bench' } });
  await call;
  return deltaAt - fixture.firstTokenAt[tokensBefore];
}

export async function run({ rounds, warmup }) {
  const fixture = await startModelProvider({ kind: 'openai' });
  fixture.script([{ reply: REPLY }]);
  const loupe = await startLoupeCore();
  const problems = [];
  try {
    const provider = await loupe.core.handlers['models.providers.add']({ name: 'Fixture', kind: 'openai-compatible', baseUrl: fixture.url, apiKey: fixture.apiKey, defaultModel: 'fixture-model' });
    if (!provider.id) throw new Error('The provider was not added');
    const serverId = await loupe.connectSeededServer('Everything (demo)');
    for (let index = 0; index < warmup; index++) await oneRound(loupe, fixture, serverId);
    const times = [];
    for (let index = 0; index < rounds; index++) times.push(await oneRound(loupe, fixture, serverId));
    const p50 = median(times);
    console.log(`\n${name}: ${description} (${rounds} drafts after ${warmup} warm-up; the machine may be shared)`);
    printTable([
      ['measure', 'median ms', 'p95 ms', 'max ms', 'goal'],
      ['first token → draft event', p50.toFixed(2), percentile(times, 95).toFixed(2), Math.max(...times).toFixed(2), `the whole path to the editor ≤ ${GOAL_MS} ms`],
    ]);
    console.log(`${p50 <= GOAL_MS ? 'PASS' : 'FAIL'}: the core's share is ${((p50 / GOAL_MS) * 100).toFixed(0)} % of the ${GOAL_MS} ms budget (median).`);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    await loupe.dispose();
    await fixture.close();
  }
  return { problems };
}
