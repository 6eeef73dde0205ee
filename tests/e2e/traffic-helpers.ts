/**
 * Helpers for the traffic and console e2e tests: plant a server list, connect servers through
 * the UI, and make requests directly over a second bridge socket (as another window would),
 * so tests do not depend on how other panels build their forms.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { WebSocket } from 'ws';
import type { ParamsArg, RequestName, RequestResult } from '../../shared/contract.js';
import type { JsonObject, RpcOutcome } from '../../shared/mcp.js';
import type { ServerConfig, ServerConfigInput } from '../../shared/server-config.js';
import type { WireMessage } from '../../shared/wire.js';
import { collectExport } from '../../shared/traffic-export.js';
import { fetchStashedReply } from './stashed-reply.js';
import { startHarness, type Harness } from './harness.js';
import { afterAll, beforeAll } from 'vitest';
import { fixtureServerConfig } from '../fixtures/fixture-server-config.js';

export function fixtureServer(id: string, name: string, flags: string[] = [], extra: Partial<ServerConfigInput> = {}): ServerConfig {
  return { id, ...fixtureServerConfig(name, flags), ...extra };
}

/** Writes `servers.json` into a data directory (use in `prepareDataDir`). */
export function plantServers(servers: ServerConfig[]) {
  return (dataDir: string) => writeFile(path.join(dataDir, 'servers.json'), JSON.stringify({ version: 1, servers }, null, 2));
}

/** Clicks Connect on a server in the Servers region and waits until it is connected. */
export async function connectServer(page: Page, name: string): Promise<void> {
  const item = page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name });
  await item.getByRole('button', { name: 'Connect', exact: true }).click();
  await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
}

export interface DirectBridge {
  invoke<K extends RequestName>(name: K, ...params: ParamsArg<K>): Promise<RequestResult<K>>;
  close(): void;
}

/**
 * A second WebSocket to the host, as another window of the same browser would open it: with the
 * page's session cookie (the printed link's code worked once, for the page). It connects to the
 * loopback address and names the session's host, as the browser does for `*.localhost`.
 */
export async function openDirectBridge(page: Page): Promise<DirectBridge> {
  const target = new URL(page.url());
  const cookies = await page.context().cookies(target.origin);
  const cookie = cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
  const socket = new WebSocket(`ws://127.0.0.1:${target.port}/bridge`, { origin: target.origin, headers: { Host: target.host, Cookie: cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  socket.on('message', (data) => {
    const text = data.toString();
    // Events (the flood's traffic among them) are not this socket's business: skip them unparsed.
    if (!text.startsWith('{"type":"response"')) return;
    const message = JSON.parse(text) as Extract<WireMessage, { type: 'response' }>;
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (!message.ok) call.reject(new Error(message.error.message));
    // A large value waits on the host, as it does for the page.
    else if ('fetch' in message) fetchStashedReply(target, cookie, message.fetch).then(call.resolve, call.reject);
    else call.resolve(message.value);
  });
  return {
    invoke(name, ...params) {
      const id = nextId++;
      socket.send(JSON.stringify({ type: 'request', id, name, params: params[0] }));
      return new Promise((resolve, reject) => pending.set(id, { resolve: resolve as (value: unknown) => void, reject }));
    },
    close: () => socket.close(),
  };
}

/**
 * For a test file: a window on a data folder with one fixture server (id `fixture`) and a second
 * bridge socket, started before its tests and closed after them. Read them inside tests.
 */
export function withFixtureWindow(): { harness(): Harness; bridge(): DirectBridge } {
  let harness: Harness | undefined;
  let bridge: DirectBridge | undefined;
  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers([fixtureServer('fixture', 'Fixture')]) });
    bridge = await openDirectBridge(harness.page);
  });
  afterAll(async () => {
    bridge?.close();
    await harness?.close();
  });
  return { harness: () => harness!, bridge: () => bridge! };
}

/** The whole traffic export, read piece by piece, as one text. */
export async function exportAll(bridge: DirectBridge): Promise<string> {
  return (await collectExport((query) => bridge.invoke('traffic.export', query))).join('');
}

/** `tools.call` with a fresh callId (pass one to be able to cancel the call). */
export function callTool(bridge: DirectBridge, serverId: string, name: string, args: JsonObject = {}, callId: string = randomUUID()): Promise<RpcOutcome> {
  return bridge.invoke('tools.call', { serverId, name, arguments: args, callId });
}
