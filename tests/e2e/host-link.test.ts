import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';

const CLI = fileURLToPath(new URL('../../dist/main/host/cli.js', import.meta.url));

/** Another Loupe host, with a data folder (and so a session secret) of its own, on `port`. */
async function startOtherHost(port: number): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-other-'));
  const child = spawn(process.execPath, [CLI, '--port', String(port), '--no-open', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BROWSER: 'none' } });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('http://')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`The other host exited (${code}):\n${output}`)));
  });
  return { child, dataDir };
}

describe('browser mode when the host goes away', () => {
  let harness: Harness;
  let other: { child: ChildProcess; dataDir: string } | undefined;

  beforeAll(async () => {
    harness = await startHarness();
  });

  afterAll(async () => {
    other?.child.kill('SIGKILL');
    if (other) await rm(other.dataDir, { recursive: true, force: true });
    await harness?.close();
  });

  test('a banner says the connection was lost and why, connections read as unknown, and actions fail with that reason', async () => {
    const page = harness.page;
    const servers = page.getByRole('region', { name: 'Servers' });
    const item = servers.getByRole('listitem', { name: 'Everything (demo)' });
    await item.waitFor();
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Lost connection to the Loupe host').count()).toBe(0);

    await harness.killHost();
    // The banner, not a server card's own alert, which may say the same at the same moment.
    const banner = page.getByRole('alert').filter({ hasText: 'Lost connection to the Loupe host' }).filter({ has: page.getByRole('button', { name: 'Retry now' }) });
    await banner.waitFor();
    // The card cannot vouch for a connection it no longer hears about (issue 24).
    await item.getByText('Unknown (offline)', { exact: true }).waitFor();
    expect(await item.getByText('Connected', { exact: true }).count()).toBe(0);
    await item.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await item.getByRole('alert').filter({ hasText: 'Lost connection to the Loupe host' }).waitFor();
    // After a failed retry the tab asks its address, and says what it found there.
    await banner.getByText(/^Nothing answers at this address: Loupe has stopped, or started again on another port\./).waitFor({ timeout: 30_000 });
    await harness.screenshot('host-lost');
  });

  test('a host with another session on the same address: the tab says to open the new link', async () => {
    const page = harness.page;
    other = await startOtherHost(Number(new URL(harness.url).port));
    const banner = page.getByRole('alert').filter({ hasText: 'Lost connection to the Loupe host' });
    await banner.getByText(/^Loupe answers at this address but no longer knows this tab .*: open the new link it printed\.$/).waitFor({ timeout: 40_000 });
    await harness.screenshot('host-lost-new-session');
  });
});
