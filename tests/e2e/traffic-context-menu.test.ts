import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness.js';
import { callTool, connectServer, fixtureServer, openDirectBridge, plantServers, type DirectBridge } from './traffic-helpers.js';

const FIXTURE = 'Fixture';

describe('traffic: the row context menu (copy, replay, edit and replay, filter)', () => {
  let harness: Harness;
  let bridge: DirectBridge;
  let echoSeq: number;

  beforeAll(async () => {
    harness = await startHarness({ prepareDataDir: plantServers([fixtureServer('fixture', FIXTURE)]) });
    await harness.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    bridge = await openDirectBridge(harness.page);
    await connectServer(harness.page, FIXTURE);
    echoSeq = (await callTool(bridge, 'fixture', 'echo', { message: 'original' })).requestSeq!;
  });

  afterAll(async () => {
    bridge?.close();
    await harness?.close();
  });

  const traffic = () => harness.page.getByRole('region', { name: 'Traffic' });
  const grid = () => traffic().getByRole('grid', { name: 'Traffic log' });
  const rowOf = (seq: number) => grid().getByRole('row').filter({ has: harness.page.getByRole('gridcell', { name: String(seq), exact: true }) }).first();
  const menu = () => harness.page.getByRole('menu', { name: `Actions for row ${echoSeq}` });

  test('right-click opens the menu on the row; Escape closes it and focus goes back to the row', async () => {
    await rowOf(echoSeq).click({ button: 'right' });
    await menu().waitFor();
    const items = await menu().getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Copy request', 'Copy response', 'Copy request and response', 'Replay', 'Edit and replay…', 'Only tools/call', `Only ${FIXTURE}`, 'Save as JSON Lines', 'Save as request…']);
    await harness.screenshot('traffic-row-menu');
    await harness.page.keyboard.press('Escape');
    await menu().waitFor({ state: 'detached' });
    await expect.poll(() => rowOf(echoSeq).evaluate((row) => row === document.activeElement)).toBe(true);
  });

  test('Shift+F10 opens it from the keyboard, and Copy request copies the request as sent', async () => {
    await rowOf(echoSeq).focus();
    await harness.page.keyboard.press('Shift+F10');
    await menu().waitFor();
    await expect.poll(() => menu().getByRole('menuitem', { name: 'Copy request', exact: true }).evaluate((item) => item === document.activeElement)).toBe(true);
    await harness.page.keyboard.press('Enter');
    await traffic().getByRole('status').filter({ hasText: `Copied the request of #${echoSeq}.` }).waitFor();
    const copied = JSON.parse(await harness.page.evaluate(() => navigator.clipboard.readText())) as { method: string; params: { arguments: unknown } };
    expect(copied.method).toBe('tools/call');
    expect(copied.params.arguments).toEqual({ message: 'original' });
  });

  test('Replay sends it again: a new row, selected, whose detail links back to the original', async () => {
    await rowOf(echoSeq).click({ button: 'right' });
    await menu().getByRole('menuitem', { name: 'Replay', exact: true }).click();
    const notice = traffic().getByRole('status').filter({ hasText: `Replayed #${echoSeq} as #` });
    await notice.waitFor();
    const newSeq = Number(/as #(\d+)/.exec((await notice.textContent()) ?? '')![1]);
    expect(newSeq).toBeGreaterThan(echoSeq);
    const detail = traffic().getByRole('region', { name: 'Message detail' });
    await detail.getByRole('button', { name: `Request #${echoSeq}` }).waitFor();
    await detail.getByText('"Echo: original"').first().waitFor();
    // The notice goes after a while instead of staying for the whole session (issue 24).
    await notice.waitFor({ state: 'detached', timeout: 20_000 });
  });

  test('Edit and replay sends the edited params', async () => {
    await rowOf(echoSeq).click({ button: 'right' });
    await menu().getByRole('menuitem', { name: 'Edit and replay…' }).click();
    const dialog = harness.page.getByRole('dialog', { name: `Edit and replay #${echoSeq} · tools/call` });
    const editor = dialog.getByRole('textbox', { name: 'Params' });
    await editor.waitFor();
    expect(await editor.textContent()).toContain('"original"');
    await editor.click();
    await harness.page.keyboard.press('ControlOrMeta+a');
    await harness.page.keyboard.insertText('{"name": "echo", "arguments": {"message": "edited"}}');
    await harness.screenshot('traffic-edit-and-replay');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const detail = traffic().getByRole('region', { name: 'Message detail' });
    await detail.getByText('"Echo: edited"').first().waitFor();
    await detail.getByRole('button', { name: `Request #${echoSeq}` }).waitFor();
  });

  test('Only tools/call filters the log to that method', async () => {
    await rowOf(echoSeq).click({ button: 'right' });
    await menu().getByRole('menuitem', { name: 'Only tools/call' }).click();
    expect(await traffic().getByRole('combobox', { name: 'Filter traffic' }).inputValue()).toBe('method:tools/call');
    await expect.poll(() => traffic().getByText(/^3 of [\d,]+ rows shown$/).count()).toBe(1);
    expect(harness.pageErrors).toEqual([]);
  });
});
