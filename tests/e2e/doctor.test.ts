/**
 * The connection doctor (issue 39, item 1) in the window: a server that fails to connect offers
 * Diagnose next to its failure sentence, and the report shows the failing check with its fix.
 * Screenshots at 1366×768 of three broken servers go to DOCTOR_SHOTS when it is set.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEverythingHttp } from '../core/helpers.js';
import { startHarness, type Harness } from './harness.js';
import { fixtureServer, plantServers, serverItem } from './tools-helpers.js';

const SHOTS = process.env.DOCTOR_SHOTS;

describe('Diagnose', () => {
  let harness: Harness;
  let sse: Awaited<ReturnType<typeof startEverythingHttp>>;

  beforeAll(async () => {
    sse = await startEverythingHttp('sse');
    harness = await startHarness({
      viewport: { width: 1366, height: 768 },
      prepareDataDir: plantServers(() => [
        { name: 'Missing command', transport: { type: 'stdio', command: 'loupe-no-such-command', args: ['--stdio'], env: [] } },
        fixtureServer('Exits early', ['--exit-before-initialize', '2']),
        { name: 'Wrong path', transport: { type: 'streamable-http', url: `http://127.0.0.1:${sse.port}/mcp`, headers: [] } },
      ]),
    });
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });

  afterAll(async () => {
    await harness?.close();
    sse?.stop();
  });

  /** Connects the server, waits for the failure, opens Diagnose beside it; returns the dialog with the report shown. */
  async function diagnoseFailed(page: Page, name: string) {
    const item = serverItem(page, name);
    await item.getByRole('button', { name, exact: true }).click();
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByRole('button', { name: `Diagnose why “${name}” did not connect` }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: `Diagnose “${name}”` });
    await dialog.getByRole('status').getByText(/check(s)? failed/).waitFor({ timeout: 30_000 });
    return dialog;
  }

  async function shoot(page: Page, name: string) {
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  }

  test('a command not on PATH: the failing check, its fix and the command to copy', async () => {
    const page = harness.page;
    const dialog = await diagnoseFailed(page, 'Missing command');
    const found = dialog.getByRole('listitem', { name: 'Failed: The command is found' });
    await found.getByText(/"loupe-no-such-command" is not in any of the \d+ folders/).waitFor();
    await found.getByText(/Install it, or put its full path in the server's command/).waitFor();
    expect(await found.getByRole('button', { name: 'Copy the command for “The command is found”' }).count()).toBe(1);
    await dialog.getByRole('listitem', { name: 'Skipped: It starts' }).waitFor();
    await shoot(page, 'missing-command');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('a server that exits: stays-up fails, and its stderr is shown', async () => {
    const page = harness.page;
    const dialog = await diagnoseFailed(page, 'Exits early');
    await dialog.getByRole('listitem', { name: 'Failed: It stays up until it answers initialize' }).getByText('The process exited with code 2 before answering initialize.').waitFor();
    const stderr = dialog.getByRole('listitem', { name: 'Failed: stderr' });
    expect(await stderr.getByLabel('What “stderr” quotes').textContent()).toContain('Error: FIXTURE_API_KEY is not set (simulated start-up failure)');
    await shoot(page, 'exits-early');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('an HTTP server on the wrong path: the doctor finds /sse and says what to set', async () => {
    const page = harness.page;
    const dialog = await diagnoseFailed(page, 'Wrong path');
    const endpoint = dialog.getByRole('listitem', { name: 'Failed: The MCP endpoint is at this path' });
    await endpoint.getByText(`Set the server's URL to http://127.0.0.1:${sse.port}/sse and its transport to SSE.`).waitFor();
    await dialog.getByRole('listitem', { name: 'Passed: TCP connect' }).waitFor();
    await shoot(page, 'wrong-path');
    expect(harness.pageErrors).toEqual([]);
  });
});
