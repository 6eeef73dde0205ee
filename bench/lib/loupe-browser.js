/**
 * Loupe in browser mode for benches: the built host (dist/main/host/cli.js) on a fresh data
 * directory with a planted server list, Chromium through playwright-core, and a second bridge
 * socket from Node for requests (it skips event frames unparsed, so it costs the page nothing).
 */
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { WebSocket } from 'ws';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'dist/main/host/cli.js');
const RENDERER_INDEX = join(ROOT, 'dist/renderer/index.html');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const STARTUP_TIMEOUT_MS = 30_000;

export const FIXTURE_SERVER_PATH = join(ROOT, 'tests/fixtures/fixture-server.mjs');

function waitForUrl(host) {
  return new Promise((resolveUrl, reject) => {
    let stderr = '';
    host.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => reject(new Error(`The host printed no URL within ${STARTUP_TIMEOUT_MS} ms.\n${stderr}`)), STARTUP_TIMEOUT_MS);
    createInterface({ input: host.stdout }).on('line', (line) => {
      if (!line.startsWith('http://')) return;
      clearTimeout(timer);
      resolveUrl(line.trim());
    });
    host.once('exit', (code) => reject(new Error(`The host exited with code ${code} before printing its URL.\n${stderr}`)));
  });
}

/** A second bridge socket with the page's session cookie, sent to loopback under the session's host name. */
async function openBridgeSocket(sessionUrl, cookie) {
  // Loaded once Loupe is known to be built: how a large reply's JSON is read back.
  const { replyFromJson } = await import('../../dist/shared/wire.js');
  const target = new URL(sessionUrl);
  const socket = new WebSocket(`ws://127.0.0.1:${target.port}/bridge`, { origin: target.origin, headers: { Host: target.host, Cookie: cookie } });
  let nextId = 1;
  const pending = new Map();
  /** A large reply waits on the host (see main/host/reply-stash.ts): fetched as the page's worker would. */
  const fetchReply = (path) =>
    new Promise((resolveReply, reject) => {
      get({ host: '127.0.0.1', port: target.port, path, headers: { Host: target.host, Cookie: cookie } }, (response) => {
        const pieces = [];
        response.on('data', (piece) => pieces.push(piece));
        response.on('end', () => (response.statusCode === 200 ? resolveReply(replyFromJson(JSON.parse(Buffer.concat(pieces).toString('utf8')))) : reject(new Error(`HTTP ${response.statusCode}`))));
      }).on('error', reject);
    });
  socket.on('message', (data) => {
    const text = data.toString();
    if (!text.startsWith('{"type":"response"')) return;
    const message = JSON.parse(text);
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (!message.ok) call.reject(new Error(message.error.message));
    else if (message.fetch) fetchReply(message.fetch).then(call.resolve, call.reject);
    else call.resolve(message.value);
  });
  const opened = new Promise((resolveOpen, reject) => {
    socket.once('open', resolveOpen);
    socket.once('error', reject);
  });
  return {
    opened,
    invoke(name, params) {
      const id = nextId++;
      socket.send(JSON.stringify({ type: 'request', id, name, params }));
      return new Promise((resolveCall, reject) => pending.set(id, { resolve: resolveCall, reject }));
    },
    close: () => socket.close(),
  };
}

/**
 * `servers` are ServerConfig objects written to servers.json before the host starts;
 * `prepareDataDir(dataDir)`, when given, plants anything else there first (saved chats, say).
 */
export async function startLoupeInBrowser({ servers, viewport = { width: 1440, height: 900 }, prepareDataDir }) {
  if (!existsSync(CLI) || !existsSync(RENDERER_INDEX)) throw new Error('Loupe is not built (no dist/). Run `npm run build` first.');
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM} (apt-get install -y chromium).`);
  const dataDir = await mkdtemp(join(tmpdir(), 'loupe-bench-'));
  await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ version: 1, servers }));
  await prepareDataDir?.(dataDir);
  const host = spawn(process.execPath, [CLI, '--port', '0', '--no-open', '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BROWSER: 'none' },
  });
  host.stderr.setEncoding('utf8');
  let browser;
  let bridge;
  const close = async () => {
    bridge?.close();
    await browser?.close().catch(() => {});
    if (host.exitCode === null && host.signalCode === null) {
      const exited = new Promise((resolveExit) => host.once('exit', resolveExit));
      host.kill('SIGTERM');
      const timer = setTimeout(() => host.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await waitForUrl(host);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport });
    // The printed link works once: the page trades its code for the session cookie.
    await page.goto(url);
    const sessionUrl = new URL('/', page.url()).href;
    const cookies = await page.context().cookies(sessionUrl);
    bridge = await openBridgeSocket(sessionUrl, cookies.map((entry) => `${entry.name}=${entry.value}`).join('; '));
    await bridge.opened;
    return { page, url: sessionUrl, browserVersion: browser.version(), invoke: bridge.invoke, close };
  } catch (error) {
    await close();
    throw error;
  }
}
