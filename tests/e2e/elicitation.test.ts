import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { approvalsButton, approvalsRegion, connectServer, runTool, selectServer, toolResultText } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const DEMO = 'Everything (demo)';

describe('elicitation: form and URL mode against server-everything 2026.8.31', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
    await connectServer(harness.page, DEMO);
    await selectServer(harness.page, DEMO);
  });

  afterAll(async () => {
    await harness?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-elicitation-${context.task.name.slice(0, 24)}`);
  });

  const detail = () => approvalsRegion(harness.page).getByRole('article', { name: `Elicitation request from ${DEMO}` });

  test('the requested schema becomes a form, checked field by field before anything is sent', async () => {
    const page = harness.page;
    await runTool(page, 'trigger-elicitation-request');
    const form = detail().getByRole('form', { name: 'Requested information' });
    await form.waitFor();
    expect(await detail().getByRole('region', { name: 'Message from the server' }).textContent()).toContain('Please provide inputs for the following fields:');
    // Defaults are filled in; titled choices show their titles.
    expect(await form.getByRole('textbox', { name: 'String with default' }).inputValue()).toBe('It was a dark and stormy night.');
    expect(await form.getByRole('textbox', { name: 'Integer', exact: true }).inputValue()).toBe('42');
    expect(await form.getByRole('combobox', { name: 'Titled Single Select Enum', exact: true }).locator('option:checked').textContent()).toBe('Superman');
    expect(await form.getByRole('combobox', { name: 'Legacy Titled Single Select Enum', exact: true }).locator('option:checked').textContent()).toBe('Cats');
    expect(await form.getByRole('checkbox', { name: 'Guitar' }).isChecked()).toBe(true);

    await form.getByRole('textbox', { name: 'String with email format' }).fill('ada@');
    await form.getByRole('textbox', { name: 'Integer', exact: true }).fill('500');
    await form.getByRole('button', { name: 'Accept' }).click();
    await form.getByText('Required, but left empty.').waitFor();
    await form.getByText('Must be an email address, like name@example.com.').waitFor();
    await form.getByText('Must be at most 100.').waitFor();
    await form.getByRole('alert').filter({ hasText: '3 fields need attention' }).waitFor();
    // The first field in error takes focus.
    await expect.poll(() => form.getByRole('textbox', { name: 'String (required)' }).evaluate((element) => element.matches(':focus'))).toBe(true);
    expect(await approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, 1 pending');
  });

  test('accepting sends the content, and the tool shows it', async () => {
    const page = harness.page;
    const form = detail().getByRole('form', { name: 'Requested information' });
    await form.getByRole('textbox', { name: 'String (required)' }).fill('Ada Lovelace');
    await form.getByRole('checkbox', { name: 'Boolean', exact: true }).check();
    await form.getByRole('textbox', { name: 'String with email format' }).fill('ada@example.com');
    await form.getByRole('textbox', { name: 'Integer', exact: true }).fill('7');
    await form.getByRole('combobox', { name: 'Titled Single Select Enum', exact: true }).selectOption({ label: 'Wonder Woman' });
    await form.getByRole('group', { name: 'Untitled Multiple Select Enum', exact: true }).getByRole('checkbox', { name: 'Piano' }).check();
    await form.getByRole('group', { name: 'Titled Multiple Select Enum', exact: true }).getByRole('checkbox', { name: 'Salmon' }).check();
    // The README shows this one: the top of the request, with the form filled in.
    await detail().evaluate((element) => element.parentElement?.scrollTo(0, 0));
    await harness.screenshot('approval-elicitation');
    await form.getByRole('button', { name: 'Accept' }).click();

    const result = await toolResultText(page);
    expect(result).toContain('Name: Ada Lovelace');
    expect(result).toContain('Agreed to terms: true');
    expect(result).toContain('Email: ada@example.com');
    expect(result).toContain('Favorite Integer: 7');
    expect(result).toContain('hero-3');
    expect(result).toContain('fish-2');
    await expect.poll(() => detail().getByRole('region', { name: 'Outcome' }).textContent()).toContain('Accepted by you');
  });

  test('declining tells the server no', async () => {
    const page = harness.page;
    await runTool(page, 'trigger-elicitation-request');
    await expect.poll(() => approvalsButton(page).getAttribute('aria-label')).toBe('Approvals, 1 pending');
    await detail().getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => toolResultText(page)).toContain('User declined to provide the requested information.');
    await expect.poll(() => detail().getByRole('region', { name: 'Outcome' }).textContent()).toContain('Declined by you');
  });

  test('URL mode shows the host and the whole URL, opens it only after confirming, then accepts', async () => {
    const page = harness.page;
    await page.evaluate(() => {
      const target = globalThis as unknown as { open: (...args: unknown[]) => null; opened?: unknown[][] };
      target.opened = [];
      target.open = (...args: unknown[]) => {
        target.opened!.push(args);
        return null;
      };
    });
    const url = 'https://example.com/consent?step=1&user=ada';
    await runTool(page, 'trigger-url-elicitation', { url, elicitationId: 'loupe-e2e-url', message: 'Approve the demo connection.' });
    const article = approvalsRegion(page).getByRole('article', { name: `URL elicitation request from ${DEMO}` });
    await article.waitFor();
    expect(await article.textContent()).toContain('example.com wants you to open:');
    expect(await article.getByText(url, { exact: true }).count()).toBe(1);
    expect(await article.textContent()).toContain('Approve the demo connection.');

    await article.getByRole('button', { name: 'Open in browser…' }).click();
    const confirm = article.getByRole('group', { name: 'Confirm opening the page' });
    await confirm.getByRole('button', { name: 'Don’t open' }).click();
    await article.getByRole('button', { name: 'Open in browser…' }).click();
    expect(await page.evaluate(() => (globalThis as unknown as { opened: unknown[][] }).opened)).toEqual([]);
    await harness.screenshot('approval-url-elicitation');
    await confirm.getByRole('button', { name: 'Open page' }).click();
    expect(await page.evaluate(() => (globalThis as unknown as { opened: unknown[][] }).opened)).toEqual([[url, '_blank', 'noopener,noreferrer']]);

    await article.getByRole('button', { name: 'Accept' }).click();
    const result = await toolResultText(page);
    expect(result).toContain('User completed the URL elicitation flow');
    expect(result).toContain('loupe-e2e-url');
    expect(harness.pageErrors).toEqual([]);
  });
});
