/**
 * Helpers for the approvals, elicitation, logs and roots e2e tests: planting servers, connecting,
 * running tools from the Tools tab, and a second bridge client for calls the UI need not make.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import type { RequestName } from '../../shared/contract.js';
import { APP_NODE_COMMAND, type ServerConfig } from '../../shared/server-config.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** server-everything 2026.8.31: trigger-sampling-request, trigger-elicitation-request, get-roots-list, … */
export const EVERYTHING_2026 = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
/** server-everything 2025.9.25: sampleLLM, startElicitation, … */
export const EVERYTHING_2025 = path.join(REPO_ROOT, 'node_modules/server-everything-2025/dist/index.js');

export function everythingServer(id: string, name: string, entry: string): ServerConfig {
  return { id, name, transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [entry, 'stdio'], env: [] } };
}

/** A `prepareDataDir` that writes servers.json with exactly these servers. */
export function plantServers(servers: ServerConfig[]): (dataDir: string) => Promise<void> {
  return (dataDir) => writeFile(path.join(dataDir, 'servers.json'), `${JSON.stringify({ version: 1, servers }, null, 2)}\n`);
}

export function serversRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Servers' });
}

export function serverItem(page: Page, name: string): Locator {
  return serversRegion(page).getByRole('listitem', { name });
}

export async function selectServer(page: Page, name: string): Promise<void> {
  await serverItem(page, name).getByRole('button', { name, exact: true }).click();
}

export async function connectServer(page: Page, name: string): Promise<void> {
  const item = serverItem(page, name);
  await item.getByRole('button', { name: 'Connect', exact: true }).click();
  await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
}

export async function disconnectServer(page: Page, name: string): Promise<void> {
  const item = serverItem(page, name);
  await item.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await item.getByRole('button', { name: 'Connect', exact: true }).waitFor({ timeout: 30_000 });
}

export function toolsRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Tools' });
}

/** Opens a workspace tab (Tools, Logs, …) of the selected server. */
export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name, exact: true }).click();
}

/**
 * Runs a tool from the Tools tab: selects it, types the arguments (when given) into the
 * Arguments editor, and clicks "Run tool". Does not wait for the result.
 */
export async function runTool(page: Page, toolName: string, args?: Record<string, unknown>): Promise<void> {
  await openTab(page, 'Tools');
  const tools = toolsRegion(page);
  // The list renders only the rows on screen: filter it down to the tool first.
  const filter = tools.getByRole('combobox', { name: 'Filter tools' });
  await filter.fill(toolName, { timeout: 30_000 });
  await tools.getByRole('option').filter({ hasText: toolName }).first().click({ timeout: 30_000 });
  await filter.fill('');
  if (args !== undefined) {
    // The arguments are edited as a form or as JSON; JSON takes any arguments as they are.
    const asJson = tools.getByRole('group', { name: 'Edit arguments as' }).getByRole('button', { name: 'JSON' });
    if ((await asJson.count()) > 0) await asJson.click();
    const editor = tools.getByRole('textbox', { name: 'Arguments' });
    await editor.fill(JSON.stringify(args));
  }
  await tools.getByRole('button', { name: 'Run tool' }).click();
}

/** The Result region of the Tools tab, once the call finished. */
export async function toolResultText(page: Page): Promise<string> {
  const result = toolsRegion(page).getByRole('region', { name: 'Result' });
  await result.waitFor();
  await result.filter({ hasNot: page.getByText(/^Running\b/) }).waitFor({ timeout: 30_000 });
  return (await result.textContent()) ?? '';
}

export function approvalsRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Approvals' });
}

export function approvalsButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Approvals,/ });
}

/**
 * Makes a request through a second WebSocket bridge opened from the page (it shares the page's
 * session cookie). For calls whose UI is not what a test is about, e.g. firing 100 tool calls.
 * Resolves with the result, or rejects with the bridge's error message.
 */
export async function invokeViaSecondBridge(page: Page, name: RequestName, params: unknown): Promise<unknown> {
  return page.evaluate(
    ({ name, params }) =>
      new Promise((resolve, reject) => {
        // Runs in the page: its location is the host's.
        const { location } = globalThis as unknown as { location: { protocol: string; host: string } };
        const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/bridge`);
        socket.onopen = () => socket.send(JSON.stringify({ type: 'request', id: 1, name, params }));
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string; id?: number; ok?: boolean; value?: unknown; error?: { message: string } };
          if (message.type !== 'response' || message.id !== 1) return;
          socket.close();
          if (message.ok) resolve(message.value);
          else reject(new Error(message.error?.message ?? 'failed'));
        };
        socket.onerror = () => reject(new Error('The second bridge could not connect'));
      }),
    { name, params },
  );
}

/** Fires `count` tool calls at once through the second bridge; resolves when all are sent (not answered). */
export async function fireToolCalls(page: Page, serverId: string, toolName: string, args: Record<string, unknown>, count: number): Promise<void> {
  await page.evaluate(
    ({ serverId, toolName, args, count }) =>
      new Promise<void>((resolve, reject) => {
        // Runs in the page: its location is the host's.
        const { location } = globalThis as unknown as { location: { protocol: string; host: string } };
        const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/bridge`);
        socket.onopen = () => {
          for (let index = 0; index < count; index++) {
            const params = { serverId, name: toolName, arguments: { ...args, prompt: `${String(args.prompt ?? '')} #${index + 1}` }, callId: `flood-${index}` };
            socket.send(JSON.stringify({ type: 'request', id: index + 1, name: 'tools.call', params }));
          }
          // Keep the socket open: closing it could abandon the calls.
          (globalThis as unknown as { floodSocket?: WebSocket }).floodSocket = socket;
          resolve();
        };
        socket.onerror = () => reject(new Error('The second bridge could not connect'));
      }),
    { serverId, toolName, args, count },
  );
}
