import { describe, expect, test } from 'vitest';
import { callTool, connectServer, withFixtureWindow } from './traffic-helpers.js';
import { TRAFFIC_PAGE_BYTES } from '../../shared/traffic.js';

const FLOOD = 10_000;

describe('traffic: a server flooding 10,000 notifications keeps every row and the filter box', () => {
  const fixture = withFixtureWindow();

  const traffic = () => fixture.harness().page.getByRole('region', { name: 'Traffic' });
  const rowCount = async () => {
    const text = (await traffic().getByText(/^([\d,]+ of [\d,]+ rows? shown|[\d,]+ rows?)( · [\d,]+ dropped)?$/).textContent()) ?? '';
    return Number(/^([\d,]+)/.exec(text)![1]!.replaceAll(',', ''));
  };

  test('the filter box takes input during the flood, and every notification arrives', async () => {
    const page = fixture.harness().page;
    await connectServer(page, 'Fixture');

    const flood = callTool(fixture.bridge(), 'fixture', 'flood', { count: FLOOD });
    const filter = traffic().getByRole('combobox', { name: 'Filter traffic' });
    const typed = 'method:notifications/message';
    const started = performance.now();
    await filter.pressSequentially(typed, { delay: 15 });
    const typingMs = performance.now() - started;
    expect(await filter.inputValue()).toBe(typed);
    const outcome = await flood;
    expect(outcome.failure).toBeUndefined();

    await expect.poll(rowCount, { timeout: 30_000 }).toBe(FLOOD);
    await filter.fill('');
    await expect.poll(rowCount, { timeout: 30_000 }).toBeGreaterThan(FLOOD);
    await traffic().getByText('catching up…').waitFor({ state: 'detached' });

    // The newest rows are on screen: auto-scroll followed the flood.
    const grid = traffic().getByRole('grid', { name: 'Traffic log' });
    await expect.poll(() => grid.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight)).toBeLessThan(22);
    // bench/traffic-flood.js measures the longest main-thread task during a flood.
    console.log(`flood of ${FLOOD}: typing ${typed.length} characters took ${Math.round(typingMs)} ms`);
    await fixture.harness().screenshot('traffic-flood');
    expect(fixture.harness().pageErrors).toEqual([]);
  });

  test('scrolling up stops the auto-scroll; "Jump to newest" resumes it', async () => {
    const grid = traffic().getByRole('grid', { name: 'Traffic log' });
    await grid.evaluate((element) => {
      element.scrollTop = 0;
    });
    const jump = traffic().getByRole('button', { name: '↓ Jump to newest' });
    await jump.waitFor();
    await callTool(fixture.bridge(), 'fixture', 'flood', { count: 50 });
    await expect.poll(rowCount).toBeGreaterThan(FLOOD + 50);
    // Still at the top: the log did not pull the reader down.
    expect(await grid.evaluate((element) => element.scrollTop)).toBe(0);
    await jump.click();
    await jump.waitFor({ state: 'detached' });
    const atBottom = await grid.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
    expect(atBottom).toBeLessThan(22);
  });

  test('a smaller retention drops the oldest entries here and in the core, and says how many', async () => {
    const keep = traffic().getByRole('combobox', { name: 'Entries to keep' });
    expect(await keep.inputValue()).toBe('200000');
    await keep.selectOption('10000');
    await traffic().getByText(/· [\d,]+ dropped$/).waitFor();
    await expect.poll(rowCount).toBeLessThanOrEqual(10_000);
    const settings = await fixture.bridge().invoke('traffic.settings', {});
    expect(settings.maxEntries).toBe(10_000);
    // The core keeps 10,000 too, and hands them over in pages of at most TRAFFIC_PAGE_BYTES.
    let kept = 0;
    let dropped: number;
    let afterSeq: number | undefined;
    for (;;) {
      const page = await fixture.bridge().invoke('traffic.list', afterSeq === undefined ? {} : { afterSeq });
      expect(JSON.stringify(page).length).toBeLessThanOrEqual(TRAFFIC_PAGE_BYTES);
      kept += page.entries.length;
      dropped = page.dropped;
      afterSeq = page.entries.at(-1)?.seq;
      if (!page.more) break;
    }
    expect(kept).toBe(10_000);
    expect(dropped).toBeGreaterThan(0);
  });
});
