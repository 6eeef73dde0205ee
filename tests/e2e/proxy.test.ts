/**
 * A real client through `loupe proxy` (the built CLI) against the browser-mode app: the proxied
 * card with the client's own name, its traffic in the log, and a tools/call paused by an
 * intercept rule, edited in the intercept desk, with the client receiving the edited call's result.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { EVERYTHING_ENTRY, waitFor } from '../core/helpers.js';
import { newDataDir, savedSessions, sdkClient, textOf } from '../cli/proxy-helpers.js';
import { startHarness, type Harness } from './harness.js';

const EVERYTHING = [process.execPath, EVERYTHING_ENTRY, 'stdio'];
const SESSION = 'everything-proxied';
/** The proxy starts, links to the app and the client initializes: slower than a click on a loaded machine. */
const ARRIVES = { timeout: 20_000 };

describe('proxied sessions and intercept in the window', () => {
  let harness: Harness;
  let client: Client;

  beforeAll(async () => {
    harness = await startHarness({ viewport: { width: 1366, height: 768 } });
    await harness.page.getByRole('region', { name: 'Servers' }).waitFor();
    client = await sdkClient(EVERYTHING, harness.dataDir, SESSION);
  });

  afterAll(async () => {
    await client?.close().catch(() => {});
    await harness?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-proxy-${context.task.name.slice(0, 20)}`);
  });

  const page = () => harness.page;
  const card = () => page().getByRole('region', { name: 'Servers' }).getByRole('listitem', { name: `${SESSION} Proxied` });
  const traffic = () => page().getByRole('region', { name: 'Traffic' });
  const trafficRows = () => traffic().getByRole('grid', { name: 'Traffic log' }).getByRole('row').filter({ hasNot: page().getByRole('columnheader') });
  const desk = () => page().getByRole('region', { name: 'Intercept', exact: true });
  const sessionView = () => page().getByRole('main').getByRole('region', { name: SESSION });

  test('the proxied card shows the real client and server, and selecting it shows its traffic in the log', async () => {
    await card().waitFor(ARRIVES);
    await expect.poll(() => card().textContent(), ARRIVES).toContain('proxy-test-client 7.7.7');
    // The server's answer to initialize is recorded after the client's request: wait for it too.
    await expect.poll(() => card().textContent(), ARRIVES).toContain('ServerEverything Reference Server 2.0.0');
    const text = (await card().textContent()) ?? '';
    expect(text).toContain('Live');
    expect(text).toContain('capabilities: roots');
    expect(text).toContain('ServerEverything Reference Server 2.0.0');
    expect(text).toMatch(/protocol \d{4}-\d{2}-\d{2}/);

    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'seen in the log' } }))).toBe('Echo: seen in the log');
    await card().getByRole('button', { name: SESSION }).click();
    await expect.poll(() => card().getByRole('button', { name: SESSION }).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => traffic().getByRole('combobox', { name: 'Filter traffic' }).inputValue()).toMatch(/^server:proxy-[0-9a-f]+$/);
    const call = trafficRows().filter({ hasText: 'tools/call' }).filter({ hasText: 'echo' });
    await call.first().waitFor(ARRIVES);
    // Only the proxied session's rows are shown, named by the session.
    await expect.poll(() => trafficRows().filter({ hasNotText: SESSION }).count()).toBe(0);
    await harness.screenshot('proxy-card-and-traffic');
  });

  test('the selected proxied session fills the main area: client next to server, its state, its traffic to export, its intercept state', async () => {
    await card().getByRole('button', { name: SESSION }).click();
    const view = sessionView();
    await view.waitFor();
    // The configured server's tabs give way to the session.
    expect(await page().getByRole('tablist', { name: 'Server features' }).isVisible()).toBe(false);
    expect(await view.getByRole('heading', { name: SESSION }).count()).toBe(1);
    expect(await view.getByText('Live', { exact: true }).count()).toBe(1);

    const peers = view.getByRole('region', { name: 'Client and server' }).getByRole('table');
    const cell = (row: string, column: 1 | 2) => peers.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell').nth(column - 1);
    expect(await cell('Name', 1).textContent()).toBe('proxy-test-client 7.7.7');
    expect(await cell('Name', 2).textContent()).toBe('Everything Reference Server 2.0.0');
    expect(await cell('Protocol version', 1).textContent()).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(await cell('Protocol version', 2).textContent()).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(await cell('Capabilities', 1).textContent()).toContain('roots');
    expect(await cell('Capabilities', 2).textContent()).toContain('tools');
    const clientAsSent = JSON.parse((await view.getByLabel('What the client said about itself').textContent()) ?? '') as { info: { name: string } };
    expect(clientAsSent.info.name).toBe('proxy-test-client');

    const state = view.getByRole('region', { name: 'Session state' });
    expect(await state.textContent()).toContain('No entry lost.');
    expect(await view.getByRole('region', { name: 'Its intercept state' }).textContent()).toContain('Not intercepting: no rule is on');

    // Export its traffic: JSON Lines of this session's entries only, the echo call among them.
    const [download] = await Promise.all([page().waitForEvent('download'), view.getByRole('button', { name: 'Export its traffic' }).click()]);
    const saved = path.join(harness.dataDir, 'proxied-export.jsonl');
    await download.saveAs(saved);
    const entries = readFileSync(saved, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { serverId: string; method?: string; message?: unknown });
    const serverIds = new Set(entries.map((entry) => entry.serverId));
    expect([...serverIds]).toHaveLength(1);
    expect([...serverIds][0]).toMatch(/^proxy-/);
    expect(entries.some((entry) => entry.method === 'tools/call' && JSON.stringify(entry.message).includes('seen in the log'))).toBe(true);
    await view.getByRole('status').filter({ hasText: /^Exported \d+ entries\.$/ }).waitFor();

    // Its traffic is what the log shows.
    await traffic().getByRole('combobox', { name: 'Filter traffic' }).fill('');
    await view.getByRole('button', { name: 'Show its traffic in the log' }).click();
    await expect.poll(() => traffic().getByRole('combobox', { name: 'Filter traffic' }).inputValue()).toMatch(/^server:proxy-[0-9a-f]+$/);
    await harness.screenshot('proxy-session-main-view');
    expect(harness.pageErrors).toEqual([]);
  });

  test('an intercept rule pauses a tools/call; edited and forwarded, the client gets the edited call’s result', async () => {
    await page().getByRole('button', { name: /^Intercept/ }).click();
    await desk().waitFor();
    const filter = desk().getByRole('combobox', { name: 'Intercept rule filter' });
    // A rule the core does not take is refused in a sentence.
    await filter.fill('name:echo');
    await desk().getByRole('button', { name: 'Add rule' }).click();
    await expect.poll(() => desk().getByRole('alert').textContent()).toContain('method:NAME');

    await filter.fill('method:tools/call');
    await desk().getByRole('combobox', { name: 'Direction to pause' }).selectOption('out');
    await desk().getByRole('button', { name: 'Add rule' }).click();
    const rule = desk().getByRole('list', { name: 'Intercept rules' }).getByRole('checkbox', { name: 'method:tools/call' });
    await rule.waitFor();
    expect(await rule.isChecked()).toBe(true);
    // The rule reached the proxy: it reports that it intercepts.
    await expect.poll(() => card().textContent(), ARRIVES).toContain('intercepting');

    const result = client.callTool({ name: 'echo', arguments: { message: 'original' } });
    const paused = desk().getByRole('listbox', { name: 'Paused messages' }).getByRole('option').filter({ hasText: 'tools/call' });
    await paused.first().waitFor(ARRIVES);
    await expect.poll(() => page().getByRole('button', { name: /^Intercept, 1 paused/ }).count()).toBe(1);
    // The session's own view says it intercepts and counts down the paused call.
    const interceptState = sessionView().getByRole('region', { name: 'Its intercept state' });
    await expect.poll(() => interceptState.textContent()).toContain('Intercepting: 1 rule on');
    expect(await interceptState.getByRole('list', { name: 'Its paused messages' }).textContent()).toMatch(/tools\/call forwarded as it is in \d/);
    const shown = desk().getByLabel('Paused message as it came');
    const asSent = JSON.parse((await shown.textContent()) ?? '') as { method: string; params: { name: string; arguments: { message: string } } };
    expect(asSent.method).toBe('tools/call');
    expect(asSent.params.arguments.message).toBe('original');
    await harness.screenshot('proxy-intercept-paused');
    // The desk makes room as the Approvals drawer does: the traffic panel narrows beside it, not under it.
    const trafficPanel = page().getByRole('region', { name: 'Traffic', exact: true });
    const [deskBox, trafficBox] = [await desk().boundingBox(), await trafficPanel.boundingBox()];
    expect(trafficBox!.x + trafficBox!.width).toBeLessThanOrEqual(deskBox!.x);
    const topmostAtTrafficsRightEdge = await trafficPanel.evaluate((region) => {
      const box = region.getBoundingClientRect();
      return region.contains(document.elementFromPoint(box.right - 4, box.top + box.height / 2));
    });
    expect(topmostAtTrafficsRightEdge).toBe(true);
    await trafficRows().last().click();

    await desk().getByRole('button', { name: 'Edit and forward' }).click();
    const editor = desk().getByRole('textbox', { name: 'Edited message' });
    await editor.waitFor();
    await editor.click();
    await page().keyboard.press('ControlOrMeta+a');
    asSent.params.arguments.message = 'edited in Loupe';
    await page().keyboard.insertText(JSON.stringify(asSent, null, 2));
    await harness.screenshot('proxy-intercept-editing');
    await desk().getByRole('button', { name: 'Forward edited' }).click();

    expect(textOf(await result)).toBe('Echo: edited in Loupe');
    await expect.poll(() => desk().getByRole('status').filter({ hasText: 'Forwarded edited' }).count()).toBe(1);
    await expect.poll(() => page().getByRole('button', { name: /^Intercept, rules on$/ }).count()).toBe(1);

    // One click turns intercept off: the next call passes untouched.
    await desk().getByRole('button', { name: 'Turn all off' }).click();
    await expect.poll(() => rule.isChecked()).toBe(false);
    await expect.poll(() => card().textContent(), ARRIVES).not.toContain('intercepting');
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'untouched' } }))).toBe('Echo: untouched');
    await harness.screenshot('proxy-intercept-decided');
    expect(harness.pageErrors).toEqual([]);
  });

  test('a rule’s pause timeout is set and shown; a paused message counts down and goes on as it was when it runs out, with a note in the record', async () => {
    const filter = desk().getByRole('combobox', { name: 'Intercept rule filter' });
    await filter.fill('method:tools/*');
    await desk().getByRole('combobox', { name: 'Direction to pause' }).selectOption('out');
    const timeout = desk().getByRole('spinbutton', { name: 'Pause timeout in seconds' });
    expect(await timeout.inputValue()).toBe('60');
    // Out of the contract's bounds: refused in a sentence, nothing added.
    await timeout.fill('0');
    await desk().getByRole('button', { name: 'Add rule' }).click();
    await expect.poll(() => desk().getByRole('alert').textContent()).toContain('whole number of seconds from 1 to 3600');
    await timeout.fill('3');
    await desk().getByRole('button', { name: 'Add rule' }).click();
    const rules = desk().getByRole('list', { name: 'Intercept rules' });
    const ruleTimeout = rules.getByRole('spinbutton', { name: 'Pause timeout of method:tools/*, in seconds' });
    await expect.poll(() => ruleTimeout.inputValue()).toBe('3');
    await expect.poll(() => card().textContent(), ARRIVES).toContain('intercepting');

    const result = client.callTool({ name: 'echo', arguments: { message: 'left waiting' } });
    const status = desk().getByRole('status').filter({ hasText: /^Forwarded as it is in/ });
    await status.waitFor(ARRIVES);
    // The countdown starts from the rule's 3 s, not the default minute.
    expect(await status.textContent()).toMatch(/^Forwarded as it is in [0-3]\.\d\d s$/);
    await harness.screenshot('proxy-intercept-timeout');
    // At 1366×768 the narrow drawer still gives a rule's filter room: the field a line of its own,
    // each rule's filter on one line (it broke as "method:tools/c | all").
    expect((await filter.boundingBox())!.width).toBeGreaterThan(300);
    const ruleFilters = rules.locator('code');
    for (const ruleFilter of await ruleFilters.all()) expect((await ruleFilter.boundingBox())!.height).toBeLessThan(24);
    expect(textOf(await result)).toBe('Echo: left waiting');
    await desk().getByRole('status').filter({ hasText: 'Forwarded when its time ran out' }).waitFor(ARRIVES);
    await trafficRows().filter({ hasText: 'no decision came within 3 s' }).first().waitFor(ARRIVES);

    // Changed in the list, the timeout is the core's: a reload reads it back.
    await ruleTimeout.fill('90');
    await ruleTimeout.press('Enter');
    await page().reload();
    await page().getByRole('button', { name: /^Intercept/ }).click();
    await expect.poll(() => ruleTimeout.inputValue(), ARRIVES).toBe('90');
    await desk().getByRole('button', { name: 'Turn all off' }).click();
    expect(harness.pageErrors).toEqual([]);
  });

  test('a paused message waits in the Approvals desk too, beside sampling and tool calls; forwarded there, the client gets its answer', async () => {
    // The desk is open from the test before.
    const rule = desk().getByRole('list', { name: 'Intercept rules' }).getByRole('checkbox', { name: 'method:tools/call' });
    // The box shows the core's state: it turns checked once the core has taken the change.
    await rule.click();
    await expect.poll(() => rule.isChecked(), ARRIVES).toBe(true);
    await expect.poll(() => card().textContent(), ARRIVES).toContain('intercepting');
    await desk().getByRole('button', { name: 'Close intercept' }).click();

    const result = client.callTool({ name: 'echo', arguments: { message: 'decided in approvals' } });
    // The Approvals button counts it as waiting for the person.
    await expect.poll(() => page().getByRole('banner').getByRole('button', { name: /^Approvals, 1 pending/ }).count(), ARRIVES).toBe(1);
    await page().getByRole('banner').getByRole('button', { name: /^Approvals,/ }).click();
    const approvals = page().getByRole('region', { name: 'Approvals' });
    const row = approvals.getByRole('listbox', { name: 'Waiting requests' }).getByRole('option').filter({ hasText: 'Intercepted' });
    await row.waitFor(ARRIVES);
    expect(await row.textContent()).toContain(SESSION);
    expect(await row.textContent()).toContain('tools/call from the client');
    expect(await approvals.getByLabel('Paused message as it came').textContent()).toContain('decided in approvals');
    await harness.screenshot('proxy-paused-in-approvals');
    await approvals.getByRole('button', { name: 'Forward', exact: true }).click();

    expect(textOf(await result)).toBe('Echo: decided in approvals');
    await expect.poll(() => approvals.getByRole('status').filter({ hasText: 'Forwarded as it was' }).count()).toBe(1);
    await expect.poll(() => page().getByRole('banner').getByRole('button', { name: /^Approvals, none pending/ }).count()).toBe(1);
    await approvals.getByRole('button', { name: 'Close approvals' }).click();

    await page().getByRole('button', { name: /^Intercept/ }).click();
    await desk().getByRole('button', { name: 'Turn all off' }).click();
    await expect.poll(() => card().textContent(), ARRIVES).not.toContain('intercepting');
    expect(harness.pageErrors).toEqual([]);
  });

  test('when the client leaves, the view says Ended and how the server ended; choosing a configured server gives the main area back', async () => {
    await desk().getByRole('button', { name: 'Close intercept' }).click();
    await client.close();
    await card().getByText('Ended', { exact: true }).waitFor(ARRIVES);
    await card().getByRole('button', { name: SESSION }).click();
    const view = sessionView();
    await view.getByText('Ended', { exact: true }).waitFor();
    await expect.poll(() => view.getByRole('region', { name: 'Session state' }).textContent(), ARRIVES).toMatch(/Ended\..*ended \d\d:\d\d/);
    expect(await view.getByRole('region', { name: 'Its intercept state' }).textContent()).toContain('Not intercepting: the session is over.');
    await harness.screenshot('proxy-session-ended');

    const servers = page().getByRole('region', { name: 'Servers' });
    await servers.getByRole('button', { name: 'Everything (demo)', exact: true }).click();
    await page().getByRole('tablist', { name: 'Server features' }).waitFor();
    expect(await page().getByRole('main').getByRole('region', { name: SESSION }).count()).toBe(0);
    expect(await card().getByRole('button', { name: SESSION }).getAttribute('aria-current')).toBeNull();
    expect(harness.pageErrors).toEqual([]);
  });
});

describe('Route through Loupe in the window', () => {
  const home = mkdtempSync(path.join(tmpdir(), 'loupe-e2e-route-home-'));
  const configFile = path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
  const original = '{\n  // Claude Desktop takes comments; Loupe keeps them.\n  "mcpServers": {\n    "everything": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"] }\n  }\n}\n';
  let harness: Harness;

  beforeAll(async () => {
    mkdirSync(path.dirname(configFile), { recursive: true });
    writeFileSync(configFile, original);
    harness = await startHarness({ viewport: { width: 1366, height: 768 }, env: { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') } });
  });

  afterAll(async () => {
    await harness?.close();
    rmSync(home, { recursive: true, force: true });
  });

  test('previews the change as a diff, applies it keeping the comment, and Restore puts the exact bytes back', async () => {
    const page = harness.page;
    await page.getByRole('button', { name: 'Route through Loupe…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Route through Loupe' });
    const found = dialog.getByRole('list', { name: 'Servers in client configs' });
    await found.getByRole('button', { name: /^Preview routing everything/ }).click();
    const diff = dialog.getByLabel(`Diff of ${configFile}`);
    await diff.waitFor();
    const diffText = (await diff.textContent()) ?? '';
    expect(diffText).toContain('-    "everything": { "command": "npx"');
    expect(diffText).toMatch(/\+.*"proxy"/);
    // Nothing is written before Apply.
    expect(readFileSync(configFile, 'utf8')).toBe(original);
    await harness.screenshot('proxy-route-preview');

    await dialog.getByRole('button', { name: 'Apply the change' }).click();
    await dialog.getByRole('status').filter({ hasText: 'now runs through Loupe' }).waitFor();
    const routed = readFileSync(configFile, 'utf8');
    expect(routed).toContain('// Claude Desktop takes comments; Loupe keeps them.');
    expect(routed).toContain('"proxy"');
    await dialog.getByRole('list', { name: 'Changes made' }).getByRole('button', { name: `Restore ${configFile}` }).waitFor();

    await found.getByRole('button', { name: /^Restore everything/ }).click();
    await dialog.getByRole('status').filter({ hasText: 'has the bytes it had before again' }).waitFor();
    expect(readFileSync(configFile, 'utf8')).toBe(original);
    await harness.screenshot('proxy-route-restored');
    expect(harness.pageErrors).toEqual([]);
  });
});

/** Opens Sessions…, then Serve as mock on the saved session, with a matching chosen; resolves to the dialog. */
async function openServeAsMock(page: Harness['page'], matching: 'exact' | 'ignore' | 'method') {
  await page.getByRole('region', { name: 'Traffic' }).getByRole('button', { name: 'Sessions…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Saved sessions' });
  await dialog.getByRole('button', { name: /^Serve Session of .* as a mock$/ }).click();
  await dialog.getByRole('combobox', { name: 'Match requests' }).selectOption(matching);
  return dialog;
}

describe('Serve as mock from a saved proxied session', () => {
  const dataDir = newDataDir();
  let harness: Harness;

  beforeAll(async () => {
    // With no app running, the proxy saves its session in the data folder.
    const recorded = await sdkClient(EVERYTHING, dataDir, 'everything-saved');
    await recorded.listTools();
    expect(textOf(await recorded.callTool({ name: 'echo', arguments: { message: 'recorded' } }))).toBe('Echo: recorded');
    await recorded.close();
    await waitFor(() => (savedSessions(dataDir)[0]?.entries.some((entry) => entry.kind === 'note' && /exited|ended/.test(entry.text ?? '')) ? true : undefined), 'the proxy to finish its saved session');
    harness = await startHarness({ dataDir, viewport: { width: 1366, height: 768 } });
  });

  afterAll(async () => {
    await harness?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('adds a server that serves the recording, which connects and lists the recorded tools', async () => {
    const page = harness.page;
    const dialog = await openServeAsMock(page, 'method');
    await dialog.getByRole('button', { name: 'Add mock server' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Added as the server “Mock of everything-saved”.' }).waitFor();
    await harness.screenshot('proxy-serve-as-mock');
    await page.keyboard.press('Escape');

    const servers = page.getByRole('region', { name: 'Servers' });
    const mock = servers.getByRole('listitem', { name: 'Mock of everything-saved' });
    await mock.getByRole('button', { name: 'Connect' }).click();
    await mock.getByText('Connected').waitFor(ARRIVES);
    await mock.getByRole('button', { name: 'Mock of everything-saved', exact: true }).click();
    await page.getByRole('tabpanel', { name: 'Tools' }).getByText('echo', { exact: true }).first().waitFor(ARRIVES);
    expect(harness.pageErrors).toEqual([]);
  });

  test('matching can ignore chosen paths: a call that differs only there gets the recorded answer', async () => {
    const dialog = await openServeAsMock(harness.page, 'ignore');
    const paths = dialog.getByRole('textbox', { name: /^Paths to ignore/ });
    // Not a JSON Pointer: refused in a sentence, nothing added.
    await paths.fill('arguments/message');
    await dialog.getByRole('button', { name: 'Add mock server' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('"arguments/message" is not a JSON Pointer');
    await paths.fill('/arguments/message');
    await harness.screenshot('proxy-serve-as-mock-ignoring');
    await dialog.getByRole('button', { name: 'Add mock server' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Added as the server' }).waitFor();

    // The server the app added runs `loupe mock` ignoring that path: an SDK client started from its config says so.
    const { servers } = JSON.parse(readFileSync(path.join(dataDir, 'servers.json'), 'utf8')) as { servers: Array<{ name: string; transport: { command: string; args: string[] } }> };
    const mock = servers.find((server) => server.transport.args?.includes('--ignore'));
    expect(mock?.transport.args.slice(mock.transport.args.indexOf('--ignore'), mock.transport.args.indexOf('--ignore') + 2)).toEqual(['--ignore', '/arguments/message']);
    const client = await sdkClient([mock!.transport.command, ...mock!.transport.args]);
    try {
      expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'never recorded' } }))).toBe('Echo: recorded');
    } finally {
      await client.close();
    }
    expect(harness.pageErrors).toEqual([]);
  });
});
