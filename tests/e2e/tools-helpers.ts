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

/** What the page's main thread was handed while an action ran: sizes, not times. */
export interface MainThreadLoad {
  /** The largest WebSocket frame the page received, in characters. */
  largestFrame: number;
  /** The longest string the page's main thread gave to JSON.parse. */
  largestParse: number;
}

/**
 * Runs `action` and measures how much text reached the page's main thread: every WebSocket frame
 * it received, and every string its main thread parsed as JSON (workers have a JSON of their own).
 * A result shown whole on the main thread shows here as megabytes, on any machine at any speed.
 */
/** A 20 MB result must reach the page as the rows on screen, never whole: far below this. */
export const MAIN_THREAD_TEXT_LIMIT = 1024 * 1024;

export function expectNoWholeText(load: MainThreadLoad): void {
  expect(load.largestFrame).toBeLessThan(MAIN_THREAD_TEXT_LIMIT);
  expect(load.largestParse).toBeLessThan(MAIN_THREAD_TEXT_LIMIT);
}

export async function measureMainThreadLoad(page: Page, action: () => Promise<void>): Promise<MainThreadLoad> {
  // The DevTools protocol sees frames on the bridge socket the page already has open.
  const devtools = await page.context().newCDPSession(page);
  let largestFrame = 0;
  devtools.on('Network.webSocketFrameReceived', (event) => {
    largestFrame = Math.max(largestFrame, event.response.payloadData.length);
  });
  await devtools.send('Network.enable');
  await page.evaluate(() => {
    const scope = globalThis as unknown as { loupeParse?: { original: typeof JSON.parse; largest: number } };
    scope.loupeParse ??= { original: JSON.parse, largest: 0 };
    const watch = scope.loupeParse;
    watch.largest = 0;
    JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
      watch.largest = Math.max(watch.largest, typeof text === 'string' ? text.length : 0);
      return watch.original(text, reviver);
    }) as typeof JSON.parse;
  });
  try {
    await action();
  } finally {
    await devtools.detach();
  }
  const largestParse = await page.evaluate(() => {
    const scope = globalThis as unknown as { loupeParse: { original: typeof JSON.parse; largest: number } };
    JSON.parse = scope.loupeParse.original;
    return scope.loupeParse.largest;
  });
  return { largestFrame, largestParse };
}
