import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Har } from '../../shared/har.js';
import { harValidator } from '../fixtures/har-validator.js';
import { startModernHttpServer } from '../fixtures/modern-server-config.js';
import { startCore, type TestCore } from './helpers.js';

describe('HAR export of the HTTP exchanges', () => {
  let test: TestCore;
  let stop: () => void;
  let serverId: string;

  beforeAll(async () => {
    const http = await startModernHttpServer();
    stop = http.stop;
    test = await startCore();
    serverId = (await test.core.handlers['servers.add']({ name: 'modern', transport: { type: 'streamable-http', url: http.url, headers: [{ key: 'X-Api-Key', value: 'sekret-value-1', secret: true }] } })).id;
    await test.core.handlers['connections.connect']({ serverId });
    await test.core.handlers['tools.list']({ serverId, force: true });
    const outcome = await test.core.handlers['tools.call']({ serverId, name: 'forecast', arguments: { region: 'eu' }, callId: 'c1' });
    expect(outcome.failure).toBeUndefined();
  });
  afterAll(async () => {
    await test?.core.dispose();
    stop?.();
  });

  it('is valid HAR 1.2, and reads back with each MCP POST\'s JSON-RPC request and answer', async () => {
    const exported = await test.core.handlers['traffic.exportHar']();
    const har = JSON.parse(exported.text) as Har;
    const validate = harValidator();
    expect(validate(har), JSON.stringify(validate.errors)).toBe(true);
    // The validator is a real one: an entry without its required parts fails it.
    expect(validate({ log: { ...har.log, entries: [{ ...har.log.entries[0], timings: {} }] } })).toBe(false);
    expect(har.log.creator.name).toBe('MCP Loupe');
    expect(exported.exchanges).toBe(har.log.entries.length);

    const call = har.log.entries.find((entry) => entry.request.headers.some((h) => h.name === 'mcp-method' && h.value === 'tools/call'))!;
    expect(call.request.method).toBe('POST');
    expect(JSON.parse(call.request.postData!.text)).toMatchObject({ method: 'tools/call', params: { name: 'forecast', arguments: { region: 'eu' } } });
    expect(call.response.status).toBe(200);
    expect(call.response.content.text).toContain('Sunny in eu');
    expect(call.comment).toContain('Mirrored headers: ✓');
    expect(new Date(call.startedDateTime).getTime()).toBeGreaterThan(Date.now() - 600_000);
  });

  it('redacts secret header values, as every export does', async () => {
    const { text } = await test.core.handlers['traffic.exportHar']();
    expect(text).not.toContain('sekret-value-1');
    const har = JSON.parse(text) as Har;
    expect(har.log.entries[0]!.request.headers.find((h) => h.name === 'x-api-key')?.value).toBe('[redacted]');
  });
});
