/**
 * Medium 4 of issue 25: the one-time launch code could be raced from the opener's command line.
 * A local process that watches /proc/<pid>/cmdline (as any local user can) must find nothing to redeem.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLaunchLink } from '../../main/host/open-browser.js';
import { startHost, type RunningHost } from '../../main/host/start-host.js';
import { createFakeCore, createRendererDir, rawHttp, sleep } from './helpers.js';

/** Every command line on the machine, as another local user reads them. */
function commandLines(): string[] {
  const lines: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      // Gone already.
    }
  }
  return lines;
}

describe.runIf(process.platform === 'linux')('Medium 4: the launch code cannot be raced from the command line', () => {
  let host: RunningHost;
  let renderer: Awaited<ReturnType<typeof createRendererDir>>;
  const savedPath = process.env.PATH;
  let openerLog: string;

  beforeEach(async () => {
    renderer = await createRendererDir();
    host = await startHost({ core: createFakeCore().core, rendererDir: renderer.rendererDir });
    // A stand-in for xdg-open that stays up a while, as a browser started by it would.
    const bin = mkdtempSync(path.join(tmpdir(), 'loupe-opener-'));
    openerLog = path.join(bin, 'opened.txt');
    writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${openerLog}'\nsleep 3\n`);
    chmodSync(path.join(bin, 'xdg-open'), 0o755);
    process.env.PATH = `${bin}${path.delimiter}${savedPath ?? ''}`;
  });

  afterEach(async () => {
    process.env.PATH = savedPath;
    await host.close();
    await renderer.cleanup();
  });

  it("a /proc watcher reads the opener's command line and cannot redeem anything; the browser's way in works", async () => {
    const seen = new Set<string>();
    const file = openLaunchLink(host.url, 'linux');
    // Watch until the opener has run and well after.
    for (let round = 0; round < 100 && !(existsSync(openerLog) && round > 20); round++) {
      for (const line of commandLines()) if (line.includes('xdg-open') || line.includes(host.sessionHost)) seen.add(line);
      await sleep(20);
    }
    // The watcher did see the opener…
    expect([...seen].some((line) => line.includes(`xdg-open ${file.path}`) || line.includes(`xdg-open ${host.url}`))).toBe(true);
    // …and what it saw redeems nothing.
    const codes = [...seen].flatMap((line) => [...line.matchAll(/[?&]code=([\w-]+)/g)].map((match) => match[1]!));
    const redeemed: string[] = [];
    for (const code of codes) {
      const answer = await rawHttp(host.port, `/?code=${code}`, { headers: { host: host.sessionHost } });
      if (answer.headers['set-cookie']) redeemed.push(code);
    }
    expect(redeemed).toEqual([]);

    // The page the opener got is the user's alone, and leads the browser to the session.
    expect(readFileSync(openerLog, 'utf8')).toBe(file.path);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file.path)).mode & 0o777).toBe(0o700);
    const href = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(readFileSync(file.path, 'utf8'))?.[1] ?? '';
    const target = new URL(href.replaceAll('&#38;', '&'));
    const opened = await rawHttp(host.port, `${target.pathname}${target.search}`, { headers: { host: target.host } });
    expect(opened.status).toBe(303);
    expect(opened.headers['set-cookie']?.[0]).toMatch(/^loupe_token=/);

    file.remove();
    expect(existsSync(path.dirname(file.path))).toBe(false);
  });
});
