import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APP_NODE_COMMAND } from '../../shared/server-config.js';
import { startHarness, type Harness } from './harness.js';
import { connectServer, everything2025, everything2026, fixtureServer, openTab, plantServers } from './resources-helpers.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** server-filesystem registers tools only, so it announces no prompts capability. */
const TOOLS_ONLY_SERVER = {
  name: 'Filesystem (tools only)',
  transport: {
    type: 'stdio' as const,
    command: APP_NODE_COMMAND,
    args: [path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'), tmpdir()],
    env: [],
  },
};

describe('prompts: argument forms with completions, messages by role, malformed prompts (dark theme)', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({
      colorScheme: 'dark',
      viewport: { width: 1440, height: 1000 },
      prepareDataDir: plantServers([everything2025(), everything2026(), fixtureServer(), TOOLS_ONLY_SERVER]),
    });
  });

  afterAll(async () => {
    await harness?.close();
  });

  const promptsRegion = () => harness.page.getByRole('region', { name: 'Prompts', exact: true });

  test('complex_prompt: completions per argument, then its messages by role', async () => {
    const page = harness.page;
    await connectServer(page, 'Everything 2025');
    const prompts = await openTab(page, 'Prompts');
    await prompts.getByText('3 prompts', { exact: true }).waitFor({ timeout: 30_000 });
    await prompts.getByRole('listbox', { name: 'Prompt list' }).getByRole('option').filter({ hasText: 'complex_prompt' }).click();

    const form = prompts.getByRole('form', { name: 'Prompt arguments' });
    const suggestions = form.getByRole('listbox', { name: 'Suggestions' });
    const temperature = form.getByRole('combobox', { name: /^temperature/ });
    expect(await temperature.getAttribute('aria-required')).toBe('true');
    await temperature.focus();
    await expect.poll(() => suggestions.getByRole('option').allTextContents()).toEqual(['0', '0.5', '0.7', '1.0']);
    await temperature.pressSequentially('0.');
    await expect.poll(() => suggestions.getByRole('option').allTextContents()).toEqual(['0.5', '0.7']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => temperature.inputValue()).toBe('0.5');

    const style = form.getByRole('combobox', { name: /^style/ });
    await style.pressSequentially('f');
    await expect.poll(() => suggestions.getByRole('option').allTextContents()).toEqual(['formal', 'friendly']);
    await suggestions.getByRole('option', { name: 'friendly' }).click();
    await expect.poll(() => style.inputValue()).toBe('friendly');

    await form.getByRole('button', { name: 'Get prompt' }).click();
    const result = prompts.getByRole('region', { name: 'Prompt result' });
    await result.getByText('Success', { exact: true }).waitFor({ timeout: 15_000 });
    const first = result.getByRole('listitem', { name: 'Message 1: user' });
    await expect.poll(() => first.textContent()).toContain('temperature=0.5, style=friendly');
    await result.getByRole('listitem', { name: 'Message 2: assistant' }).waitFor();
    await result.getByRole('listitem', { name: 'Message 3: user' }).waitFor();
  });

  test('a required argument left empty is pointed out before anything is sent', async () => {
    const form = promptsRegion().getByRole('form', { name: 'Prompt arguments' });
    const temperature = form.getByRole('combobox', { name: /^temperature/ });
    await temperature.fill('');
    await harness.page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Get prompt' }).click();
    await form.getByText('Enter a value for temperature: the prompt requires it.').waitFor();
    await expect.poll(() => temperature.evaluate((element) => element.matches(':focus'))).toBe(true);
    expect(await temperature.getAttribute('aria-invalid')).toBe('true');
  });

  test('completable-prompt: the second argument’s completions depend on the first (context.arguments)', async () => {
    const page = harness.page;
    await connectServer(page, 'Everything 2026');
    const prompts = promptsRegion();
    const list = prompts.getByRole('listbox', { name: 'Prompt list' });
    await list.getByRole('option').first().waitFor({ timeout: 30_000 });
    // The title is shown, with the name beside it.
    await list.getByRole('option').filter({ hasText: 'Team Management' }).filter({ hasText: 'completable-prompt' }).click();

    const form = prompts.getByRole('form', { name: 'Prompt arguments' });
    const suggestions = form.getByRole('listbox', { name: 'Suggestions' });
    const department = form.getByRole('combobox', { name: /^department/ });
    await department.pressSequentially('S');
    await expect.poll(() => suggestions.getByRole('option').allTextContents()).toEqual(['Sales', 'Support']);
    await suggestions.getByRole('option', { name: 'Sales' }).click();

    const name = form.getByRole('combobox', { name: /^name/ });
    await name.focus();
    await expect.poll(() => suggestions.getByRole('option').allTextContents()).toEqual(['David', 'Eve', 'Frank']);
    await harness.screenshot('prompts-completion');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => name.inputValue()).toBe('Eve');

    await form.getByRole('button', { name: 'Get prompt' }).click();
    const result = prompts.getByRole('region', { name: 'Prompt result' });
    const message = result.getByRole('listitem', { name: 'Message 1: user' });
    await expect.poll(() => message.textContent(), { timeout: 15_000 }).toContain('Please promote Eve to the head of the Sales team.');
    await message.scrollIntoViewIfNeeded();
    await harness.screenshot('prompts');
    await page.emulateMedia({ colorScheme: 'light' });
    await harness.screenshot('prompts-light');
    await page.emulateMedia({ colorScheme: 'dark' });
  });

  test('a malformed prompt: extra argument fields are shown and the failing get is explained', async () => {
    const page = harness.page;
    await connectServer(page, 'Fixture');
    const prompts = promptsRegion();
    await prompts.getByRole('listbox', { name: 'Prompt list' }).getByRole('option').filter({ hasText: 'semem-summarize' }).click();
    const form = prompts.getByRole('form', { name: 'Prompt arguments' });

    const extras = form.getByRole('note').filter({ hasText: 'Fields not in the MCP schema' });
    expect(await extras.count()).toBe(2);
    await expect.poll(() => extras.first().textContent()).toContain('default');
    await expect.poll(() => extras.first().textContent()).toContain('"memory"');
    await expect.poll(() => extras.first().textContent()).toContain('examples');
    await expect.poll(() => extras.nth(1).textContent()).toContain('max');

    await form.getByRole('combobox', { name: /^topic/ }).or(form.getByRole('textbox', { name: /^topic/ })).fill('ontology');
    await form.getByRole('button', { name: 'Get prompt' }).click();
    const result = prompts.getByRole('region', { name: 'Prompt result' });
    const alert = result.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toContain('Internal error: prompt rendering failed');
    await expect.poll(() => alert.textContent()).toContain('JSON-RPC error -32603');
    await result.getByText('Failed', { exact: true }).waitFor();
    await alert.scrollIntoViewIfNeeded();
    await harness.screenshot('prompts-malformed');
  });

  test('a server without the prompts capability says so', async () => {
    const page = harness.page;
    await connectServer(page, 'Filesystem (tools only)');
    await promptsRegion().getByText('This server does not offer prompts').waitFor();
    expect(await promptsRegion().getByRole('listbox').count()).toBe(0);
    expect(harness.pageErrors).toEqual([]);
  });
});
