/**
 * The Collections tab's capability snapshots, secrets and run report, against the fixture server in
 * two versions (--surface v1 / v2: v2 removes a tool, makes an argument required, narrows a type…).
 * Two planted servers run the two versions side by side; the collection's own server takes the
 * version from its environment.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FIXTURE_SERVER_PATH } from '../fixtures/fixture-server-config.js';
import { startHarness, type Harness } from './harness.js';
import { fixtureServer, plantServers, serverItem } from './tools-helpers.js';

const SECRET_VALUE = 'very-secret-value-7f3a';

const COLLECTION = `loupe: 1
name: Fixture checks
servers:
  fixture:
    command: ${JSON.stringify(process.execPath)}
    args: [${JSON.stringify(FIXTURE_SERVER_PATH)}, --surface, "{{surface}}"]
    env:
      API_TOKEN: "{{secret:api-token}}"
environments:
  v1: { surface: v1 }
  v2: { surface: v2 }
`;

const WEATHER = `name: Weather in Paris
tool: weather
arguments: { city: Paris, units: c }
checks:
  - outcome: success
  - path: /structuredContent/temperature
    equals: 21
`;

const ADD = `name: Add
tool: add
arguments: { a: 2, b: 3 }
checks:
  - path: $.content[0].text
    equals: "5"
`;

describe('collections: capability snapshots, secrets and the run report, on the fixture v1 and v2', () => {
  let harness: Harness;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-surfaces-'));
    await writeFile(path.join(dir, 'collection.yaml'), COLLECTION);
    await writeFile(path.join(dir, 'weather.yaml'), WEATHER);
    await writeFile(path.join(dir, 'add.yaml'), ADD);
    harness = await startHarness({
      viewport: { width: 1366, height: 768 },
      prepareDataDir: plantServers(() => [fixtureServer('Fixture v1', ['--surface', 'v1']), fixtureServer('Fixture v2', ['--surface', 'v2'])]),
    });
  });

  afterAll(async () => {
    await harness?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const panel = () => harness.page.getByRole('region', { name: 'Collections', exact: true });
  const views = () => panel().getByRole('tablist', { name: 'Collection views' });
  const serverDetails = () => harness.page.getByRole('region', { name: 'Server details' });

  async function connect(name: string): Promise<void> {
    const item = serverItem(harness.page, name);
    await item.getByRole('button', { name, exact: true }).click();
    await item.getByRole('button', { name: 'Connect', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
  }

  async function showCollections(): Promise<Locator> {
    await harness.page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Collections', exact: true }).click();
    return panel();
  }

  test('saves a connected server’s capability snapshot into the collection and lists it', async () => {
    await connect('Fixture v1');
    const collections = await showCollections();
    await collections.getByRole('textbox', { name: 'Collection folder' }).fill(dir);
    await collections.getByRole('button', { name: 'Open', exact: true }).click();
    await collections.getByRole('heading', { name: 'Fixture checks' }).waitFor();
    await views().getByRole('tab', { name: 'Capability snapshots' }).click();
    const section = collections.getByRole('tabpanel', { name: 'Capability snapshots' });
    await section.getByText(/None yet/).waitFor();
    await section.getByRole('button', { name: 'Save capability snapshot…' }).click();
    const form = section.getByRole('form', { name: 'Save capability snapshot' });
    expect(await form.getByRole('combobox', { name: 'Server' }).inputValue()).not.toBe('');
    await form.getByRole('textbox', { name: 'Snapshot name' }).fill('fixture');
    await harness.screenshot('collections-surface-save');
    await form.getByRole('button', { name: 'Save snapshot' }).click();
    const listing = section.getByRole('list', { name: 'Capability snapshots' }).getByRole('listitem', { name: 'fixture' });
    await listing.waitFor();
    expect(await listing.innerText()).toMatch(/taken/);
    const saved = JSON.parse(await readFile(path.join(dir, 'surfaces', 'fixture.json'), 'utf8')) as { tools: Array<{ name: string }> };
    expect(saved.tools.map((tool) => tool.name)).toContain('legacy-report');
  });

  test('server details say the v1 server matches the snapshot, and the v2 server changed since it, by class', async () => {
    await expect.poll(() => serverDetails().getByRole('region', { name: 'Capability snapshot' }).innerText(), { timeout: 30_000 }).toMatch(/Matches the snapshot/);

    await connect('Fixture v2');
    const status = serverDetails().getByRole('region', { name: 'Capability snapshot' });
    await status.getByText('Changed since the snapshot').waitFor({ timeout: 30_000 });
    expect(await status.innerText()).toMatch(/[1-9]\d* breaking, [1-9]\d* additive, [1-9]\d* cosmetic/);
    await harness.screenshot('collections-surface-changed-since');
    // With the details open, the same status (the snapshot named) is in them.
    await serverDetails().getByRole('button', { name: 'Show details' }).click();
    await expect.poll(() => serverDetails().getByRole('region', { name: 'Capability snapshot' }).innerText()).toMatch(/Changed since the snapshot\s*“fixture”: \d+ breaking/);
    await harness.screenshot('collections-surface-changed-since-details');
    await serverDetails().getByRole('button', { name: 'Hide details' }).click();

    await status.getByRole('button', { name: 'Open the diff' }).click();
    const diff = panel().getByRole('region', { name: /^Capability diff: snapshot fixture → Fixture v2 \(live\)/ });
    await diff.waitFor({ timeout: 30_000 });
    const breaking = diff.getByRole('list', { name: 'Breaking changes' });
    const breakingText = await breaking.innerText();
    expect(breakingText).toContain('The tool "legacy-report" was removed: clients that use it will fail.');
    expect(breakingText).toContain('The argument "units" of the tool "weather" is now required: calls without it will fail.');
    expect(breakingText).toContain('tool weather');
    expect(await diff.getByRole('list', { name: 'Additive changes' }).innerText()).toContain('The tool "forecast" is new.');
    expect(await diff.getByRole('list', { name: 'Cosmetic changes' }).innerText()).toContain('The description of the tool "weather" changed.');
    await harness.screenshot('collections-surface-diff');
  });

  test('Diff with live server on a saved snapshot, and two live servers compared', async () => {
    const section = panel().getByRole('tabpanel', { name: 'Capability snapshots' });
    // Fixture v2 is the selected server: the snapshot's row diffs with it.
    await section.getByRole('listitem', { name: 'fixture' }).getByRole('button', { name: 'Diff with live server' }).click();
    await panel().getByRole('region', { name: /^Capability diff: snapshot fixture → Fixture v2 \(live\)/ }).waitFor();

    const compare = section.getByRole('form', { name: 'Compare surfaces' });
    await compare.getByRole('combobox', { name: 'Before' }).selectOption({ label: 'Fixture v1 (live)' });
    await compare.getByRole('combobox', { name: 'After' }).selectOption({ label: 'Fixture v2 (live)' });
    await compare.getByRole('button', { name: 'Diff', exact: true }).click();
    const diff = panel().getByRole('region', { name: 'Capability diff: Fixture v1 (live) → Fixture v2 (live)' });
    expect(await diff.getByRole('list', { name: 'Breaking changes' }).innerText()).toContain('legacy-report');

    await compare.getByRole('combobox', { name: 'Before' }).selectOption({ label: 'Fixture v2 (live)' });
    await compare.getByRole('combobox', { name: 'After' }).selectOption({ label: 'Snapshot fixture' });
    await compare.getByRole('button', { name: 'Diff', exact: true }).click();
    const reverse = panel().getByRole('region', { name: 'Capability diff: Fixture v2 (live) → snapshot fixture' });
    // Backwards, the new tool is the one removed.
    expect(await reverse.getByRole('list', { name: 'Breaking changes' }).innerText()).toContain('The tool "forecast" was removed');
  });

  test('the secrets the collection names are listed, set through a masked field and cleared; the value never shows', async () => {
    const collections = await showCollections();
    await collections.getByRole('combobox', { name: 'Environment' }).selectOption('v1');
    // Without the secret, a request on the collection's server cannot run, and says why.
    await views().getByRole('tab', { name: 'Requests' }).click();
    await collections.getByRole('tree', { name: 'Requests' }).getByRole('treeitem', { name: 'Weather in Paris' }).click();
    const detail = collections.getByRole('region', { name: 'Request weather.yaml' });
    await detail.getByRole('button', { name: 'Run request' }).click();
    // The first run asks: the secret is named with the server it goes to.
    const ask = harness.page.getByRole('dialog', { name: 'Allow “Fixture checks” to run?' });
    const reads = ask.getByRole('region', { name: 'What it reads and where it sends it' }).getByRole('row');
    expect(await reads.nth(1).innerText()).toMatch(/^Secret api-token\s+fixture \(.*fixture-server\.mjs --surface \{\{surface\}\}\)$/);
    await harness.screenshot('collections-consent-secret');
    await ask.getByRole('button', { name: 'Allow and run' }).click();
    await detail.getByRole('region', { name: 'Last run' }).getByText(/The secret "api-token" \(\{\{secret:api-token\}\}\) is neither in the keychain nor in LOUPE_SECRET_API_TOKEN/).waitFor({ timeout: 30_000 });

    await views().getByRole('tab', { name: 'Secrets' }).click();
    const secrets = collections.getByRole('tabpanel', { name: 'Secrets' });
    const secret = secrets.getByRole('list', { name: 'Secrets the collection names' }).getByRole('listitem', { name: 'api-token' });
    await secret.getByText('Not set: requests that use it cannot run').waitFor();
    expect(await secret.innerText()).toContain('used in collection.yaml');
    expect(await secret.getByRole('button', { name: 'Clear' }).count()).toBe(0);
    await secret.getByRole('button', { name: 'Set…' }).click();
    const field = secret.getByRole('form', { name: 'Set the secret api-token' }).getByLabel('Value of api-token');
    expect(await field.getAttribute('type')).toBe('password');
    await field.fill(SECRET_VALUE);
    await harness.screenshot('collections-secret-set');
    await secret.getByRole('button', { name: 'Save secret' }).click();
    await secret.getByText('Set in Loupe’s keychain').waitFor();
    expect(await secret.getByRole('form').count()).toBe(0);
    const shown = await harness.page.evaluate(() => [document.body.innerText, ...[...document.querySelectorAll('input, textarea')].map((input) => (input as HTMLInputElement).value)].join('\n'));
    expect(shown).not.toContain(SECRET_VALUE);
    await harness.screenshot('collections-secrets');
    // The secret is in the keychain, not in the folder.
    expect(await readFile(path.join(dir, 'collection.yaml'), 'utf8')).toBe(COLLECTION);

    await secret.getByRole('button', { name: 'Clear' }).click();
    await secret.getByText('Not set: requests that use it cannot run').waitFor();
    await secret.getByRole('button', { name: 'Set…' }).click();
    await field.fill(SECRET_VALUE);
    await field.press('Enter');
    await secret.getByText('Set in Loupe’s keychain').waitFor();
  });

  test('Run all shows a report: each request and check passed or failed, its time, its traffic, beside the run before', async () => {
    const collections = panel();
    await collections.getByRole('button', { name: 'Run all' }).click();
    const report = collections.getByRole('region', { name: 'Run report' });
    await report.waitFor({ timeout: 60_000 });
    const weather = report.getByRole('region', { name: 'Weather in Paris' });
    await weather.getByText('Passed', { exact: true }).waitFor();
    // The run before was the single run of this request, without the secret.
    expect(await weather.innerText()).toMatch(/Run before: Could not run · .* \(now passed\)/);
    expect(await report.getByRole('region', { name: 'Add' }).innerText()).toContain('Not in the run before.');
    expect(await weather.innerText()).toMatch(/\d+ ms/);

    await collections.getByRole('combobox', { name: 'Environment' }).selectOption('v2');
    await collections.getByRole('button', { name: 'Run all' }).click();
    await weather.getByText('Failed', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await report.getByRole('status', { name: 'Run before' }).innerText()).toMatch(/Run before: passed/);
    expect(await weather.innerText()).toMatch(/Run before: Passed · .* \(now failed\)/);
    const checks = weather.getByRole('list', { name: 'Checks' }).getByRole('listitem');
    expect(await checks.allInnerTexts()).toEqual([
      expect.stringMatching(/^✓\s*Passed:\s*outcome is success\s*before: passed$/),
      expect.stringMatching(/^✗\s*Failed:\s*\/structuredContent\/temperature equals 21\s*\/structuredContent\/temperature is 19, not 21\.\s*before: passed$/),
    ]);
    const add = report.getByRole('region', { name: 'Add' });
    expect(await add.innerText()).toMatch(/Run before: Passed/);
    await harness.screenshot('collections-run-report');

    // Each request links to its traffic.
    const link = weather.getByRole('button', { name: /^Show in traffic \(#\d+\)$/ });
    const seq = (await link.innerText()).match(/#(\d+)/)![1]!;
    await link.click();
    const selected = harness.page.getByRole('grid', { name: 'Traffic log' }).locator('[role="row"][aria-selected="true"]');
    await expect.poll(() => selected.innerText()).toContain(seq);
    expect(await selected.innerText()).toContain('tools/call');

    // A request's name opens it; Run report brings the report back.
    await weather.getByRole('button', { name: 'Weather in Paris' }).click();
    await collections.getByRole('region', { name: 'Request weather.yaml' }).waitFor();
    await collections.getByRole('button', { name: 'Run report' }).click();
    await report.waitFor();
  }, 180_000);
});
