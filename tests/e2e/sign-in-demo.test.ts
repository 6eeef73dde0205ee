/**
 * The offline sign-in demo (issue 39, item 2): the Auth tab of a server without sign-in offers it;
 * adding it selects it, the OAuth debugger steps through its whole flow to a token and a request
 * with it, and after Sign in its tool answers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { SIGN_IN_DEMO_NAME } from '../../shared/sign-in-demo.js';
import { startHarness, type Harness } from './harness.js';
import { everythingServer, plantServers, result, runWithJson, selectTool, serverItem, showTools } from './tools-helpers.js';

describe('the sign-in demo', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness({ viewport: { width: 1366, height: 768 }, prepareDataDir: plantServers(() => [everythingServer('Everything')]) });
  });

  afterAll(async () => {
    await harness?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-sign-in-demo-${context.task.name.slice(0, 20)}`);
  });

  test('is offered in the Auth tab, added and selected; the debugger runs its flow to a token, and its tool answers after Sign in', async () => {
    const page = harness.page;
    await serverItem(page, 'Everything').getByRole('button', { name: 'Everything', exact: true }).click();
    await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Auth', exact: true }).click();
    const auth = page.getByRole('region', { name: 'Auth', exact: true });
    const offer = auth.getByRole('complementary', { name: 'Sign-in demo' });
    await harness.screenshot('sign-in-demo-offer');
    await offer.getByRole('button', { name: 'Add the sign-in demo' }).click();

    // The new entry is selected, and the Auth tab now shows it.
    const item = serverItem(page, SIGN_IN_DEMO_NAME);
    await item.waitFor();
    await auth.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expect.poll(() => offer.count()).toBe(0);

    const debug = auth.getByRole('region', { name: 'OAuth debugger' });
    await debug.getByRole('button', { name: 'Start' }).click();
    const status = debug.getByRole('status', { name: 'Debugger run' });
    const next = debug.getByRole('button', { name: 'Next step' });
    await expect
      .poll(
        async () => {
          const text = (await status.textContent()) ?? '';
          if (text.startsWith('Paused') && (await next.isEnabled())) await next.click();
          return text;
        },
        { timeout: 30_000 },
      )
      .toMatch(/^(Done|Failed|Stopped)/);
    expect(await status.textContent()).toMatch(/^Done/);
    const token = debug.getByRole('listitem', { name: /^Step \d+: Token request$/ });
    await token.locator('summary').click();
    expect(await token.textContent()).toContain('access_token');
    const authenticated = debug.getByRole('listitem', { name: /^Step \d+: Request with the access token$/ });
    expect(await authenticated.locator('summary').textContent()).toContain('The server answered with the token');
    await harness.screenshot('sign-in-demo-debugger');

    // Sign in (no browser: the demo approves at once), then its tool answers.
    await auth.getByRole('button', { name: 'Sign in', exact: true }).click();
    await item.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
    const tools = await showTools(page);
    await selectTool(tools, 'echo');
    await runWithJson(tools, { text: 'hello from the demo' });
    await expect.poll(() => result(tools).textContent()).toContain('hello from the demo');
  });
});
