import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Har } from '../../shared/har.js';
import type { LoadResult } from '../../shared/load-run.js';
import type { ToolLintReport } from '../../shared/tool-lint.js';
import { FIXTURE_SERVER } from '../core/helpers.js';
import { startModernHttpServer } from '../fixtures/modern-server-config.js';
import { startOtlpReceiver } from '../fixtures/otlp-receiver.js';
import { loupe } from './run-loupe.js';

const dataDir = () => ['--data-dir', mkdtempSync(join(tmpdir(), 'loupe-cli-peers-'))];
const fixture = (...flags: string[]) => ['--', process.execPath, FIXTURE_SERVER, ...flags];

describe('loupe lint, load, --client, --har and --otlp (built, against fixture servers)', () => {
  let modern: Awaited<ReturnType<typeof startModernHttpServer>>;
  beforeAll(async () => {
    modern = await startModernHttpServer();
  });
  afterAll(() => modern?.stop());

  it('lints the tools and exits 5 on errors (or on warnings with --fail-on warning)', async () => {
    const failing = await loupe(['lint', '--json', ...dataDir(), ...fixture('--lint-tools')]);
    expect(failing.code).toBe(5);
    const report = JSON.parse(failing.stdout) as ToolLintReport;
    expect(report.findings.some((finding) => finding.tool === 'search files' && finding.rule === 'tool-name')).toBe(true);

    const text = await loupe(['lint', ...dataDir(), ...fixture('--lint-tools')]);
    expect(text.stdout).toContain('fix: Rename it, e.g. "search_files".');
    expect(text.stdout).toMatch(/\d+ tools checked: [1-9]\d* errors/);

    const clean = await loupe(['lint', ...dataDir(), ...fixture()]);
    expect(clean.code, clean.stdout).toBe(0);
    expect((await loupe(['lint', '--fail-on', 'warning', ...dataDir(), ...fixture()])).code).toBe(5);
    expect((await loupe(['lint', '--fail-on', 'info', ...dataDir(), ...fixture()])).code).toBe(2);
  });

  it('runs a bounded load and prints its percentiles; refuses limits it does not allow', async () => {
    const run = await loupe(['load', '--tool', 'echo', '--args', '{"message":"x"}', '--concurrency', '2', '--rate', '20', '--duration', '1', '--json', ...dataDir(), ...fixture()]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as LoadResult;
    expect(result.calls).toBeGreaterThan(0);
    expect(result.calls).toBeLessThanOrEqual(20);
    expect(result.latencyMs?.p99).toBeGreaterThan(0);
    const tooMany = await loupe(['load', '--tool', 'echo', '--concurrency', '65', ...fixture()]);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('--concurrency is at most 64, got 65.');
    expect((await loupe(['load', '--help'])).stdout).toContain('Meant for\nyour own servers');
  });

  it('presents itself as the client named by --client', async () => {
    const record = join(mkdtempSync(join(tmpdir(), 'loupe-cli-rec-')), 'session.jsonl');
    const run = await loupe(['connect', '--client', 'cursor', '--record', record, ...dataDir(), ...fixture()]);
    expect(run.code, run.stderr).toBe(0);
    const initialize = readFileSync(record, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { method?: string; raw?: string }).find((entry) => entry.method === 'initialize');
    expect(JSON.parse(initialize!.raw!).params.clientInfo).toEqual({ name: 'cursor-vscode', version: '1.0.0' });
  });

  it('writes a HAR of the session and sends its spans to an OTLP collector', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const har = join(mkdtempSync(join(tmpdir(), 'loupe-cli-har-')), 'session.har');
      const run = await loupe(['tools', 'call', 'forecast', '--args', '{"region":"eu"}', '--url', modern.url, '--har', har, '--otlp', receiver.url, ...dataDir()]);
      expect(run.code, run.stderr).toBe(0);
      const document = JSON.parse(readFileSync(har, 'utf8')) as Har;
      expect(document.log.version).toBe('1.2');
      expect(document.log.entries.some((entry) => entry.response.content.text?.includes('Sunny in eu'))).toBe(true);
      // The CLI sends its last spans before it exits.
      expect(receiver.spans.map((span) => span.name)).toContain('tools/call forecast');
    } finally {
      await receiver.close();
    }
  });
});
