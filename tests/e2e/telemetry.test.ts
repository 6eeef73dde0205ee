/**
 * OpenTelemetry export from the Traces… dialog: the person names a local OTLP/HTTP receiver
 * (tests/fixtures/otlp-receiver.ts, which decodes the protobuf it gets) and a secret header (and one
 * marked not secret), runs a
 * tool, and the receiver gets the tool's span with the header while the dialog counts what was sent.
 * The secret never reaches telemetry.json, and the next start exports again without asking for it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitFor } from '../core/helpers.js';
import { startOtlpReceiver } from '../fixtures/otlp-receiver.js';
import { startHarness, type Harness } from './harness.js';
import { connectServer, result, runWithJson, selectTool } from './tools-helpers.js';

const SECRET = 'Bearer e2e-otlp-secret';

describe('OpenTelemetry traces', () => {
  let harness: Harness;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    harness = await startHarness({ viewport: { width: 1366, height: 768 } });
  });

  afterAll(async () => {
    await harness?.close();
    await receiver?.close();
  });

  const openDialog = async () => {
    await harness.page.getByRole('region', { name: 'Traffic' }).getByRole('button', { name: 'Traces…' }).click();
    return harness.page.getByRole('dialog', { name: 'OpenTelemetry traces' });
  };

  test('sends a span per tool call to the collector named in the dialog, which counts them', async () => {
    const page = harness.page;
    const tools = await connectServer(page, 'Everything (demo)');

    let dialog = await openDialog();
    await dialog.getByRole('status', { name: 'Export status' }).getByText('Export is off. 0 spans sent, 0 failed.').waitFor();
    // The switch tells the live state: off while export is off; typing an endpoint, with nothing saved yet, turns it on.
    const send = dialog.getByRole('checkbox', { name: 'Send traces' });
    expect(await send.isChecked()).toBe(false);
    await dialog.getByRole('textbox', { name: 'OTLP/HTTP traces endpoint' }).fill(receiver.url);
    expect(await send.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add header' }).click();
    await dialog.getByRole('textbox', { name: 'Header 1 name' }).fill('Authorization');
    await dialog.getByRole('textbox', { name: 'Header 1 value' }).fill(SECRET);
    expect(await dialog.getByRole('textbox', { name: 'Header 1 value' }).getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Add header' }).click();
    await dialog.getByRole('textbox', { name: 'Header 2 name' }).fill('X-Team');
    await dialog.getByRole('textbox', { name: 'Header 2 value' }).fill('inspectors');
    // Every value is secret unless the person says otherwise: this one is not.
    expect(await dialog.getByRole('checkbox', { name: 'Header 2 is secret' }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Header 2 is secret' }).uncheck();
    expect(await dialog.getByRole('textbox', { name: 'Header 2 value' }).getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(`Sending to ${receiver.url}: 0 spans sent, 0 failed.`).waitFor();
    // The secret is not handed back to the page: its field is empty, kept in the keychain.
    expect(await dialog.getByRole('textbox', { name: 'Header 1 value' }).inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await selectTool(tools, 'echo');
    await runWithJson(tools, { message: 'traced' });
    await result(tools).getByText('Echo: traced').first().waitFor();

    const span = await waitFor(() => receiver.spans.find((received) => received.name === 'tools/call echo'), 'the echo span', 20_000);
    expect(span.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo', 'loupe.server.name': 'Everything (demo)' });
    expect(receiver.requestHeaders.at(-1)).toMatchObject({ authorization: SECRET, 'x-team': 'inspectors' });

    dialog = await openDialog();
    const sent = receiver.spans.length;
    await dialog.getByText(new RegExp(`^Sending to ${receiver.url.replace(/[.]/g, '\\.')}: ([1-9]\\d*) spans? sent, 0 failed\\.$`)).waitFor();
    expect(sent).toBeGreaterThan(0);
    expect(await dialog.getByRole('textbox', { name: 'Header 1 value' }).getAttribute('placeholder')).toBe('In the keychain; type to replace');
    await harness.screenshot('telemetry-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const saved = await readFile(path.join(harness.dataDir, 'telemetry.json'), 'utf8');
    expect(saved).toContain(receiver.url);
    expect(saved).toContain('inspectors');
    expect(saved).not.toContain('e2e-otlp-secret');
    expect(harness.pageErrors).toEqual([]);
  });

  test('switching export off keeps the collector and the kept secret for later; on again sends with it', async () => {
    const page = harness.page;
    let dialog = await openDialog();
    // A header name that cannot be sent is said before anything is saved.
    await dialog.getByRole('button', { name: 'Add header' }).click();
    await dialog.getByRole('textbox', { name: 'Header 3 name' }).fill('X Bad');
    await dialog.getByRole('textbox', { name: 'Header 3 value' }).fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Header 3’s name “X Bad” is not an HTTP header name (it may not hold spaces, colons or quotes).');
    await dialog.getByRole('button', { name: 'Remove header 3' }).click();
    await dialog.getByRole('checkbox', { name: 'Send traces' }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/^Export is off\. /).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    dialog = await openDialog();
    expect(await dialog.getByRole('checkbox', { name: 'Send traces' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('textbox', { name: 'OTLP/HTTP traces endpoint' }).inputValue()).toBe(receiver.url);
    await dialog.getByRole('checkbox', { name: 'Send traces' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(`Sending to ${receiver.url}: 0 spans sent, 0 failed.`).waitFor();
    await page.keyboard.press('Escape');

    const before = receiver.requestHeaders.length;
    const tools = page.getByRole('region', { name: 'Tools', exact: true });
    await tools.getByRole('button', { name: 'Run tool' }).click();
    await waitFor(() => receiver.requestHeaders.length > before || undefined, 'another export', 20_000);
    expect(receiver.requestHeaders.at(-1)?.authorization).toBe(SECRET);
  });
});
