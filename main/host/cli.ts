#!/usr/bin/env node
/** `npm run web`: the core in plain Node, the UI in the browser. */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { Core } from '../core/core.js';
import { migrateOldBrowserData, oldBrowserDataDir } from '../core/config/data-folder.js';
import { CoreSupervisor } from '../core-process/core-supervisor.js';
import { forkCoreProcess } from '../core-process/fork-core-process.js';
import { CliUsageError, USAGE, parseCliArgs, type CliOptions } from './cli-args.js';
import { startAppFrameHost, type AppFrameHost } from './app-frame-host.js';
import { openLaunchLink } from './open-browser.js';
import { findPackageRoot } from './package-root.js';
import { readHostSession, saveHostSession } from './host-session.js';
import { startHost, type HostOptions, type RunningHost } from './start-host.js';

const SHUTDOWN_TIMEOUT_MS = 5_000;

function fail(message: string, exitCode: number): never {
  process.stderr.write(`mcp-loupe: ${message}\n`);
  process.exit(exitCode);
}

function handleSignals(host: RunningHost, core: Core, appFrames: AppFrameHost | undefined): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130); // A second Ctrl+C: stop waiting.
    stopping = true;
    process.stderr.write(`Received ${signal}, shutting down…\n`);
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    host
      .close()
      .then(() => appFrames?.close())
      .then(() => core.dispose())
      .then(
        () => process.exit(0),
        (error: unknown) => fail(`shutdown failed: ${String(error)}`, 1),
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Starts the host where the last run on this data folder was (same port, host name and secret), so
 * tabs left open reconnect by themselves; where that port is taken, on a new one, saying so.
 */
async function startComingBack(options: CliOptions, hostOptions: HostOptions): Promise<{ host: RunningHost; notice?: string }> {
  const last = await readHostSession(options.dataDir);
  const reusable = last && last.bind === options.host && (options.port === 0 || options.port === last.port) ? last : undefined;
  let host: RunningHost | undefined;
  let notice: string | undefined;
  if (reusable) {
    try {
      host = await startHost({ ...hostOptions, port: reusable.port, token: reusable.token, sessionLabel: reusable.label });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || options.port !== 0) throw error;
      notice = `Port ${reusable.port} of the last run is taken now, so tabs left open from it cannot come back: open the new link below.`;
    }
  }
  host ??= await startHost(hostOptions);
  await saveHostSession(options.dataDir, { bind: options.host, port: host.port, label: host.sessionLabel, token: host.token }).catch((error: unknown) => {
    notice = `${notice ? `${notice} ` : ''}Could not keep this session for the next run (${error instanceof Error ? error.message : String(error)}), so open tabs will need a new link after a restart.`;
  });
  return { host, ...(notice ? { notice } : {}) };
}

async function run(options: CliOptions): Promise<void> {
  const { root, version } = findPackageRoot();
  const rendererDir = path.join(root, 'dist', 'renderer');
  if (!existsSync(path.join(rendererDir, 'index.html'))) {
    fail(`the renderer is not built (no ${path.join(rendererDir, 'index.html')}); run "npm run build" first.`, 1);
  }

  const migrated = options.defaultDataDir ? await migrateOldBrowserData(oldBrowserDataDir(process.env, homedir()), options.dataDir) : undefined;
  // MCP App frames need *.localhost names, which browsers send to loopback only.
  const appFrames = ['127.0.0.1', 'localhost'].includes(options.host) ? await startAppFrameHost(options.host === 'localhost' ? '127.0.0.1' : options.host) : undefined;
  // The core runs in a child process, so no server can freeze or crash the host that serves the page.
  const core = await CoreSupervisor.start(() => forkCoreProcess(), {
    dataDir: options.dataDir,
    mode: 'browser',
    version,
    ...(migrated ? { startupNotices: [migrated] } : {}),
    ...(appFrames ? { appFrameOrigin: appFrames.originTemplate } : {}),
  });
  appFrames?.serve(core.handlers);
  let host: RunningHost;
  let notice: string | undefined;
  try {
    ({ host, notice } = await startComingBack(options, { core, host: options.host, port: options.port, rendererDir, ...(appFrames ? { appFrameSource: appFrames.frameSource } : {}) }));
  } catch (error) {
    await appFrames?.close();
    await core.dispose().catch(() => {});
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    const reason = inUse ? 'the port is already in use' : error instanceof Error ? error.message : String(error);
    fail(`could not listen on ${options.host}:${options.port}: ${reason}.`, 1);
  }
  handleSignals(host, core, appFrames);

  process.stdout.write(`MCP Loupe ${version} (browser mode)\n`);
  process.stdout.write(`Data directory: ${options.dataDir}\n`);
  if (!['127.0.0.1', 'localhost', '::1'].includes(options.host)) {
    process.stdout.write(
      `Warning: listening on ${options.host}, not only on this machine's loopback address. Plain HTTP: the link's code and the session cookie cross the network in clear.\n`,
    );
  }
  if (notice) process.stdout.write(`${notice}\n`);
  process.stdout.write('Open this URL (its code works once; the page then keeps the session; tabs still open from the last run come back by themselves):\n');
  // E2E tests read this line: it must hold the URL and nothing else.
  process.stdout.write(`${host.url}\n`);
  process.stdout.write('Press Ctrl+C to stop.\n');

  // The browser gets the link through a private file: its code must not show in any command line.
  if (options.openBrowser) openLaunchLink(host.url);
}

function main(): void {
  let command;
  try {
    command = parseCliArgs(process.argv.slice(2), process.env, homedir());
  } catch (error) {
    if (error instanceof CliUsageError) fail(`${error.message} Run with --help for usage.`, 2);
    throw error;
  }
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  run(command.options).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1));
}

main();
