import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolLintFinding } from '../../shared/tool-lint.js';
import { lintTool, lintTools } from '../../main/core/lint/tool-lint.js';
import { SCHEMA_LIMITS } from '../../main/core/lint/schema-lint.js';
import { fixture, startCore, type TestCore } from './helpers.js';

const of = (findings: ToolLintFinding[], tool: string, rule: ToolLintFinding['rule']) => findings.filter((finding) => finding.tool === tool && finding.rule === rule);

describe('tool lint against the fixture server\'s rule-breaking tools', () => {
  let test: TestCore;
  let serverId: string;

  beforeAll(async () => {
    test = await startCore();
    serverId = (await test.add('lint', fixture('--lint-tools'))).id;
    expect((await test.core.handlers['connections.connect']({ serverId })).status).toBe('connected');
  });
  afterAll(async () => {
    await test?.core.dispose();
  });

  it('finds each broken rule with its severity, providers, place and a fix', async () => {
    const report = await test.core.handlers['tools.lint']({ serverId });
    const { findings } = report;
    const [name] = of(findings, 'search files', 'tool-name');
    expect(name).toMatchObject({ severity: 'error', path: '/name', providers: ['openai', 'anthropic', 'gemini'] });
    expect(name?.fix).toBe('Rename it, e.g. "search_files".');

    expect(of(findings, 'tree', 'ref-cycle')[0]).toMatchObject({ severity: 'warning', providers: ['gemini'] });
    expect(of(findings, 'tree', 'unresolved-ref')[0]).toMatchObject({ severity: 'error', path: '/inputSchema/properties/missing/$ref' });
    expect(of(findings, 'tree', 'missing-type').map((finding) => finding.path)).toContain('/inputSchema/properties/anything');
    expect(of(findings, 'tree', 'undocumented-parameter').map((finding) => finding.path)).toEqual(['/inputSchema/properties/count']);
    const keywords = of(findings, 'tree', 'unsupported-keyword').map((finding) => finding.message);
    expect(keywords.some((message) => message.includes('"oneOf"') && message.includes('Google Gemini'))).toBe(true);
    // echo and the other fixture tools are clean of these rules.
    expect(findings.filter((finding) => finding.tool === 'echo')).toEqual([]);
    expect(report.counts.error).toBe(findings.filter((finding) => finding.severity === 'error').length);
  });

  it('lints the list the connection holds without asking the server again, unless forced', async () => {
    await test.core.handlers['tools.list']({ serverId });
    const listRequests = async () => (await test.traffic(serverId)).filter((entry) => entry.kind === 'request' && entry.method === 'tools/list').length;
    const before = await listRequests();
    expect((await test.core.handlers['tools.lint']({ serverId })).tools).toBeGreaterThan(0);
    expect(await listRequests()).toBe(before);
    await test.core.handlers['tools.lint']({ serverId, force: true });
    expect(await listRequests()).toBe(before + 1);
  });

  it('flags a missing output schema only once the tool was seen returning structuredContent', async () => {
    expect(of((await test.core.handlers['tools.lint']({ serverId })).findings, 'weather', 'missing-output-schema')).toEqual([]);
    const outcome = await test.core.handlers['tools.call']({ serverId, name: 'weather', arguments: { city: 'Oslo' }, callId: 'weather-1' });
    expect(outcome.failure).toBeUndefined();
    const report = await test.core.handlers['tools.lint']({ serverId });
    expect(report.observedStructuredTools).toEqual(['weather']);
    expect(of(report.findings, 'weather', 'missing-output-schema')[0]).toMatchObject({ severity: 'warning', path: '/outputSchema' });
  });
});

describe('tool lint bounds', () => {
  it('stops at a schema deeper than it walks, and says the rest was not checked', () => {
    let schema: Record<string, unknown> = { type: 'string', description: 'leaf' };
    for (let level = 0; level < SCHEMA_LIMITS.maxDepth; level++) schema = { type: 'object', description: 'level', properties: { next: schema } };
    const findings = lintTool({ name: 'deep', description: 'Deep.', inputSchema: schema }, new Set());
    expect(findings.find((finding) => finding.rule === 'not-checked')?.message).toMatch(/too deep/);
    expect(findings.find((finding) => finding.rule === 'nesting-depth')?.providers).toEqual(['openai']);
  });

  it('expands a $ref fan-out only up to its limit', async () => {
    // Each level refers to the next twice: 2^30 paths if expanded without a bound.
    const defs: Record<string, unknown> = {};
    for (let level = 0; level < 30; level++) {
      defs[`l${level}`] = { type: 'object', description: 'x', properties: { a: { $ref: `#/$defs/l${level + 1}` }, b: { $ref: `#/$defs/l${level + 1}` } } };
    }
    defs.l30 = { type: 'string' };
    const report = await lintTools('s', [{ name: 'fan', description: 'Fan.', inputSchema: { type: 'object', properties: { root: { $ref: '#/$defs/l0', description: 'r' } }, $defs: defs } }], new Set());
    expect(report.tools).toBe(1);
    expect(report.findings.filter((finding) => finding.rule === 'ref-cycle')).toEqual([]);
  });
});
