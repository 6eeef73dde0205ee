import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseTrafficJsonl } from '../../shared/traffic-jsonl.js';
import { startHarness, type Harness } from './harness.js';
import { callTool, connectServer, fixtureServer, openDirectBridge, plantServers, type DirectBridge } from './traffic-helpers.js';

const FIXTURE = 'Fixture';
const IMPATIENT = 'Impatient';

describe('traffic: pairing, status, filters, detail, pause, export and import', () => {
  let harness: Harness;
  let bridge: DirectBridge;

  beforeAll(async () => {
    harness = await startHarness({
      viewport: { width: 1440, height: 1000 },
      prepareDataDir: plantServers([
        fixtureServer('fixture', FIXTURE, ['--stderr', 'fixture: ready on stdio']),
        // Calls to this one time out after 700 ms: the SDK cancels them with a timeout reason.
        fixtureServer('impatient', IMPATIENT, [], { timeouts: { timeoutMs: 700, resetTimeoutOnProgress: false, maxTotalTimeoutMs: 700 } }),
      ]),
    });
    await harness.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    bridge = await openDirectBridge(harness.page);
  });

  afterAll(async () => {
    bridge?.close();
    await harness?.close();
  });

  const traffic = () => harness.page.getByRole('region', { name: 'Traffic' });
  const filterBox = () => traffic().getByRole('combobox', { name: 'Filter traffic' });
  const bodyRows = () => traffic().getByRole('grid', { name: 'Traffic log' }).getByRole('row').filter({ hasNot: harness.page.getByRole('columnheader') });
  const rowsWith = (method: string) => bodyRows().filter({ has: harness.page.getByRole('gridcell', { name: method, exact: true }) });
  const cell = (row: Locator, column: number) => row.getByRole('gridcell').nth(column);
  /** Column order: #, Kind, Method, Name, Server, Status, ID, Size, Response, Latency, Time. */
  const NAME = 3;
  const SERVER = 4;
  const STATUS = 5;
  const LATENCY = 9;
  const filterTo = async (query: string) => {
    await filterBox().fill(query);
    await expect.poll(() => traffic().getByText(/ of [\d,]+ rows? shown$/).count()).toBe(query.trim() === '' ? 0 : 1);
  };
  const shownCount = async () => {
    const text = (await traffic().getByText(/^([\d,]+ of [\d,]+ rows? shown|[\d,]+ rows?)( · [\d,]+ dropped)?$/).textContent()) ?? '';
    return Number(/^([\d,]+)/.exec(text)![1]!.replaceAll(',', ''));
  };

  test('a connected server shows initialize paired with its response, OK, with latency', async () => {
    await connectServer(harness.page, FIXTURE);
    await connectServer(harness.page, IMPATIENT);
    const initialize = rowsWith('initialize').first();
    await initialize.waitFor();
    await expect.poll(() => cell(initialize, STATUS).textContent()).toBe('OK');
    expect(await cell(initialize, LATENCY).textContent()).toMatch(/^(<1 ms|\d+ ms|[\d.]+ s)$/);
    expect(await cell(initialize, 1).textContent()).toContain('request');
    // The response is folded into the request's row: no separate response rows.
    expect(await bodyRows().filter({ hasText: /^\d+response/ }).count()).toBe(0);
  });

  test('a tool call shows pending with a running timer, then OK', async () => {
    // Long enough for a loaded machine to render the timer ticking before the call ends.
    const call = callTool(bridge, 'fixture', 'slow', { ms: 6000 });
    await filterTo('method:tools/call is:pending');
    const pending = rowsWith('tools/call').first();
    await expect.poll(() => cell(pending, STATUS).textContent()).toMatch(/^pending /);
    const first = await cell(pending, STATUS).textContent();
    await expect.poll(() => cell(pending, STATUS).textContent(), { timeout: 5_000 }).not.toBe(first);
    await call;
    await expect.poll(() => rowsWith('tools/call').count()).toBe(0);
    await filterTo('');
  });

  test('errors show their code, and is:error finds them', async () => {
    await bridge.invoke('prompts.get', { serverId: 'fixture', name: 'semem-summarize', arguments: { topic: 'memory' } });
    await callTool(bridge, 'fixture', 'no-such-tool');
    await filterTo('is:error');
    await expect.poll(shownCount).toBe(2);
    await expect.poll(() => bodyRows().count()).toBe(2);
    // The probe each connection starts with (server/discover, answered -32601 by this 2025 server) is
    // the fallback working, not an error: is:error leaves it out and is:probe finds it (issue 24).
    expect(await rowsWith('server/discover').count()).toBe(0);
    expect(await cell(rowsWith('prompts/get'), STATUS).textContent()).toBe('error -32603');
    expect(await cell(rowsWith('tools/call'), STATUS).textContent()).toBe('error -32602');
    await filterTo('is:probe');
    await expect.poll(() => rowsWith('server/discover').count()).toBe(2);
    expect(await cell(rowsWith('server/discover').first(), STATUS).textContent()).toBe('probe: 2025 server');
    await filterTo('');
  });

  test('cancelled and timed-out calls are marked as such', async () => {
    const cancelled = callTool(bridge, 'fixture', 'slow', { ms: 5000 }, 'cancel-me');
    await filterTo('method:tools/call is:pending server:fixture');
    await rowsWith('tools/call').first().waitFor();
    await bridge.invoke('calls.cancel', { callId: 'cancel-me' });
    await cancelled;
    await callTool(bridge, 'impatient', 'slow', { ms: 5000 });
    await filterTo('is:cancelled');
    await expect.poll(() => cell(rowsWith('tools/call').first(), STATUS).textContent()).toBe('cancelled');
    await filterTo('is:timeout');
    await expect.poll(() => cell(rowsWith('tools/call').first(), STATUS).textContent()).toBe('timed out');
    expect(await cell(rowsWith('tools/call').first(), SERVER).textContent()).toBe(IMPATIENT);
    // The Name column says what was called.
    expect(await cell(rowsWith('tools/call').first(), NAME).textContent()).toBe('slow');
    await filterTo('');
  });

  test('filters: method:, server:, dir:, kind:, larger-than:, negation, regex and invert', async () => {
    await callTool(bridge, 'fixture', 'echo', { message: 'needle-in-the-haystack' });
    await callTool(bridge, 'fixture', 'big', { mb: 0.05 });
    await callTool(bridge, 'fixture', 'batch-notify');

    // Seven calls so far: slow (OK), unknown tool (error), slow (cancelled), slow (timed out), echo, big, batch-notify.
    await filterTo('method:tools/call');
    await expect.poll(shownCount).toBe(7);
    expect(await rowsWith('tools/call').count()).toBe(7);

    await filterTo('method:tools/call server:impat');
    await expect.poll(shownCount).toBe(1);

    await filterTo('name:needle');
    await expect.poll(shownCount).toBe(0);
    await filterTo('name:echo');
    await expect.poll(shownCount).toBe(1);
    expect(await cell(bodyRows().first(), NAME).textContent()).toBe('echo');

    await filterTo('dir:in');
    await expect.poll(shownCount).toBeGreaterThanOrEqual(3);
    for (const kind of await bodyRows().evaluateAll((rows) => rows.map((row) => row.children[1]?.textContent ?? ''))) {
      expect(kind).toMatch(/notification|stderr|server request|response|error|malformed|batch/);
    }

    await filterTo('kind:notification method:notifications/message');
    await expect.poll(shownCount).toBe(2);

    await filterTo('larger-than:10k');
    await expect.poll(shownCount).toBe(1);
    expect(await cell(bodyRows().first(), 2).textContent()).toBe('tools/call');

    // Less the big one and the unknown tool's error.
    await filterTo('method:tools/call -larger-than:10k -is:error');
    await expect.poll(shownCount).toBe(5);

    await filterTo('/needle-in-the-(hay|straw)stack/');
    await expect.poll(shownCount).toBe(1);
    await filterTo('needle-IN-the-haystack');
    await expect.poll(shownCount).toBe(1);

    const total = Number(/of ([\d,]+)/.exec((await traffic().getByText(/ of [\d,]+ rows? shown$/).textContent()) ?? '')![1]!.replaceAll(',', ''));
    await traffic().getByRole('checkbox', { name: 'Invert' }).check();
    await expect.poll(shownCount).toBe(total - 1);
    await traffic().getByRole('checkbox', { name: 'Invert' }).uncheck();

    // A term that cannot be used is reported, and filters nothing.
    await filterBox().fill('is:sideways');
    await traffic().getByText('Unknown status "sideways"', { exact: false }).waitFor();
    expect(await filterBox().getAttribute('aria-invalid')).toBe('true');
    await filterTo('');
  });

  test('the detail shows request and response side by side, with a jump link and Copy as JSON-RPC', async () => {
    await filterTo('needle-in-the-haystack');
    await rowsWith('tools/call').first().click();
    const detail = traffic().getByRole('region', { name: 'Message detail' });
    const request = detail.getByRole('region', { name: 'Request', exact: true });
    const response = detail.getByRole('region', { name: 'Response', exact: true });
    await response.waitFor();
    const requestBox = (await request.boundingBox())!;
    const responseBox = (await response.boundingBox())!;
    expect(responseBox.x).toBeGreaterThan(requestBox.x + requestBox.width - 2);
    expect(Math.abs(responseBox.y - requestBox.y)).toBeLessThan(2);

    // Each half is a JSON tree first; Raw shows the message as it was on the wire.
    await response.getByRole('tree', { name: 'Response JSON tree' }).getByRole('treeitem').first().waitFor();
    await harness.screenshot('traffic-detail');
    await request.getByRole('button', { name: 'Raw' }).click();
    await response.getByRole('button', { name: 'Raw' }).click();
    const requestJson = JSON.parse((await request.getByLabel('Request raw text').textContent()) ?? '') as { method: string; params: unknown };
    expect(requestJson).toMatchObject({ method: 'tools/call', params: { name: 'echo', arguments: { message: 'needle-in-the-haystack' } } });
    const responseJson = JSON.parse((await response.getByLabel('Response raw text').textContent()) ?? '') as { result: unknown };
    expect(JSON.stringify(responseJson.result)).toContain('Echo: needle-in-the-haystack');
    expect(await detail.textContent()).toContain('Response after');

    await request.getByRole('button', { name: 'Jump to response →' }).click();
    await expect.poll(() => response.evaluate((element) => element.matches(':focus'))).toBe(true);
    await response.getByRole('button', { name: '← Jump to request' }).click();
    await expect.poll(() => request.evaluate((element) => element.matches(':focus'))).toBe(true);

    const raw = (await response.getByLabel('Response raw text').textContent()) ?? '';
    expect(raw).not.toContain('\n');
    await response.getByRole('button', { name: 'Copy response as JSON-RPC' }).click();
    await response.getByText('Copied').waitFor();
    expect(await harness.page.evaluate<string>('navigator.clipboard.readText()')).toBe(raw);
    await filterTo('');
  });

  test('a message too large to arrive inline is fetched whole for the detail', async () => {
    await callTool(bridge, 'fixture', 'big', { mb: 0.4 });
    await filterTo('larger-than:300k');
    await rowsWith('tools/call').click();
    const response = traffic().getByRole('region', { name: 'Message detail' }).getByRole('region', { name: 'Response', exact: true });
    await response.getByRole('button', { name: 'Raw' }).click();
    // The whole message (about 0.4 MiB), not the 4 KB preview the table holds; long text shows its start first.
    await response.getByRole('button', { name: 'Show all' }).click();
    const whole = JSON.parse((await response.getByLabel('Response raw text').textContent()) ?? '') as { result: { content: Array<{ text: string }> } };
    expect(whole.result.content[0]!.text.length).toBeGreaterThan(400_000);
    await response.getByRole('button', { name: 'Tree' }).click();
    await response.getByRole('tree', { name: 'Response JSON tree' }).getByRole('treeitem').first().waitFor();
    await traffic().getByRole('button', { name: 'Close detail' }).click();
    await filterTo('');
  });

  test('Raw shows a reply exactly as the server wrote it, and the tree keeps its numbers as written', async () => {
    await callTool(bridge, 'fixture', 'exact-numbers');
    await filterTo('exact-numbers');
    await rowsWith('tools/call').first().click();
    const response = traffic().getByRole('region', { name: 'Message detail' }).getByRole('region', { name: 'Response', exact: true });
    const tree = response.getByRole('tree', { name: 'Response JSON tree' });
    await tree.getByRole('treeitem').first().waitFor();
    await expect.poll(() => tree.textContent()).toContain('big: 12345678901234567890');
    expect(await tree.textContent()).toContain('ratio: 1.0');
    await response.getByRole('note').filter({ hasText: 'gives the key “twice” more than once in one object' }).waitFor();
    await harness.screenshot('traffic-exact-numbers');
    await response.getByRole('button', { name: 'Raw', exact: true }).click();
    const raw = (await response.getByLabel('Response raw text').textContent()) ?? '';
    expect(raw).toContain('"structuredContent":{"ratio":1.0,"big":12345678901234567890,"twice":"first","twice":"second"}');
    await traffic().getByRole('button', { name: 'Close detail' }).click();
    await filterTo('');
  });

  test('screenshots of the log and the detail, light and dark', async () => {
    const page = harness.page;
    // A taller traffic panel, as someone reading the log would make it.
    const splitter = page.getByRole('separator', { name: 'Resize traffic panel' });
    await splitter.focus();
    for (let step = 0; step < 5; step++) await page.keyboard.press('Shift+ArrowUp');
    await filterTo('');
    const jump = traffic().getByRole('button', { name: '↓ Jump to newest' });
    if (await jump.count()) await jump.click();
    await rowsWith('prompts/get').click();
    await traffic().getByRole('button', { name: 'Close detail' }).click();
    await harness.screenshot('traffic');
    await page.emulateMedia({ colorScheme: 'dark' });
    await harness.screenshot('traffic-dark');
    await filterTo('needle-in-the-haystack');
    await rowsWith('tools/call').first().click();
    const detail = traffic().getByRole('region', { name: 'Message detail' });
    for (const half of ['Request', 'Response']) await detail.getByRole('region', { name: half, exact: true }).getByRole('button', { name: 'Tree' }).click();
    await detail.getByRole('tree', { name: 'Response JSON tree' }).getByRole('treeitem').first().waitFor();
    await harness.screenshot('traffic-detail-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await filterTo('');
  });

  test('keyboard: arrows move the selection, Enter opens the detail, Escape closes it', async () => {
    const page = harness.page;
    const detail = traffic().getByRole('region', { name: 'Message detail' });
    const selected = traffic().getByRole('row', { selected: true });
    await selected.focus();
    const before = Number(await cell(selected, 0).textContent());
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => Number(await cell(selected, 0).textContent())).toBeLessThan(before);
    await expect.poll(() => selected.evaluate((element) => element.matches(':focus'))).toBe(true);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await detail.waitFor();
    expect(await detail.textContent()).toContain(`#${before}`);
  });

  test('pause stops recording and says so; resume records again', async () => {
    const before = await shownCount();
    await traffic().getByRole('button', { name: 'Pause recording' }).click();
    await traffic().getByText('Recording is paused.').waitFor();
    await bridge.invoke('ping.send', { serverId: 'fixture' });
    expect(await shownCount()).toBe(before);
    await traffic().getByRole('button', { name: 'Resume recording' }).first().click();
    await traffic().getByText('Recording is paused.').waitFor({ state: 'detached' });
    await bridge.invoke('ping.send', { serverId: 'fixture' });
    // Entries reach the window in the order they were recorded: once the second ping's row is
    // there, a row for the first (sent while paused) would have come before it.
    await expect.poll(shownCount).toBeGreaterThan(before);
    expect(await shownCount()).toBe(before + 1);
  });

  test('preserve log off hides a server’s earlier connection once it reconnects', async () => {
    const page = harness.page;
    const item = page.getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: IMPATIENT });
    const initializeRows = () => rowsWith('initialize').filter({ hasText: IMPATIENT }).count();
    await filterTo('server:impatient method:initialize');
    await expect.poll(initializeRows).toBe(1);
    const firstSeq = Number(await cell(rowsWith('initialize').first(), 0).textContent());
    await traffic().getByRole('checkbox', { name: 'Preserve log' }).uncheck();
    // Nothing is hidden until the server reconnects: its only connection is its latest.
    await expect.poll(initializeRows).toBe(1);
    await item.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await connectServer(page, IMPATIENT);
    // Only the new connection's initialize is shown.
    await expect.poll(async () => Number(await cell(rowsWith('initialize').first(), 0).textContent())).toBeGreaterThan(firstSeq);
    expect(await initializeRows()).toBe(1);
    await traffic().getByRole('checkbox', { name: 'Preserve log' }).check();
    await expect.poll(initializeRows).toBe(2);
    await filterTo('');
  });

  test('export the filtered rows, then import the file: an offline, read-only session', async () => {
    const page = harness.page;
    await filterTo('method:tools/call');
    const shown = await shownCount();
    await traffic().getByRole('button', { name: 'Export ▾' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      traffic().getByRole('menuitem', { name: /^Visible rows/ }).click(),
    ]);
    const exported = path.join(harness.dataDir, 'exported.jsonl');
    await download.saveAs(exported);
    const parsed = parseTrafficJsonl(await readFile(exported, 'utf8'));
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries.filter((entry) => entry.kind === 'request')).toHaveLength(shown);
    expect(parsed.entries.every((entry) => entry.method === 'tools/call')).toBe(true);

    // A damaged copy: one broken line in the middle.
    const lines = (await readFile(exported, 'utf8')).trimEnd().split('\n');
    const damaged = path.join(harness.dataDir, 'damaged.jsonl');
    await writeFile(damaged, [lines[0], '{ not json', ...lines.slice(1)].join('\n'));
    await filterTo('');
    await traffic().getByLabel('Import traffic file').setInputFiles(damaged);
    const banner = traffic().getByRole('status', { name: 'Imported traffic' });
    await banner.getByText('damaged.jsonl').waitFor();
    await banner.getByText(`${parsed.entries.length} entries`, { exact: false }).waitFor();
    await expect.poll(shownCount).toBe(shown);
    await banner.getByText('1 line could not be read').click();
    await banner.getByText('Line 2: not JSON', { exact: false }).waitFor();
    // Read-only: no recording or clearing controls while the file is shown.
    expect(await traffic().getByRole('button', { name: 'Clear traffic' }).count()).toBe(0);
    await rowsWith('tools/call').first().click();
    await traffic().getByRole('region', { name: 'Message detail' }).getByRole('region', { name: 'Response', exact: true }).waitFor();

    await banner.getByRole('button', { name: 'Back to live traffic' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await shownCount()).toBeGreaterThan(shown);
  });

  test('the filter syntax help closes on Escape and on a click elsewhere', async () => {
    const help = traffic().getByRole('button', { name: 'Filter syntax' });
    const syntax = traffic().getByText('regular expression over the whole message');
    await help.click();
    await syntax.waitFor();
    await harness.page.keyboard.press('Escape');
    await syntax.waitFor({ state: 'detached' });
    expect(await help.getAttribute('aria-expanded')).toBe('false');
    await help.click();
    await syntax.waitFor();
    await harness.page.getByRole('region', { name: 'Servers' }).click({ position: { x: 5, y: 5 } });
    await syntax.waitFor({ state: 'detached' });
  });

  test('clear empties the log', async () => {
    await traffic().getByRole('button', { name: 'Clear traffic' }).click();
    await expect.poll(shownCount).toBe(0);
    await traffic().getByText('No traffic since the log was cleared.', { exact: false }).waitFor();
    await bridge.invoke('ping.send', { serverId: 'fixture' });
    await expect.poll(shownCount).toBe(1);
    expect(harness.pageErrors).toEqual([]);
  });
});
