import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type ReceivedSpan } from '../fixtures/otlp-receiver.js';
import { runAllowed, FIXTURE_SERVER, fixture, startCore, waitFor, type TestCore } from './helpers.js';

describe('OpenTelemetry export of MCP calls over OTLP/HTTP', () => {
  let test: TestCore;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let serverId: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    test = await startCore();
    const status = await test.core.handlers['telemetry.configure']({ endpoint: receiver.url });
    expect(status).toEqual({ endpoint: receiver.url, exported: 0, failed: 0 });
    serverId = (await test.add('fixture', fixture())).id;
    await test.core.handlers['connections.connect']({ serverId });
  });
  afterAll(async () => {
    await test?.core.dispose();
    await receiver?.close();
  });

  it('sends one CLIENT span per request, named and attributed after the MCP semantic conventions, under a parent span', async () => {
    const parent = await test.core.handlers['telemetry.startSpan']({ name: 'collection run: smoke', kind: 'collection-run', serverId });
    const ok = await test.core.handlers['tools.call']({ serverId, name: 'echo', arguments: { message: 'hi' }, callId: 'c1' });
    expect(ok.failure).toBeUndefined();
    await test.core.handlers['tools.call']({ serverId, name: 'no-such-tool', arguments: {}, callId: 'c2' });
    await test.core.handlers['telemetry.endSpan']({ spanId: parent.spanId });
    await test.core.handlers['resources.read']({ serverId, uri: 'fixture://no-such-resource' });

    const named = (name: string) => waitFor(() => receiver.spans.find((span) => span.name === name), `the span "${name}"`);
    const echo: ReceivedSpan = await named('tools/call echo');
    expect(receiver.contentTypes[0]).toBe('application/x-protobuf');
    expect(echo.kind).toBe(3);
    expect(echo.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'network.transport': 'pipe',
      'loupe.server.id': serverId,
      'loupe.server.name': 'fixture',
    });
    expect(typeof echo.attributes['jsonrpc.request.id']).toBe('string');
    expect(echo.attributes['loupe.request.size']).toBeGreaterThan(0);
    expect(echo.attributes['loupe.response.size']).toBeGreaterThan(0);
    expect(echo.status.code).toBe(0);
    expect(echo.endMs).toBeGreaterThanOrEqual(echo.startMs);
    expect(echo.resource['service.name']).toBe('mcp-loupe');

    const run = await named('collection run: smoke');
    expect(run.spanId).toBe(parent.spanId);
    expect(echo.parentSpanId).toBe(parent.spanId);
    expect(echo.traceId).toBe(parent.traceId);

    const failedTool = await named('tools/call no-such-tool');
    expect(failedTool.parentSpanId).toBe(parent.spanId);
    const read = await named('resources/read');
    expect(read.parentSpanId).toBe('');
    expect(read.attributes['mcp.resource.uri']).toBe('fixture://no-such-resource');
    expect(read.attributes['error.type']).toBe(read.attributes['rpc.response.status_code']);
    expect(read.status.code).toBe(2);
    // The exporter counts a batch once the collector's answer is back.
    await waitFor(async () => (await test.core.handlers['telemetry.status']()).exported >= 4, 'the exported count');
  });

  it('a collection run is the parent span of the requests it makes, and a call made meanwhile elsewhere is not its child', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'loupe-otlp-collection-'));
    try {
      await writeFile(
        path.join(dir, 'collection.yaml'),
        // Not the listed fixture's settings (those would be reused): the run has a server of its own.
        `loupe: 1\nname: traced\nservers:\n  fx:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(FIXTURE_SERVER)}, --surface, v1]\n`,
      );
      await writeFile(path.join(dir, 'echo.yaml'), 'tool: echo\narguments: { message: traced run }\n');
      const view = await test.core.handlers['collections.open']({ dir });
      const report = await runAllowed(test.core.handlers, { collectionId: view.id });
      expect(report.requests.map((request) => request.status)).toEqual(['passed']);
      await test.core.handlers['tools.call']({ serverId, name: 'echo', arguments: { message: 'outside the run' }, callId: 'c3' });

      const run = await waitFor(() => receiver.spans.find((span) => span.name === 'collection run'), 'the collection run span');
      expect(run.attributes['loupe.span.kind']).toBe('collection-run');
      const calls = await waitFor(() => {
        const echoes = receiver.spans.filter((span) => span.name === 'tools/call echo' && span.startMs >= run.startMs);
        return echoes.length >= 2 ? echoes : undefined;
      }, 'both echo spans');
      const inRun = calls.filter((span) => span.parentSpanId === run.spanId);
      expect(inRun).toHaveLength(1);
      expect(inRun[0]!.attributes['loupe.server.name']).toContain('fx');
      expect(calls.find((span) => span.attributes['loupe.server.id'] === serverId)?.parentSpanId).toBe('');
      await test.core.handlers['collections.close']({ collectionId: view.id });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says why a parent span cannot start while exporting is off', async () => {
    await test.core.handlers['telemetry.configure']({ endpoint: null });
    await expect(test.core.handlers['telemetry.startSpan']({ name: 'turn', kind: 'chat-turn' })).rejects.toThrow('OpenTelemetry export is off: name a collector with telemetry.configure first.');
  });
});
