/**
 * Starts MCP Loupe in browser mode (the built host, `dist/main/host/cli.js`) with a fresh data
 * directory, and drives it with Chromium through playwright-core. `npm test` builds dist/ first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium-server.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI_PATH = path.join(REPO_ROOT, 'dist/main/host/cli.js');
const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results/screenshots');
const STARTUP_TIMEOUT_MS = 30_000;
const EXIT_TIMEOUT_MS = 5_000;

export interface Harness {
  page: Page;
  /** The URL the host printed, token included. */
  url: string;
  dataDir: string;
  /** Uncaught exceptions and console errors in the page: a test can assert there were none. */
  pageErrors: string[];
  /** What the host wrote to stderr, for failure messages. */
  hostStderr(): string;
  screenshot(name: string): Promise<string>;
  /** Kills the host as a crash would (the page stays open). */
  killHost(): Promise<void>;
  /** The pid of the host's core process (browser mode runs the core in a child of the host). */
  corePid(): Promise<number>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** Runs on the fresh data directory before the host starts, e.g. to plant a config file. */
  prepareDataDir?: (dataDir: string) => Promise<void>;
  /** Extra environment for the host (and so its core), e.g. a temporary HOME. */
  env?: Record<string, string>;
  /** An existing data folder (a host that ran before); the caller removes it. */
  dataDir?: string;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'loupe-e2e-')));
  const removeDataDir = () => (options.dataDir ? Promise.resolve() : rm(dataDir, { recursive: true, force: true }));
  await options.prepareDataDir?.(dataDir);
  const host = spawn(process.execPath, [CLI_PATH, '--port', '0', '--no-open', '--data-dir', dataDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BROWSER: 'none', ...options.env },
  });
  let stderr = '';
  host.stderr?.setEncoding('utf8');
  host.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
  });

  let browser: Browser | undefined;
  try {
    const url = await waitForUrl(host, () => stderr);
    browser = await openBrowser();
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1440, height: 900 },
      colorScheme: options.colorScheme ?? 'light',
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console.error: ${message.text()}`);
    });
    await page.goto(url);

    const connected = browser;
    return {
      page,
      url,
      dataDir,
      pageErrors,
      hostStderr: () => stderr,
      async screenshot(name) {
        await mkdir(SCREENSHOT_DIR, { recursive: true });
        const file = path.join(SCREENSHOT_DIR, `${name}.png`);
        await page.screenshot({ path: file });
        return file;
      },
      async killHost() {
        await stopProcess(host, 'SIGKILL');
      },
      corePid: () => findCoreProcess(host.pid!),
      async close() {
        // A connected browser's close() ends this connection and its contexts, not the shared Chromium.
        await connected.close().catch(() => {});
        await stopProcess(host);
        await removeDataDir();
      },
    };
  } catch (error) {
    await browser?.close().catch(() => {});
    await stopProcess(host);
    await removeDataDir();
    throw error;
  }
}

/**
 * A download's text. The shared Chromium is connected to remotely, so `download.path()` is not
 * there: the file is streamed over the connection instead.
 */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The run's shared Chromium (the e2e project's globalSetup), else one of its own. */
function openBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** Resolves with the first stdout line that starts with `http://`: the URL with the session token. */
function waitForUrl(host: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: host.stdout! });
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      host.off('exit', onExit);
      lines.off('line', onLine);
      settle();
    };
    const onLine = (line: string) => {
      if (line.startsWith('http://')) finish(() => resolve(line.trim()));
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(() => reject(new Error(`The host exited (code ${code}, signal ${signal}) before printing its URL.\n${stderr()}`)));
    const timer = setTimeout(
      () => finish(() => reject(new Error(`The host printed no URL within ${STARTUP_TIMEOUT_MS} ms.\n${stderr()}`))),
      STARTUP_TIMEOUT_MS,
    );
    lines.on('line', onLine);
    host.on('exit', onExit);
  });
}

/** The child of `hostPid` that runs the core, found through /proc (Linux, like the CI machine). */
async function findCoreProcess(hostPid: number): Promise<number> {
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      // Field 4 is the parent pid; the command name in field 2 may hold spaces, so split after it.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== hostPid) continue;
      const commandLine = await readFile(`/proc/${name}/cmdline`, 'utf8');
      if (commandLine.includes('core-process-main')) return Number(name);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error(`The host (pid ${hostPid}) has no core process.`);
}

/** SIGTERM (the host shuts down cleanly), then SIGKILL if it has not exited in time. */
async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
