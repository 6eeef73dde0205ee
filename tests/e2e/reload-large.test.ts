/**
 * Reloading the window with large entries in the log: the log comes back in pages, and no message
 * over the page limit crosses the bridge (large messages come as previews, fetched whole on demand).
 */
import { describe, expect, test } from 'vitest';
import { TRAFFIC_PAGE_BYTES } from '../../shared/traffic.js';
import { callTool, connectServer, withFixtureWindow } from './traffic-helpers.js';

describe('reload with large entries in the log', () => {
  const fixture = withFixtureWindow();

  test('the whole log comes back and no bridge message is larger than a page', async () => {
    const harness = fixture.harness();
    const bridge = fixture.bridge();
    const page = harness.page;
    await connectServer(page, 'Fixture');
    // Three replies of 2 MiB (previews in a page) and ten of 0.2 MiB (whole, 4 MiB with their raw text).
    for (let index = 0; index < 3; index++) expect((await callTool(bridge, 'fixture', 'big', { mb: 2 })).failure).toBeUndefined();
    for (let index = 0; index < 10; index++) expect((await callTool(bridge, 'fixture', 'big', { mb: 0.2 })).failure).toBeUndefined();
    const traffic = page.getByRole('region', { name: 'Traffic' });
    const rows = async () => Number(/^([\d,]+)/.exec((await traffic.getByText(/^[\d,]+ rows?/).textContent()) ?? '')?.[1]?.replaceAll(',', '') ?? 0);
    await expect.poll(rows).toBeGreaterThan(13);
    const before = await rows();

    await page.addInitScript(() => {
      const record = { largest: 0 };
      (window as unknown as { __bridgeMessages: typeof record }).__bridgeMessages = record;
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          this.addEventListener('message', (event: MessageEvent) => {
            const size = typeof event.data === 'string' ? event.data.length : event.data instanceof ArrayBuffer ? event.data.byteLength : 0;
            record.largest = Math.max(record.largest, size);
          });
        }
      };
    });
    await page.reload();
    await expect.poll(rows, { timeout: 30_000 }).toBeGreaterThanOrEqual(before);
    const largest = await page.evaluate(() => (window as unknown as { __bridgeMessages: { largest: number } }).__bridgeMessages.largest);
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(TRAFFIC_PAGE_BYTES);
    expect(harness.pageErrors).toEqual([]);
  });
});
