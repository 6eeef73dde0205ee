/** Helpers for the Tools e2e tests: planted servers, connecting, selecting a tool, running it. */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { APP_NODE_COMMAND, type ServerConfig, type ServerConfigInput } from '../../shared/server-config.js';
import { fixtureServerConfig } from '../fixtures/fixture-server-config.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** server-everything 2026.8.31 over stdio. */
export function everythingServer(name = 'Everything'): ServerConfigInput {
  const script = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  return { name, transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [script, 'stdio'], env: [] } };
}

export function fixtureServer(name = 'Fixture', flags: string[] = []): ServerConfigInput {
  return fixtureServerConfig(name, flags);
}

/**
 * A tiny stdio MCP server (no SDK) with one tool whose structuredContent breaks its own
 * outputSchema: neither server-everything nor the fixture server has one. With `--no-tools` it
 * announces no tools capability at all. It is written into the test's data directory and run
 * with Loupe's Node.
 */
const OUTPUT_MISMATCH_SERVER = `
import { createInterface } from 'node:readline';
const tool = {
  name: 'weather-wrong',
  description: 'Returns structuredContent that breaks its own outputSchema.',
  inputSchema: { type: 'object', properties: {} },
  outputSchema: {
    type: 'object',
    properties: { temperature: { type: 'number' }, conditions: { type: 'string' } },
    required: ['temperature', 'conditions'],
  },
};
const offersTools = !process.argv.includes('--no-tools');
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  const reply = (result) => send({ jsonrpc: '2.0', id: message.id, result });
  if (message.method === 'initialize') {
    reply({
      protocolVersion: message.params.protocolVersion,
      capabilities: offersTools ? { tools: {} } : { logging: {} },
      serverInfo: { name: 'output-mismatch', version: '1.0.0' },
    });
  } else if (message.method === 'tools/list') {
    reply({ tools: [tool] });
  } else if (message.method === 'tools/call') {
    const structuredContent = { temperature: 'warm' };
    reply({ content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent });
  } else {
    send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  }
});
`;

export const OUTPUT_MISMATCH_FILE = 'output-mismatch-server.mjs';

export function outputMismatchServer(dataDir: string, name = 'Mismatch', flags: string[] = []): ServerConfigInput {
  return { name, transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [path.join(dataDir, OUTPUT_MISMATCH_FILE), ...flags], env: [] } };
}

/** Writes servers.json (and the mismatch server script) so the app starts with exactly these servers. */
export function plantServers(servers: (dataDir: string) => ServerConfigInput[]): (dataDir: string) => Promise<void> {
  return async (dataDir) => {
    await writeFile(path.join(dataDir, OUTPUT_MISMATCH_FILE), OUTPUT_MISMATCH_SERVER);
    const withIds: ServerConfig[] = servers(dataDir).map((server) => ({ id: randomUUID(), ...server }));
    await writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ version: 1, servers: withIds }, null, 2));
  };
}

export function serverItem(page: Page, name: string): Locator {
  return page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name });
}

/** Selects the server, connects it, waits until connected, and shows its Tools tab. */
export async function connectServer(page: Page, name: string): Promise<Locator> {
  const item = serverItem(page, name);
  await item.getByRole('button', { name, exact: true }).click();
  await item.getByRole('button', { name: 'Connect', exact: true }).click();
  await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
  return showTools(page);
}

export async function selectServer(page: Page, name: string): Promise<Locator> {
  await serverItem(page, name).getByRole('button', { name, exact: true }).click();
  return showTools(page);
}

export async function showTools(page: Page): Promise<Locator> {
  await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Tools', exact: true }).click();
  return page.getByRole('region', { name: 'Tools', exact: true });
}

/** Filters the list to the tool, selects it and waits for its detail. */
export async function selectTool(tools: Locator, name: string): Promise<void> {
  await tools.getByRole('combobox', { name: 'Filter tools' }).fill(name);
  await tools.getByRole('option', { name, exact: true }).click();
  await tools.getByRole('region', { name: `Tool ${name}`, exact: true }).waitFor();
}

