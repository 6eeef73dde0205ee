/**
 * The chat transcript with a long conversation, in Chromium (browser mode): a saved conversation of
 * 200 turns (a question, then the model calling a tool and the tool's result, over and over), each
 * tool result 100 KB of text, planted in the data folder as Loupe saves one. The bench opens it from
 * the Conversations list, then scrolls the transcript with the mouse wheel from top to bottom and
 * back, recording the page's long tasks (PerformanceObserver 'longtask') and the gaps between
 * animation frames.
 * Goal (issue 29): no main-thread task over 50 ms while scrolling.
 */
/* global document, window, requestAnimationFrame -- page functions run in Chromium */
import { randomUUID } from 'node:crypto';
import { startModelProvider } from '../tests/fixtures/model-provider.mjs';
import { plantSavedConversation } from '../tests/fixtures/saved-chat.mjs';
import { FIXTURE_SERVER_PATH, startLoupeInBrowser } from './lib/loupe-browser.js';
import { median } from './lib/stats.js';
import { printTable } from './lib/table.js';

export const name = 'chat-scroll';
export const description = 'a saved 200-turn chat with 100 KB tool results: open it, wheel-scroll its transcript down and up';
export const defaults = { count: 200, rounds: 2 };

const GOAL_TASK_MS = 50;
const RESULT_BYTES = 100 * 1024;
const WHEEL_STEP_PX = 400;
const MAX_WHEELS = 5_000;
const OPEN_TIMEOUT_MS = 120_000;
const TITLE = 'Long conversation (bench)';
const SERVER = { id: 'fixture', name: 'Fixture', transport: { type: 'stdio', command: process.execPath, args: [FIXTURE_SERVER_PATH], env: [] } };

