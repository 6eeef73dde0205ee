/**
 * Bidi and invisible characters are shown, never applied (issue 25, Low 1): a server
 * (tests/fixtures/bidi-server.mjs) and a config file whose names, URIs, titles, logger names and
 * URLs carry U+202E and U+200B. Every view they reach shows ⟨U+202E⟩, and the page's text never
 * holds a raw U+202E.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { APP_NODE_COMMAND } from '../../shared/server-config.js';
// @ts-expect-error a plain .mjs fixture without types
import { startOAuthFixture } from '../fixtures/oauth-server.mjs';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { approvalsButton, approvalsRegion, invokeViaSecondBridge, openTab, runTool } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';
import { connectServer, plantServers, result, selectServer, selectTool, serverItem, showTools } from './tools-helpers.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RLO = '\u202E';
const ZWSP = '\u200B';
const SHOWN_RLO = '⟨U+202E⟩';
const SHOWN_ZWSP = '⟨U+200B⟩';

describe('bidi and invisible characters are revealed in every view', () => {
  let harness: Harness;
  let home: string;
  let oauth: { url: string; close(): Promise<void> };
  let provider: ModelProviderFixture;

  beforeAll(async () => {
    provider = await startModelProvider({ kind: 'openai' });
    oauth = (await startOAuthFixture({ failTokenWith: 'invalid_grant', failTokenDescription: `Token re${RLO}fused` })) as typeof oauth;
    home = await mkdtemp(path.join(tmpdir(), 'loupe-e2e-bidi-home-'));
    await mkdir(path.join(home, '.cursor'), { recursive: true });
    await writeFile(
      path.join(home, '.cursor', 'mcp.json'),
      JSON.stringify({ mcpServers: { [`team${RLO}ipa`]: { url: `http://127.0.0.1:9/m${RLO}cp${ZWSP}` } } }),
    );
    harness = await startHarness({
      env: { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), CODEX_HOME: path.join(home, '.codex') },
      prepareDataDir: plantServers(() => [
        { name: 'Bidi', transport: { type: 'stdio', command: APP_NODE_COMMAND, args: [path.join(REPO_ROOT, 'tests/fixtures/bidi-server.mjs')], env: [] } },
        { name: 'Refusing OAuth', transport: { type: 'streamable-http', url: oauth.url, headers: [] }, auth: { authorizeWith: 'http-get' } },
      ]),
    });
    await connectServer(harness.page, 'Bidi');
    await invokeViaSecondBridge(harness.page, 'models.providers.add', { kind: 'openai-compatible', name: 'Local fixture', baseUrl: provider.url, apiKey: provider.apiKey, defaultModel: 'fixture-model' });
  });

  afterAll(async () => {
    await harness?.close();
    await oauth?.close();
    await provider?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-bidi-${context.task.name.slice(0, 24)}`);
  });

  /** Waits for `shown` in the area's text, then checks the whole page holds no raw U+202E or U+200B. */
  async function expectRevealed(area: Locator, shown: string): Promise<void> {
    await expect.poll(async () => (await area.innerText()).includes(shown), { timeout: 15_000 }).toBe(true);
    // Where the page's visible text holds a raw U+202E or U+200B: the class of each element, and its text.
    const raw = await harness.page.evaluate((characters) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent?.checkVisibility() || !characters.some((character) => node.textContent?.includes(character))) continue;
        found.push(`${parent.className}: ${node.textContent ?? ''}`);
      }
      return found;
    }, [RLO, ZWSP]);
    expect(raw).toEqual([]);
  }

  test('a resource link in a result, and the logger name of the log it wrote', async () => {
    const page = harness.page;
    const tools = await showTools(page);
    await selectTool(tools, 'links');
    await tools.getByRole('button', { name: 'Run tool' }).click();
    await expectRevealed(result(tools), `annual${SHOWN_RLO}fdp.exe`);
    await expectRevealed(result(tools), `file:///docs/re${SHOWN_RLO}port${SHOWN_ZWSP}.txt`);
    await openTab(page, 'Logs');
    await expectRevealed(page.getByRole('region', { name: 'Logs' }), `log${SHOWN_RLO}ger${SHOWN_ZWSP}`);
  });

  test('a schema field’s name, title and description', async () => {
    const tools = await showTools(harness.page);
    await selectTool(tools, 'form');
    const form = tools.getByRole('group', { name: 'Arguments form' });
    await expectRevealed(form, `fi${SHOWN_RLO}eld${SHOWN_ZWSP}`);
    await expectRevealed(form, `Ti${SHOWN_RLO}tle`);
    await expectRevealed(form, `Des${SHOWN_RLO}cription`);
  });

  test('a resource’s name, title and URI in its detail', async () => {
    const page = harness.page;
    await openTab(page, 'Resources');
    const resources = page.getByRole('region', { name: 'Resources', exact: true });
    await resources.getByRole('option').first().click();
    await expectRevealed(resources, `Re${SHOWN_RLO}port`);
    await expectRevealed(resources, `annual${SHOWN_RLO}fdp.exe`);
    await expectRevealed(resources.getByLabel('URI', { exact: true }), `file:///docs/re${SHOWN_RLO}port${SHOWN_ZWSP}.txt`);
  });

  test('a URL elicitation and a -32042 URL, path included, in the approval and its row', async () => {
    const page = harness.page;
    await runTool(page, 'open-page');
    const asked = approvalsRegion(page).getByRole('article', { name: 'URL elicitation request from Bidi' });
    await expectRevealed(asked, `https://example.com/pa${SHOWN_RLO}th`);
    await expectRevealed(asked, `Open the${SHOWN_RLO} page`);
    await expectRevealed(approvalsRegion(page), `example.com: Open the${SHOWN_RLO} page`);
    await asked.getByRole('button', { name: 'Decline' }).click();
    await runTool(page, 'needs-page');
    await expectRevealed(approvalsRegion(page), `https://example.com/lo${SHOWN_RLO}gin`);
    await harness.screenshot('bidi-approvals');
    await approvalsButton(page).click();
  });

  test('an authorization server’s error in the Auth tab', async () => {
    const page = harness.page;
    const item = serverItem(page, 'Refusing OAuth');
    await item.getByRole('button', { name: 'Refusing OAuth', exact: true }).click();
    await openTab(page, 'Auth');
    const auth = page.getByRole('region', { name: 'Auth', exact: true });
    await auth.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectRevealed(auth, `Token re${SHOWN_RLO}fused`);
    await harness.screenshot('bidi-oauth');
  });

  test('the Import dialog’s names and URLs', async () => {
    const page = harness.page;
    await page.getByRole('region', { name: 'Servers' }).getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import servers' });
    await expectRevealed(dialog, `team${SHOWN_RLO}ipa`);
    await expectRevealed(dialog, `http://127.0.0.1:9/m${SHOWN_RLO}cp${SHOWN_ZWSP}`);
    await harness.screenshot('bidi-import');
  });

  test('the chat: a model\'s prose, a tool name in the tool-call card and the desk, one the model made up, and its arguments', async () => {
    const page = harness.page;
    // The test before leaves the Import dialog open.
    const importDialog = page.getByRole('dialog', { name: 'Import servers' });
    if (await importDialog.isVisible()) await importDialog.getByRole('button', { name: 'Cancel' }).click();
    await selectServer(page, 'Bidi');
    await openTab(page, 'Chat');
    const chat = page.getByRole('region', { name: 'Chat' });
    await chat.getByRole('combobox', { name: 'Model' }).selectOption({ label: 'fixture-model · Local fixture' });
    provider.script([
      { when: { toolResult: true }, reply: { text: `Paid. Or${RLO}not.` } },
      // The server's tool is offered to the model as invoice_fdp_exe (names the APIs accept).
      { when: { lastUser: 'Pay the invoice' }, reply: { text: `Paying in${RLO}voice${ZWSP} now`, toolCalls: [{ name: 'invoice_fdp_exe', arguments: { note: `no${RLO}te` } }] } },
      { when: { lastUser: 'Call a tool of your own' }, reply: { toolCalls: [{ name: `own${RLO}tool.exe`, arguments: {} }] } },
    ]);
    await chat.getByRole('textbox', { name: 'Message' }).fill('Pay the invoice');
    await chat.getByRole('button', { name: 'Send' }).click();
    const transcript = chat.getByRole('list', { name: 'Conversation' });
    await expectRevealed(transcript, `in${SHOWN_RLO}voice${SHOWN_ZWSP} now`);
    const card = chat.getByRole('region', { name: `Tool call invoice${SHOWN_RLO}fdp.exe` });
    await expectRevealed(card, `invoice${SHOWN_RLO}fdp.exe`);
    await expectRevealed(card, `no${SHOWN_RLO}te`);
    await expectRevealed(transcript, `calls invoice${SHOWN_RLO}fdp.exe({"note":"no${SHOWN_RLO}te"})`);
    await approvalsButton(page).click();
    const row = approvalsRegion(page).getByRole('listbox', { name: 'Waiting requests' }).getByRole('option').filter({ hasText: 'Tool call' });
    await expectRevealed(row, `The model calls invoice${SHOWN_RLO}fdp.exe`);
    await row.click();
    const inDesk = approvalsRegion(page).getByRole('article', { name: `Tool call invoice${SHOWN_RLO}fdp.exe on Bidi` });
    await expectRevealed(inDesk, `invoice${SHOWN_RLO}fdp.exe`);
    await harness.screenshot('bidi-chat-tool-call');
    await inDesk.getByRole('button', { name: 'Approve call' }).click();
    await approvalsRegion(page).getByRole('button', { name: 'Close approvals' }).click();
    await expectRevealed(transcript, `Or${SHOWN_RLO}not.`);
    await expectRevealed(transcript.getByRole('listitem', { name: `Tool invoice${SHOWN_RLO}fdp.exe, turn 3` }), `invoice${SHOWN_RLO}fdp.exe · done`);

    await expect.poll(() => chat.getByRole('status').textContent(), { timeout: 15_000 }).toMatch(/^Ready/);
    await chat.getByRole('textbox', { name: 'Message' }).fill('Call a tool of your own');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expectRevealed(transcript, `own${SHOWN_RLO}tool.exe`);
  });
});
