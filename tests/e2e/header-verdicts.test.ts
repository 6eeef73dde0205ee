/**
 * Header verdicts (issue 30, item 3) on the two-era fixture over 2026-07-28 Streamable HTTP: an
 * exchange whose mirrored headers match its body shows a ✓ in its detail; one where a configured
 * Mcp-Param-Region header disagrees with the body's argument shows the violation, in the HTTP
 * entry and in the request's detail, and is found by `is:violation`. The same exchanges saved
 * from the Export menu as HAR 1.2 open back with their JSON-RPC bodies and verdicts.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Har } from '../../shared/har.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { harValidator } from '../fixtures/har-validator.js';
import { startModernHttpServer } from '../fixtures/modern-server-config.js';
import { connectServer, plantServers, runTool, selectServer, toolResultText } from './approvals-helpers.js';
import { startHarness, type Harness } from './harness.js';

const SERVER = 'Modern over HTTP';

describe('header verdicts on 2026-07-28 HTTP', () => {
  let harness: Harness;
  let http: Awaited<ReturnType<typeof startModernHttpServer>>;

  beforeAll(async () => {
    http = await startModernHttpServer();
    // A header the person configured that disagrees with the body of a forecast for another region.
    const server: ServerConfig = { id: randomUUID(), name: SERVER, transport: { type: 'streamable-http', url: http.url, headers: [{ key: 'Mcp-Param-Region', value: 'us' }] } };
    harness = await startHarness({ prepareDataDir: plantServers([server]) });
  });

  afterAll(async () => {
    await harness?.close();
    http?.stop();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await harness.screenshot(`debug-header-verdicts-${context.task.name.slice(0, 20)}`);
  });

  const traffic = () => harness.page.getByRole('region', { name: 'Traffic' });
  const grid = () => traffic().getByRole('grid', { name: 'Traffic log' });
  const bodyRows = () => grid().getByRole('row').filter({ hasNot: harness.page.getByRole('columnheader') });
  const detail = () => traffic().getByRole('region', { name: 'Message detail' });

  test('a matching exchange shows ✓; a disagreeing one shows the violation and is found by is:violation', async () => {
    const page = harness.page;
    await selectServer(page, SERVER);
    await connectServer(page, SERVER);
    const filter = traffic().getByRole('combobox', { name: 'Filter traffic' });

    // Before any call: the connection's exchanges all match.
    await filter.fill('is:violation');
    await expect.poll(() => bodyRows().count()).toBe(0);

    await runTool(page, 'forecast', { region: 'eu', days: 2 });
    expect(await toolResultText(page)).toMatch(/HeaderMismatch|-32020|Mcp-Param-Region/);

    // The POST and the tools/call it carried.
    await expect.poll(() => bodyRows().count()).toBe(2);
    await grid().getByRole('row', { name: /^\d+ HTTP ,/ }).click();
    const violation = detail().getByRole('region', { name: 'HTTP exchange' }).getByRole('group', { name: 'Header verdict' });
    await violation.waitFor();
    expect(await violation.textContent()).toBe('Violation in the request’s headers: Mcp-Param-Region says "us" but the body\'s arguments.region is "eu".');
    await harness.screenshot('header-verdict-violation');

    // The tools/call request's own detail says it too, beside the headers it went out with.
    await filter.fill('method:tools/call');
    await expect.poll(() => bodyRows().count()).toBe(1);
    await bodyRows().first().click();
    const onRequest = detail().getByRole('group', { name: 'Header verdict' });
    await onRequest.waitFor();
    expect(await onRequest.textContent()).toContain('Mcp-Param-Region says "us"');

    // A tools/list exchange that matched: ✓ and what was checked.
    await filter.fill('kind:http -is:violation');
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(0);
    await bodyRows().filter({ hasText: '200 POST' }).first().click();
    const ok = detail().getByRole('region', { name: 'HTTP exchange' }).getByRole('group', { name: 'Header verdict' });
    await ok.waitFor();
    expect(await ok.textContent()).toMatch(/^✓ MCP-Protocol-Version, Mcp-Method.* match the body\.$/);
    await harness.screenshot('header-verdict-ok');
  });

  test('Export → HTTP exchanges as HAR 1.2 saves the exchanges, which open back with bodies and verdicts', async () => {
    const page = harness.page;
    await traffic().getByRole('combobox', { name: 'Filter traffic' }).fill('');
    await traffic().getByRole('button', { name: 'Export ▾' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), traffic().getByRole('menuitem', { name: 'HTTP exchanges as HAR 1.2' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^loupe-traffic-.+\.har$/);
    const saved = path.join(harness.dataDir, 'exported.har');
    await download.saveAs(saved);
    const har = JSON.parse(await readFile(saved, 'utf8')) as Har;
    // The file the browser saved is what DevTools or Charles would open: valid HAR 1.2.
    const validate = harValidator();
    expect(validate(har), JSON.stringify(validate.errors)).toBe(true);
    expect(har.log.version).toBe('1.2');
    const posts = har.log.entries.filter((entry) => entry.request.method === 'POST' && entry.request.url === http.url);
    expect(posts.length).toBeGreaterThan(2);
    const forecast = posts.find((entry) => entry.request.postData?.text.includes('"forecast"'));
    expect(forecast?.response.status).toBe(400);
    expect(forecast?.comment).toContain('Mirrored headers: Mcp-Param-Region says "us"');
    expect(forecast?.request.headers).toContainEqual({ name: 'mcp-param-region', value: 'us' });
  });
});