/** About `bytes` of a tool's text answer: numbered lines of JSON records, as a listing tool returns. */
function resultText(turn, bytes) {
  const lines = [];
  let length = 0;
  for (let row = 0; length < bytes; row++) {
    const line = JSON.stringify({ row, turn, path: `/data/set-${turn}/item-${row}.json`, size: (row * 7919) % 100_000, note: 'lorem ipsum dolor sit amet' });
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n').slice(0, bytes);
}

/** A conversation as Loupe saves one: a question, then (model step calling a tool, tool result) pairs, then an answer. */
function longConversation(turnCount) {
  const model = { providerId: 'bench-provider', modelId: 'fixture-model' };
  const at = Date.now() - turnCount * 1000;
  const turns = [{ type: 'user', index: 0, at, text: 'List every data set, one call at a time.' }];
  let step = 1;
  while (turns.length < turnCount - 1) {
    const index = turns.length;
    const toolCallId = `call-${index}`;
    turns.push({
      type: 'assistant',
      index,
      at: at + index * 1000,
      step,
      model,
      modelName: 'fixture-model',
      text: `Reading data set ${step}.`,
      toolCalls: [{ toolCallId, serverId: SERVER.id, tool: 'echo', modelToolName: 'echo', arguments: { message: `set ${step}` } }],
      usage: { inputTokens: 1000 * step, outputTokens: 20, totalTokens: 1000 * step + 20 },
      durationMs: 420,
      finishReason: 'tool-calls',
      trafficSeqs: [],
    });
    if (turns.length < turnCount - 1) {
      turns.push({
        type: 'tool',
        index: index + 1,
        at: at + index * 1000 + 500,
        toolCallId,
        serverId: SERVER.id,
        tool: 'echo',
        arguments: { message: `set ${step}` },
        status: 'done',
        result: { content: [{ type: 'text', text: resultText(step, RESULT_BYTES) }] },
        durationMs: 12,
      });
    }
    step++;
  }
  turns.push({ type: 'assistant', index: turns.length, at: Date.now(), step, model, text: 'That was every data set.', toolCalls: [], usage: {}, durationMs: 300, finishReason: 'stop', trafficSeqs: [] });
  const conversation = {
    id: randomUUID(),
    title: TITLE,
    createdAt: at,
    updatedAt: Date.now(),
    settings: { model, serverIds: [SERVER.id], askBeforeToolCalls: false, stepLimit: 100 },
    turns,
    usage: {},
    status: 'idle',
    saved: true,
  };
  return conversation;
}

/** In the page: records long tasks and the gaps between animation frames until `__loupeStop()`. */
function startRecording() {
  const record = { tasks: [], gaps: [], running: true };
  window.__loupeRecord = record;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.tasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let last = performance.now();
  const frame = (now) => {
    record.gaps.push(now - last);
    last = now;
    if (record.running) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.__loupeStop = () => {
    record.running = false;
    // Long tasks are reported a little after they end: take what is queued.
    for (const entry of observer.takeRecords()) record.tasks.push(entry.duration);
    observer.disconnect();
    return { tasks: record.tasks, gaps: record.gaps };
  };
}

function transcriptState() {
  const list = document.querySelector('ol[aria-label="Conversation"]');
  if (!list) return null;
  const box = list.getBoundingClientRect();
  return { top: list.scrollTop, height: list.scrollHeight, client: list.clientHeight, x: box.left + 5, y: box.top + box.height / 2, items: list.children.length };
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

/** Wheels the transcript one way until it stops moving at the end; returns the wheel events sent. */
async function wheelTo(page, direction) {
  let wheels = 0;
  let still = 0;
  let previous = (await page.evaluate(transcriptState)).top;
  while (wheels < MAX_WHEELS && still < 3) {
    await page.mouse.wheel(0, direction * WHEEL_STEP_PX);
    await page.evaluate(nextFrame);
    wheels++;
    const { top } = await page.evaluate(transcriptState);
    still = top === previous ? still + 1 : 0;
    previous = top;
  }
  return wheels;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
}

async function openConversation(page) {
  await page.evaluate(startRecording);
  const started = Date.now();
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: `Open ${TITLE}` }).click();
  await page.getByRole('list', { name: 'Conversation' }).getByRole('listitem').last().getByText('That was every data set.').waitFor({ timeout: OPEN_TIMEOUT_MS });
  const openMs = Date.now() - started;
  const { tasks } = await page.evaluate(() => window.__loupeStop());
  return { openMs, longestOpenTask: Math.max(0, ...tasks) };
}

async function scrollRound(page) {
  const state = await page.evaluate(transcriptState);
  await page.mouse.move(state.x, state.y);
  // Start from the top: the transcript opens at its end.
  await page.evaluate(() => {
    document.querySelector('ol[aria-label="Conversation"]').scrollTop = 0;
  });
  await page.evaluate(nextFrame);
  await page.evaluate(startRecording);
  const down = await wheelTo(page, 1);
  const bottom = await page.evaluate(transcriptState);
  const up = await wheelTo(page, -1);
  const top = await page.evaluate(transcriptState);
  const { tasks, gaps } = await page.evaluate(() => window.__loupeStop());
  if (bottom.top + bottom.client < bottom.height - 2 || top.top > 2) throw new Error(`The wheel did not reach both ends (bottom at ${bottom.top + bottom.client} of ${bottom.height}, top at ${top.top})`);
  return { wheels: down + up, scrollHeight: bottom.height, items: bottom.items, tasks, gaps };
}

/** Shows all of one 100 KB result (the transcript shows 2,000 characters of each until asked): the longest task it takes. */
async function showAllOfOne(page) {
  const button = page.getByRole('list', { name: 'Conversation' }).getByRole('button', { name: /^Show all of the result/ }).first();
  // A transcript without Show all (before it had one) cuts the text for good.
  if ((await button.count()) === 0) return undefined;
  await button.scrollIntoViewIfNeeded();
  await page.evaluate(startRecording);
  await button.click();
  await page.getByRole('list', { name: 'Conversation' }).getByRole('button', { name: 'Show less of the result' }).first().waitFor();
  await page.evaluate(nextFrame);
  const { tasks } = await page.evaluate(() => window.__loupeStop());
  return Math.max(0, ...tasks);
}

export async function run({ count, rounds }) {
  const conversation = longConversation(count);
  const toolResults = conversation.turns.filter((turn) => turn.type === 'tool').length;
  const fixture = await startModelProvider({ kind: 'openai' });
  const loupe = await startLoupeInBrowser({ servers: [SERVER], viewport: { width: 1366, height: 768 }, prepareDataDir: (dataDir) => plantSavedConversation(dataDir, conversation) });
  const { page } = loupe;
  try {
    await loupe.invoke('models.providers.add', { name: 'Fixture', kind: 'openai-compatible', baseUrl: fixture.url, apiKey: fixture.apiKey, defaultModel: 'fixture-model' });
    await page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: SERVER.name }).getByRole('button', { name: SERVER.name, exact: true }).click();
    await page.getByRole('tab', { name: 'Chat' }).click();
    const opened = await openConversation(page);
    const results = [];
    for (let index = 0; index < rounds; index++) results.push(await scrollRound(page));
    const showAllTask = await showAllOfOne(page);

    console.log(`\n${name}: ${description}`);
    console.log(
      `${count} turns, ${toolResults} tool results of ${RESULT_BYTES / 1024} KB (${(JSON.stringify(conversation).length / 1024 / 1024).toFixed(1)} MB saved); ${loupe.browserVersion}, 1366×768; the machine may be shared.`,
    );
    console.log(`Opening it: ${opened.openMs} ms to the last turn on screen; longest task meanwhile ${opened.longestOpenTask.toFixed(0)} ms (not part of the goal).`);
    const rows = [['round', 'wheels', 'transcript px', 'DOM items', 'long tasks', `over ${GOAL_TASK_MS} ms`, 'max task', 'frame gap p50', 'p95', 'max', 'vs goal']];
    results.forEach((result, index) => {
      const longest = Math.max(0, ...result.tasks);
      rows.push([
        String(index + 1),
        String(result.wheels),
        String(result.scrollHeight),
        String(result.items),
        String(result.tasks.length),
        String(result.tasks.filter((task) => task > GOAL_TASK_MS).length),
        `${longest.toFixed(0)} ms`,
        `${median(result.gaps).toFixed(1)} ms`,
        `${percentile(result.gaps, 95).toFixed(1)} ms`,
        `${Math.max(...result.gaps).toFixed(1)} ms`,
        `${(longest / GOAL_TASK_MS).toFixed(2)}× ${longest <= GOAL_TASK_MS ? 'PASS' : 'FAIL'}`,
      ]);
    });
    printTable(rows);
    console.log(
      showAllTask === undefined
        ? 'This transcript has no Show all for a long result.'
        : `Show all of one ${RESULT_BYTES / 1024} KB result: longest task ${showAllTask.toFixed(0)} ms (not part of the goal).`,
    );
    return { problems: [] };
  } finally {
    await loupe.close();
    await fixture.close();
  }
}
