/**
 * The OAuth debugger in the Auth view (issue 30, item 1) against the OAuth fixture: pick a spec
 * version, Start, Next step through the flow, each step with its explanation, request, exchanges
 * and checks; edit the authorization request's scope before it is sent; Continue from a step;
 * and the sequence diagram as text.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
// @ts-expect-error a plain .mjs fixture without types
import { startOAuthFixture } from '../fixtures/oauth-server.mjs';
import { startHarness, type Harness } from './harness.js';
import { serverItem } from './tools-helpers.js';
import { plantServers } from './traffic-helpers.js';

const NAME = 'OAuth fixture';

describe('the OAuth debugger', () => {
  let harness: Harness;
  let fixture: { url: string; close(): Promise<void>; seen: { authorizations: Array<Record<string, string>>; tokenGrants: Array<{ grant: string }> } };

  beforeAll(async () => {
    fixture = (await startOAuthFixture()) as typeof fixture;
    // The fixture approves at once: the core follows the authorization URL itself, no browser.
    const server: ServerConfig = { id: 'oauth-fixture', name: NAME, transport: { type: 'streamable-http', url: fixture.url, headers: [] }, auth: { authorizeWith: 'http-get' } };
    harness = await startHarness({ prepareDataDir: plantServers([server]) });
  });

  afterAll(async () => {
    await harness?.close();
    await fixture?.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-oauth-debugger-${context.task.name.slice(0, 20)}`);
  });

  test('steps through a flow under a chosen version, with an edited scope, checks and the diagram, then continues from a step', async () => {
    const page = harness.page;
    await serverItem(page, NAME).getByRole('button', { name: NAME, exact: true }).click();
    await page.getByRole('tablist', { name: 'Server features' }).getByRole('tab', { name: 'Auth', exact: true }).click();
    const debug = page.getByRole('region', { name: 'Auth', exact: true }).getByRole('region', { name: 'OAuth debugger' });
    await debug.getByRole('combobox', { name: 'Spec version' }).selectOption('2025-11-25');
    await debug.getByRole('button', { name: 'Start' }).click();

    const steps = debug.getByRole('list', { name: 'Debugger steps' }).getByRole('listitem').filter({ has: page.locator('details') });
    const status = debug.getByRole('status', { name: 'Debugger run' });
    await expect.poll(() => status.textContent()).toContain('Paused before the next step · spec 2025-11-25');
    const first = debug.getByRole('listitem', { name: 'Step 1: Request without a token (401 and WWW-Authenticate)' });
    expect(await first.getByLabel('Request to send').textContent()).toMatch(new RegExp(`^POST ${fixture.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(await steps.count()).toBe(1);

    // Next until the authorization request is the pending step.
    const authorize = debug.getByRole('listitem', { name: 'Step 5: Authorization request (PKCE S256, resource indicator)' });
    for (let index = 0; index < 4; index++) {
      await debug.getByRole('button', { name: 'Next step' }).click();
      await expect.poll(() => steps.count()).toBe(index + 2);
    }
    await authorize.getByRole('form', { name: 'Edit the request' }).waitFor();
    // A step done: its explanation and its checks, a warning among them.
    await first.locator('summary').click();
    expect(await first.textContent()).toContain('WWW-Authenticate');
    const checks = first.getByRole('list', { name: 'Checks' }).getByRole('listitem');
    expect(await checks.allTextContents()).toContainEqual(expect.stringMatching(/^. warning: /));
    // A step with a problem does not say OK.
    const warnings = (await checks.allTextContents()).filter((text) => !/^. ok: /.test(text)).length;
    await first.locator('summary').getByText(`Done with ${warnings} problem${warnings === 1 ? '' : 's'}`, { exact: true }).waitFor();
    expect(await first.locator('summary').getByText('OK', { exact: true }).count()).toBe(0);
    await first.locator('summary').click();

    const scope = authorize.getByRole('textbox', { name: 'scope' });
    expect(await scope.inputValue()).toBe('mcp');
    await scope.fill('mcp admin');
    await authorize.getByRole('button', { name: 'Apply the edit' }).click();
    await expect.poll(() => authorize.getByLabel('Request to send').textContent()).toContain('scope=mcp+admin');
    await authorize.getByText('edited', { exact: true }).waitFor();
    await harness.screenshot('oauth-debugger-edit');

    // Run the rest one step at a time: Next whenever the run is paused, until it ends.
    const next = debug.getByRole('button', { name: 'Next step' });
    const runToEnd = () =>
      expect.poll(
        async () => {
          const text = (await status.textContent()) ?? '';
          if (text.startsWith('Paused') && (await next.isEnabled())) await next.click();
          return text;
        },
        { timeout: 30_000 },
      );

    await runToEnd().toMatch(/^(Done|Failed|Stopped)/);
    await expect.poll(() => status.textContent()).toMatch(/^Done · spec 2025-11-25 · 10 steps/);
    const tokens = debug.getByRole('listitem', { name: 'Step 7: Token request' });
    const arrows = debug.getByRole('list', { name: 'Sequence diagram arrows' }).getByRole('listitem');
    expect(await arrows.count()).toBeGreaterThan(8);
    expect(await arrows.allTextContents()).toContainEqual(expect.stringMatching(/^Loupe \(MCP client\) → Authorization server: /));
    await debug.getByRole('figure', { name: 'Sequence diagram' }).scrollIntoViewIfNeeded();
    await harness.screenshot('oauth-debugger-done');

    // The authorization server got the edited scope.
    expect(fixture.seen.authorizations.map((authorization) => authorization.scope)).toEqual(['mcp admin']);
    const grantsBefore = fixture.seen.tokenGrants.length;

    // Continue from the token request: the steps before it stay, and the used code is sent again,
    // which the authorization server refuses (a code is good once), as the run shows.
    await tokens.locator('summary').click();
    await tokens.getByRole('button', { name: 'Continue from here' }).click();
    await runToEnd().toMatch(/^Failed .*invalid_grant/);
    expect(fixture.seen.tokenGrants.length).toBe(grantsBefore + 1);
    expect(fixture.seen.authorizations).toHaveLength(1);
    expect(await steps.count()).toBe(7);

    // Continue from the authorization request: it is pending again, built afresh, and edited
    // once more before it goes; a new code, and the run ends well.
    await authorize.locator('summary').click();
    await authorize.getByRole('button', { name: 'Continue from here' }).click();
    const again = authorize.getByRole('textbox', { name: 'scope' });
    await expect.poll(() => again.inputValue()).toBe('mcp');
    expect(await steps.count()).toBe(5);
    await again.fill('mcp files');
    await authorize.getByRole('button', { name: 'Apply the edit' }).click();
    await expect.poll(() => authorize.getByLabel('Request to send').textContent()).toContain('scope=mcp+files');
    await runToEnd().toMatch(/^Done/);
    expect(fixture.seen.authorizations.map((authorization) => authorization.scope)).toEqual(['mcp admin', 'mcp files']);
  });
});
