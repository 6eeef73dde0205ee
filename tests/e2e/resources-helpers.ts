/** Helpers for the Resources and Prompts e2e tests: planted servers, connecting, switching tabs. */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { APP_NODE_COMMAND, type ServerConfig, type ServerConfigInput } from '../../shared/server-config.js';
import { fixtureServerConfig } from '../fixtures/fixture-server-config.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function nodeServer(name: string, script: string, args: string[] = []): ServerConfigInput {
  return { name, transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [path.join(REPO_ROOT, script), ...args], env: [] } };
}

/** server-everything 2025.9.25: 100 resources in pages of 10, template test://static/resource/{id}, complex_prompt. */
export const everything2025 = (name = 'Everything 2025') => nodeServer(name, 'node_modules/server-everything-2025/dist/index.js', ['stdio']);

/** server-everything 2026.8.31: completable-prompt, toggle-subscriber-updates, dynamic templates. */
export const everything2026 = (name = 'Everything 2026') =>
  nodeServer(name, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js', ['stdio']);

/** The fixture server: a semem-like prompt whose get always fails and whose arguments carry extra fields. */
export const fixtureServer = (name = 'Fixture') => fixtureServerConfig(name);

/** Writes servers.json so the app starts with exactly these servers. */
export function plantServers(servers: ServerConfigInput[]): (dataDir: string) => Promise<void> {
  const withIds: ServerConfig[] = servers.map((server) => ({ id: randomUUID(), ...server }));
  return (dataDir) => writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ version: 1, servers: withIds }, null, 2));
}

export function serversRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Servers' });
}

/** Selects the server, connects it and waits until it is connected. */
export async function connectServer(page: Page, name: string): Promise<void> {
  const item = serversRegion(page).getByRole('listitem', { name });
  await item.getByRole('button', { name, exact: true }).click();
  await item.getByRole('button', { name: 'Connect', exact: true }).click();
  await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
}

export async function selectServer(page: Page, name: string): Promise<void> {
  await serversRegion(page).getByRole('listitem', { name }).getByRole('button', { name, exact: true }).click();
}

export async function openTab(page: Page, name: 'Tools' | 'Resources' | 'Prompts'): Promise<Locator> {
  await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name, exact: true }).click();
  return page.getByRole('region', { name, exact: true });
}

interface PageSocket {
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: (() => void) | null;
  send(data: string): void;
  close(): void;
}

/**
 * Sends one contract request over a second WebSocket opened from the page (so it carries the
 * page's session), for setting up a test without going through another feature's UI.
 */
export async function invokeFromPage(page: Page, name: string, params: unknown): Promise<unknown> {
  const reply = await page.evaluate(
    ({ name, params }) =>
      new Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>((resolve, reject) => {
        const scope = globalThis as unknown as { WebSocket: new (url: string) => PageSocket; location: { protocol: string; host: string } };
        const scheme = scope.location.protocol === 'https:' ? 'wss' : 'ws';
        const socket = new scope.WebSocket(`${scheme}://${scope.location.host}/bridge`);
        socket.onerror = () => reject(new Error('The test WebSocket failed'));
        socket.onopen = () => socket.send(JSON.stringify({ type: 'request', id: 1, name, params }));
        socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string; id?: number; ok: boolean; value?: unknown; error?: { message: string } };
          if (message.type !== 'response' || message.id !== 1) return;
          socket.close();
          resolve(message);
        };
      }),
    { name, params },
  );
  if (!reply.ok) throw new Error(`${name} failed: ${reply.error?.message}`);
  return reply.value;
}

/** The id of the server with this name, from the core's own list. */
export async function serverIdOf(page: Page, name: string): Promise<string> {
  const servers = (await invokeFromPage(page, 'servers.list', undefined)) as ServerConfig[];
  const server = servers.find((candidate) => candidate.name === name);
  if (!server) throw new Error(`No server named ${name}`);
  return server.id;
}

/** Calls a tool directly through the core (no Tools UI involved) and returns its outcome. */
export async function callTool(page: Page, serverName: string, tool: string, args: Record<string, unknown>): Promise<unknown> {
  const serverId = await serverIdOf(page, serverName);
  return invokeFromPage(page, 'tools.call', { serverId, name: tool, arguments: args, callId: randomUUID() });
}
