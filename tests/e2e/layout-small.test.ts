import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startHarness, type Harness } from './harness.js';

const DEMO_SERVER = 'Everything (demo)';

/** The part of a locator's box inside the window, in pixels (0 when it is off screen). */
async function visibleHeight(page: Page, locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  if (!box) return 0;
  return Math.max(0, Math.min(box.y + box.height, viewport.height) - Math.max(box.y, 0));
}

describe('layout at 1366×768: the tool list, a new result and the traffic rows are all on screen', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ viewport: { width: 1366, height: 768 } });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('running a tool brings its result into view', async () => {
    const { page } = harness;
    const item = page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: DEMO_SERVER });
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    const tools = page.getByRole('region', { name: 'Tools' });
    await tools.getByRole('option', { name: 'get-env', exact: true }).click();
    await tools.getByRole('button', { name: 'Run tool' }).click();
    const result = tools.getByRole('region', { name: 'Result' });
    await result.getByText('Success', { exact: false }).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => visibleHeight(page, result)).toBeGreaterThan(80);
    // The tool list and several traffic rows stay visible too.
    expect(await visibleHeight(page, tools.getByRole('listbox').first())).toBeGreaterThan(120);
    const rows = page.getByRole('region', { name: 'Traffic' }).getByRole('grid', { name: 'Traffic log' }).getByRole('row');
    expect(await visibleHeight(page, rows.nth(4))).toBeGreaterThan(10);
    await harness.screenshot('layout-1366x768-result');
    // On a short window the server's details start folded, and unfold on request.
    const details = page.getByRole('region', { name: 'Server details' });
    const toggle = details.getByRole('button', { name: 'Show details' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await details.getByText('Capabilities').count()).toBe(0);
    await toggle.click();
    await details.getByText('Capabilities').first().waitFor();
    await details.getByRole('button', { name: 'Hide details' }).click();
    // The result reads as separate facts to a screen reader.
    const header = await result.locator('header').innerText();
    expect(header).not.toMatch(/\d(ms|s)\d/);
    const spoken = await result.locator('header').evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return copy.textContent;
    });
    expect(spoken).toMatch(/Success\. took [\d.]+ m?s, response [\d.]+ K?B, id \d+, started at \d\d:/);
  });
});

describe('layout at 1366×768 with the Approvals panel open', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ viewport: { width: 1366, height: 768 } });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('the tool list, the tool detail and the approvals all keep a usable width; a traffic detail leaves the grid room', async () => {
    const { page } = harness;
    const item = page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: DEMO_SERVER });
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    const tools = page.getByRole('region', { name: 'Tools' });
    await tools.getByRole('option', { name: 'echo', exact: true }).click();
    await page.getByRole('button', { name: /^Approvals/ }).click();
    const approvals = page.getByRole('region', { name: /^Approvals/ });
    await approvals.waitFor();

    const width = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;
    expect(await width(tools.getByRole('listbox').first())).toBeGreaterThanOrEqual(200);
    expect(await width(tools.getByRole('region', { name: 'Tool echo' }))).toBeGreaterThanOrEqual(380);
    expect(await width(approvals)).toBeGreaterThanOrEqual(380);

    const traffic = page.getByRole('region', { name: 'Traffic' });
    await traffic.getByRole('grid', { name: 'Traffic log' }).getByRole('row').nth(2).click();
    await traffic.getByRole('region', { name: 'Message detail' }).waitFor();
    expect(await width(traffic.getByRole('grid', { name: 'Traffic log' }))).toBeGreaterThanOrEqual(330);
    await harness.screenshot('layout-1366x768-approvals');
    await expectRoomyLayout(page);
  });
});

/**
 * With the Approvals panel open the room comes out of the main area, not the server list; an
 * open message detail gets room to read; the splitters show a grip.
 */
async function expectRoomyLayout(page: Page): Promise<void> {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const sidebarBox = (await sidebar.boundingBox())!;
  expect(sidebarBox.width).toBeGreaterThanOrEqual(280);
  const addBox = (await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: 'Add server' }).boundingBox())!;
  expect(addBox.x + addBox.width).toBeLessThanOrEqual(sidebarBox.x + sidebarBox.width);
  expect(await sidebar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  const detail = page.getByRole('region', { name: 'Traffic' }).getByRole('region', { name: 'Message detail' });
  await expect.poll(async () => (await detail.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(200);
  for (const name of ['Resize traffic panel', 'Resize message detail']) {
    const grip = await page.getByRole('separator', { name }).evaluate((element) => {
      const style = getComputedStyle(element, '::before');
      return { background: style.backgroundColor, size: Math.max(parseFloat(style.width), parseFloat(style.height)) };
    });
    expect(grip.background, name).not.toBe('rgba(0, 0, 0, 0)');
    expect(grip.size, name).toBeGreaterThanOrEqual(20);
  }
}

describe('layout at 1920×1080 with the Approvals panel and a message detail open', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ viewport: { width: 1920, height: 1080 } });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('the server list keeps its width and the detail its room', async () => {
    const { page } = harness;
    const item = page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: DEMO_SERVER });
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Approvals/ }).click();
    await page.getByRole('region', { name: /^Approvals/ }).waitFor();
    const traffic = page.getByRole('region', { name: 'Traffic' });
    await traffic.getByRole('grid', { name: 'Traffic log' }).getByRole('row').nth(2).click();
    await traffic.getByRole('region', { name: 'Message detail' }).waitFor();
    await expectRoomyLayout(page);
    await harness.screenshot('layout-1920x1080-approvals');
  });
});

describe('layout at 1366×768: a message detail has room and gives it back, and the log keeps its Name column', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ viewport: { width: 1366, height: 768 } });
  });

  afterAll(async () => {
    await harness?.close();
  });

  test('opening a row’s detail makes the traffic panel tall enough to read it, and closing gives the room back (issue 24)', async () => {
    const { page } = harness;
    const item = page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: DEMO_SERVER });
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    const traffic = page.getByRole('region', { name: 'Traffic' });
    const splitter = page.getByRole('separator', { name: 'Resize traffic panel' });
    const heightBefore = Number(await splitter.getAttribute('aria-valuenow'));

    const grid = traffic.getByRole('grid', { name: 'Traffic log' });
    await grid.getByRole('row').filter({ hasText: 'initialize' }).first().click();
    const detail = traffic.getByRole('button', { name: 'Close detail' });
    await detail.waitFor();
    await expect.poll(async () => Number(await splitter.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(360);
    expect(await grid.getByRole('columnheader', { name: 'Name' }).isVisible()).toBe(true);
    await harness.screenshot('layout-1366x768-detail');

    await detail.click();
    await expect.poll(async () => Number(await splitter.getAttribute('aria-valuenow'))).toBe(heightBefore);

  });
});
