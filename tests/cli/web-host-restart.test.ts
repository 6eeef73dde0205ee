/**
 * Issue 24: each restart printed a new host name, port and code, and an open tab retried forever.
 * Restarted on the same data folder, the host comes back under the same name and port with the same
 * secret, so the tab's cookie still opens it; where the port is taken, it says so and gives a new link.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HOST_SESSION_FILE } from '../../main/host/host-session.js';
import { rawHttp } from '../host/helpers.js';

const CLI = fileURLToPath(new URL('../../dist/main/host/cli.js', import.meta.url));

interface RunningCli {
  child: ChildProcess;
  url: URL;
  output: string;
}

const running: ChildProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function startCli(dataDir: string): Promise<RunningCli> {
  const child = spawn(process.execPath, [CLI, '--no-open', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The host printed no link:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('http://'));
      if (line) {
        clearTimeout(timer);
        resolve({ child, url: new URL(line), output });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`The host exited (${code}):\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Redeems the link's code as the browser does: the cookie the tab then keeps. */
async function tabCookie(url: URL): Promise<string> {
  const answer = await rawHttp(Number(url.port), `${url.pathname}${url.search}`, { headers: { host: url.host } });
  const cookie = answer.headers['set-cookie']?.[0]?.split(';')[0];
  if (!cookie) throw new Error(`The code gave no cookie (status ${answer.status}).`);
  return cookie;
}

const pageWithCookie = (url: URL, cookie: string) => rawHttp(Number(url.port), '/', { headers: { host: url.host, cookie } });

describe('browser mode: a restart on the same data folder', { timeout: 120_000 }, () => {
  it('comes back on the same host name and port with the same secret, so an open tab needs no new link', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-restart-'));
    folders.push(dataDir);
    const first = await startCli(dataDir);
    const cookie = await tabCookie(first.url);
    expect((await pageWithCookie(first.url, cookie)).status).toBe(200);
    expect(statSync(path.join(dataDir, HOST_SESSION_FILE)).mode & 0o777).toBe(0o600);
    await stop(first.child);

    const second = await startCli(dataDir);
    expect(second.url.host).toBe(first.url.host);
    expect((await pageWithCookie(second.url, cookie)).status).toBe(200);
    // A cookie of another secret still gets nothing.
    expect((await pageWithCookie(second.url, 'loupe_token=not-the-secret')).status).toBe(401);
    await stop(second.child);
  });

  it('when the last port is taken, listens on another and says the open tabs need the new link', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'loupe-restart-'));
    folders.push(dataDir);
    const first = await startCli(dataDir);
    const cookie = await tabCookie(first.url);
    await stop(first.child);

    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(Number(first.url.port), '127.0.0.1', resolve));
    try {
      const second = await startCli(dataDir);
      expect(second.url.port).not.toBe(first.url.port);
      expect(second.output).toContain(`Port ${first.url.port} of the last run is taken now, so tabs left open from it cannot come back: open the new link below.`);
      expect((await pageWithCookie(second.url, cookie)).status).toBe(401);
      await stop(second.child);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
