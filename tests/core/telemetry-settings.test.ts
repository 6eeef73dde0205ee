import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver } from '../fixtures/otlp-receiver.js';
import { fixture, freePort, startCore, waitFor, type TestCore } from './helpers.js';

describe('the saved OpenTelemetry collector', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  const cores: TestCore[] = [];

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    for (const test of cores) await test.core.dispose().catch(() => {});
    await receiver?.close();
  });

  async function callEcho(test: TestCore): Promise<void> {
    const serverId = (await test.add('fixture', fixture())).id;
    await test.core.handlers['connections.connect']({ serverId });
    await test.core.handlers['tools.call']({ serverId, name: 'echo', arguments: { message: 'hi' }, callId: `c${cores.length}` });
  }

  it('keeps header values out of telemetry.json unless said not secret, and exports to the collector again after a restart', async () => {
    const first = await startCore();
    cores.push(first);
    const status = await first.core.handlers['telemetry.configure']({
      endpoint: receiver.url,
      headers: { Authorization: 'Bearer otlp-secret-1', 'X-Team': 'inspectors' },
      plainHeaders: ['X-Team'],
      remember: true,
    });
    expect(status.saved).toEqual({ endpoint: receiver.url, on: true, headers: [{ name: 'Authorization' }, { name: 'X-Team', value: 'inspectors' }] });
    const file = await readFile(join(first.dataDir, 'telemetry.json'), 'utf8');
    expect(file).not.toContain('otlp-secret-1');
    expect(file).toContain('inspectors');
    await first.core.dispose();
    cores.pop();

    // The next start exports to the same collector, with the header values from the keychain and the file.
    const second = await startCore({ dataDir: first.dataDir });
    cores.push(second);
    expect((await second.core.handlers['telemetry.status']()).endpoint).toBe(receiver.url);
    await callEcho(second);
    await waitFor(() => receiver.spans.find((span) => span.name === 'tools/call echo'), 'the echo span');
    expect(receiver.requestHeaders.at(-1)).toMatchObject({ authorization: 'Bearer otlp-secret-1', 'x-team': 'inspectors' });

    // Switched off, it is still saved, and it stays off at the next start.
    const off = await second.core.handlers['telemetry.configure']({ endpoint: null, remember: true });
    expect(off).toMatchObject({ endpoint: null, saved: { endpoint: receiver.url, on: false } });
    await second.core.dispose();
    cores.pop();
    const third = await startCore({ dataDir: first.dataDir });
    cores.push(third);
    expect((await third.core.handlers['telemetry.status']()).endpoint).toBeNull();

    // Switched on again with the saved secret kept (the app is never given its value).
    const again = await third.core.handlers['telemetry.configure']({ endpoint: receiver.url, headers: { 'X-Team': 'inspectors' }, plainHeaders: ['X-Team'], keepHeaders: ['Authorization'], remember: true });
    expect(again.saved?.on).toBe(true);
    const before = receiver.requestHeaders.length;
    await callEcho(third);
    await waitFor(() => receiver.requestHeaders.length > before || undefined, 'another export');
    expect(receiver.requestHeaders.at(-1)?.authorization).toBe('Bearer otlp-secret-1');
  });

  it('treats any header value as secret by default (x-honeycomb-team): not in telemetry.json nor in telemetry.status, still sent to the collector', async () => {
    const first = await startCore();
    cores.push(first);
    const headers = { 'x-honeycomb-team': 'abc123honeycombkey', 'x-sentry-dsn': 'https://publickey@o1.ingest.example/42' };
    const status = await first.core.handlers['telemetry.configure']({ endpoint: receiver.url, headers, remember: true });
    expect(status.saved?.headers).toEqual([{ name: 'x-honeycomb-team' }, { name: 'x-sentry-dsn' }]);
    const file = await readFile(join(first.dataDir, 'telemetry.json'), 'utf8');
    for (const value of Object.values(headers)) {
      expect(file).not.toContain(value);
      expect(JSON.stringify(await first.core.handlers['telemetry.status']())).not.toContain(value);
    }
    const before = receiver.requestHeaders.length;
    await callEcho(first);
    await waitFor(() => receiver.requestHeaders.length > before || undefined, 'an export');
    expect(receiver.requestHeaders.at(-1)).toMatchObject(headers);
  });

  it('moves the values an older telemetry.json holds in clear to the keychain once, and still sends them', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'loupe-telemetry-'));
    await writeFile(join(dataDir, 'telemetry.json'), JSON.stringify({ version: 1, saved: { endpoint: receiver.url, on: true, headers: [{ name: 'x-honeycomb-team', value: 'legacy-clear-key' }] } }));
    const test = await startCore({ dataDir });
    cores.push(test);
    expect(await readFile(join(dataDir, 'telemetry.json'), 'utf8')).not.toContain('legacy-clear-key');
    expect(JSON.stringify(await test.core.handlers['telemetry.status']())).not.toContain('legacy-clear-key');
    const before = receiver.requestHeaders.length;
    await callEcho(test);
    await waitFor(() => receiver.requestHeaders.length > before || undefined, 'an export');
    expect(receiver.requestHeaders.at(-1)?.['x-honeycomb-team']).toBe('legacy-clear-key');
  });

  it('counts the spans a collector that is not there never got, with the reason in one sentence', async () => {
    const test = await startCore();
    cores.push(test);
    await test.core.handlers['telemetry.configure']({ endpoint: `http://127.0.0.1:${await freePort()}/v1/traces` });
    await callEcho(test);
    const status = await waitFor(async () => {
      const now = await test.core.handlers['telemetry.status']();
      return now.failed > 0 ? now : undefined;
    }, 'a failed export', 20_000);
    expect(status.exported).toBe(0);
    expect(status.lastError).toMatch(/^The collector did not take \d+ span\(s\): .+\.$/);
  });
});