export async function useJsonArguments(tools: Locator): Promise<Locator> {
  await tools.getByRole('group', { name: 'Edit arguments as' }).getByRole('button', { name: 'JSON' }).click();
  return tools.getByRole('textbox', { name: 'Arguments' });
}

export async function useFormArguments(tools: Locator): Promise<Locator> {
  await tools.getByRole('group', { name: 'Edit arguments as' }).getByRole('button', { name: 'Form' }).click();
  return tools.getByRole('group', { name: 'Arguments form' });
}

/** Runs the selected tool with these arguments (typed as JSON) and returns the Result region. */
export async function runWithJson(tools: Locator, args: unknown): Promise<Locator> {
  const editor = await useJsonArguments(tools);
  await editor.fill(JSON.stringify(args));
  await tools.getByRole('button', { name: 'Run tool' }).click();
  return result(tools);
}

export function result(tools: Locator): Locator {
  return tools.getByRole('region', { name: 'Result', exact: true });
}

/** Shrinks the Traffic panel to its minimum, so screenshots show the Tools area. */
export async function shrinkTraffic(page: Page): Promise<void> {
  const splitter = page.getByRole('separator', { name: 'Resize traffic panel' });
  await splitter.focus();
  await page.keyboard.press('Home');
}

export interface MainThreadTask {
  durationMs: number;
  /**
   * `ws-receive`: Chromium receiving a WebSocket message (the bridge decodes it in its listener, inside);
   * `ws-free`: Chromium freeing a received message later; `other`: rendering, workers' replies, timers, input.
   */
  kind: 'ws-receive' | 'ws-free' | 'other';
  source: string;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

function taskKind(task: TraceEvent, inside: TraceEvent[]): MainThreadTask['kind'] {
  if (/websocket_message_chunk_accumulator/.test(String(task.args?.src_file))) return 'ws-free';
  const mojo = inside.find((event) => event.name === 'Receive mojo message')?.args?.chrome_mojo_event_info as { mojo_interface_tag?: string } | undefined;
  if (inside.some((event) => event.name === 'WebSocketReceive') || /WebSocket/.test(mojo?.mojo_interface_tag ?? '')) return 'ws-receive';
  return 'other';
}

/**
 * Runs `action` under a Chromium trace and returns the page's main-thread tasks longer than
 * `thresholdMs`, each with what it was. The Long Tasks API cannot say that; the trace tells the
 * browser's own WebSocket work (receiving and freeing a 20 MB message) from the page's.
 */
export async function traceLongTasks(page: Page, thresholdMs: number, action: () => Promise<void>): Promise<MainThreadTask[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error('No browser to trace');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'mojom'] });
  let buffer: Buffer | undefined;
  try {
    await action();
  } finally {
    buffer = await browser.stopTracing();
  }
  const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mainThread = events.find((event) => event.name === 'thread_name' && (event.args as { name?: string } | undefined)?.name === 'CrRendererMain');
  if (!mainThread) throw new Error('The trace has no renderer main thread');
  const onMain = events.filter((event) => event.pid === mainThread.pid && event.tid === mainThread.tid);
  const tasks = onMain.filter((event) => event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask' && (event.dur ?? 0) > thresholdMs * 1000);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((event) => event.ts >= task.ts && event.ts <= end && event !== task);
    return { durationMs: Math.round((task.dur ?? 0) / 1000), kind: taskKind(task, inside), source: String(task.args?.src_file ?? '') };
  });
}

/**
 * The goal is no task over ~100 ms (bench/large-result.js measures it on a quiet machine). Tests
 * share a small machine with other work, and tracing slows the page, so they allow a margin:
 * what they must catch is a result rendered or parsed whole on the main thread (seconds).
 */
export const LONG_TASK_BUDGET_MS = 250;

/**
 * While a 20 MB result appears, the only long tasks may be the browser's own WebSocket work:
 * receiving the message (in which the bridge decodes it) and freeing it later. Rendering the
 * result, and handing it to the document worker, must stay within the budget.
 */
export function expectOnlyTransportLongTasks(tasks: MainThreadTask[]): void {
  expect(tasks.filter((task) => task.kind === 'other')).toEqual([]);
}
