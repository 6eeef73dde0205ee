import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type TestCore } from './helpers.js';

const WRAPPER = fileURLToPath(new URL('../fixtures/wrapper-server.mjs', import.meta.url));

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor<T>(read: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(process.platform !== 'win32')('disconnect stops the whole process tree', () => {
  let test: TestCore;
  let work: string;
  beforeAll(async () => {
    test = await startCore();
    work = await mkdtemp(path.join(tmpdir(), 'loupe-tree-'));
  });
  afterAll(async () => {
    await test.core.dispose();
    await rm(work, { recursive: true, force: true });
  });

  it("a wrapper's helper process ends with the server, though the wrapper itself exits on its own", async () => {
    const pidFile = path.join(work, 'helper.pid');
    const server = await test.add('wrapped', { type: 'stdio', command: process.execPath, args: [WRAPPER, pidFile], env: [] });
    expect((await test.core.handlers['connections.connect']({ serverId: server.id })).status).toBe('connected');
    const helperPid = await waitFor(async () => {
      const text = await readFile(pidFile, 'utf8').catch(() => '');
      return text ? Number(text) : undefined;
    });
    expect(running(helperPid)).toBe(true);

    await test.core.handlers['connections.disconnect']({ serverId: server.id });
    await waitFor(async () => (running(helperPid) ? undefined : true));
    expect(running(helperPid)).toBe(false);
  });
});
