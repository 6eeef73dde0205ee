import { describe, expect, test } from 'vitest';
import { SchemaValidator } from '../../main/core/mcp/schema-validator.js';
import type { JsonObject, RpcOutcome, ToolInfo } from '../../shared/mcp.js';
import type { ValidateInCore } from '../../renderer/src/ui/schema-form/schema-check.js';
import { checkStructuredContent, structuredCheckWithoutCore } from '../../renderer/src/features/tools/result-checks.js';
import {
  addRun,
  MAX_RUNS_PER_TOOL,
  parseHistory,
  serializeHistory,
  storableRun,
  toolKey,
  type ToolRun,
} from '../../renderer/src/features/tools/run-history.js';
import { verdictOf } from '../../renderer/src/features/tools/run-verdict.js';
import { annotationBadges, filterEntries, listEntries, toolTitle } from '../../renderer/src/features/tools/tool-facts.js';

const outcome = (patch: Partial<RpcOutcome> = {}): RpcOutcome => ({ violations: [], durationMs: 5, responseSize: 100, ...patch });

function run(index: number, patch: Partial<ToolRun> = {}): ToolRun {
  return {
    callId: `call-${index}`,
    serverId: 'server',
    toolName: 'echo',
    startedAt: 1_000 + index,
    status: 'done',
    arguments: { message: `m${index}` },
    outcome: outcome({ result: { content: [{ type: 'text', text: `Echo: m${index}` }] } }),
    ...patch,
  };
}

describe('tool list facts', () => {
  const tools: ToolInfo[] = [
    { name: 'echo', title: 'Echo', description: 'Returns the message' },
    { name: 'search', description: 'Finds <b>things</b> on the web', annotations: { title: 'Web search', openWorldHint: true } },
    { name: 'echo', description: 'A second echo' },
  ];

  test('duplicate names get distinct keys and are flagged', () => {
    const entries = listEntries(tools);
    expect(entries.map((entry) => [entry.key, entry.sameName])).toEqual([
      ['echo', 2],
      ['search', 1],
      ['echo#2', 2],
    ]);
  });

  test('the filter matches name, title and description, every word', () => {
    const entries = listEntries(tools);
    expect(filterEntries(entries, 'web').map((entry) => entry.key)).toEqual(['search']);
    expect(filterEntries(entries, 'ECHO second').map((entry) => entry.key)).toEqual(['echo#2']);
    expect(filterEntries(entries, '  ')).toBe(entries);
    expect(toolTitle(tools[1]!)).toBe('Web search');
    expect(toolTitle({ name: 'same', title: 'same' })).toBeUndefined();
  });

  test('annotation badges only for hints stated as true; read-only wins over destructive', () => {
    expect(annotationBadges({ name: 't', annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true } }).map((badge) => badge.id)).toEqual([
      'read-only',
      'idempotent',
    ]);
    expect(annotationBadges({ name: 't', annotations: { destructiveHint: true, openWorldHint: true } }).map((badge) => badge.id)).toEqual([
      'destructive',
      'open-world',
    ]);
    expect(annotationBadges({ name: 't' })).toEqual([]);
    expect(annotationBadges({ name: 't', annotations: { readOnlyHint: true } })[0]!.explanation).toMatch(/does not modify/);
  });
});

describe('verdicts', () => {
  test('protocol failure, tool error, non-conforming and success are told apart', () => {
    expect(verdictOf({ status: 'running' })).toBe('running');
    expect(verdictOf({ status: 'done', error: 'Lost connection to the Loupe host' })).toBe('failed');
    expect(verdictOf({ status: 'done', outcome: outcome({ failure: { kind: 'protocol', message: 'Unknown tool', code: -32602 } }) })).toBe('failed');
    expect(verdictOf({ status: 'done', outcome: outcome({ failure: { kind: 'cancelled', message: 'Cancelled' } }) })).toBe('cancelled');
    expect(verdictOf({ status: 'done', outcome: outcome({ result: { content: [], isError: true } }) })).toBe('tool-error');
    expect(verdictOf({ status: 'done', outcome: outcome({ result: { success: true, content: 'x' }, violations: [{ path: '/content', message: 'Expected array' }] }) })).toBe(
      'non-conforming',
    );
    expect(verdictOf({ status: 'done', outcome: outcome({ result: { content: [] } }) })).toBe('success');
  });
});

describe('structuredContent against the output schema', () => {
  const schema = { type: 'object', properties: { temperature: { type: 'number' } }, required: ['temperature'] };

  const validator = new SchemaValidator();
  const validate: ValidateInCore = async (outputSchema, value) => validator.validate(outputSchema, value);
  const check = (outputSchema: JsonObject | undefined, result: unknown, by = validate) => checkStructuredContent(by, outputSchema, result);

  test('pass, fail with each path, missing, and no schema', async () => {
    expect(await check(schema, { content: [], structuredContent: { temperature: 21 } })).toEqual({ status: 'pass' });
    expect(await check(schema, { content: [], structuredContent: { temperature: 'warm', extra: 1 } })).toEqual({
      status: 'fail',
      errors: [{ pointer: '/temperature', keyword: 'type', message: 'Must be a number.' }],
    });
    expect(await check(schema, { content: [], structuredContent: {} })).toEqual({
      status: 'fail',
      errors: [{ pointer: '/temperature', keyword: 'required', message: 'Required.' }],
    });
    expect(await check(schema, { content: [] })).toEqual({ status: 'missing' });
    expect(await check(schema, { content: [], isError: true })).toEqual({ status: 'none' });
    expect(await check(undefined, { content: [], structuredContent: {} })).toEqual({ status: 'unchecked' });
    expect(await check(undefined, { content: [] })).toEqual({ status: 'none' });
  });

  test('the core is asked only when there is something to check; when it does not answer, the result says so', async () => {
    let asked = 0;
    const counting: ValidateInCore = async (outputSchema, value) => {
      asked++;
      return validator.validate(outputSchema, value);
    };
    expect(structuredCheckWithoutCore(schema, { content: [], structuredContent: {} })).toBeNull();
    await check(schema, { content: [] }, counting);
    await check(undefined, { content: [], structuredContent: {} }, counting);
    expect(asked).toBe(0);
    const down: ValidateInCore = async () => {
      throw new Error('Lost connection to the Loupe host');
    };
    expect(await check(schema, { content: [], structuredContent: { temperature: 1 } }, down)).toEqual({
      status: 'not-checked',
      reason: 'Loupe’s core did not answer the schema check (Lost connection to the Loupe host).',
    });
  });
});

describe('run history', () => {
  test('newest first, bounded per tool', () => {
    let runs: ToolRun[] = [];
    for (let index = 0; index < MAX_RUNS_PER_TOOL + 5; index++) runs = addRun(runs, run(index));
    expect(runs).toHaveLength(MAX_RUNS_PER_TOOL);
    expect(runs[0]!.callId).toBe(`call-${MAX_RUNS_PER_TOOL + 4}`);
  });

  test('large results are not stored, only the fact that there was one', () => {
    const huge = run(1, { outcome: outcome({ result: { content: [{ type: 'text', text: 'x'.repeat(100_000) }] }, responseSize: 100_050 }) });
    const stored = storableRun(huge)!;
    expect(stored.resultDropped).toBe(true);
    expect(stored.outcome?.result).toBeUndefined();
    expect(stored.outcome?.responseSize).toBe(100_050);
    expect(stored.arguments).toEqual({ message: 'm1' });
    expect(storableRun(run(2))).toEqual(run(2));
    expect(storableRun(run(3, { status: 'running' }))).toBeNull();
    const held = run(4, {
      outcome: outcome({ result: { content: [{ type: 'text', text: '' }] }, responseSize: 20_000_000, heldTexts: [{ path: ['content', 0, 'text'], key: 1, chars: 19_999_900, head: 'x' }] }),
    });
    const storedHeld = storableRun(held)!;
    expect(storedHeld.resultDropped).toBe(true);
    expect(storedHeld.outcome).not.toHaveProperty('heldTexts');
  });

  test('stored history round-trips, keeps the newest within the budget and skips junk', () => {
    const history = { [toolKey('server', 'echo')]: [run(3), run(2), run(1)] };
    const text = serializeHistory(history);
    expect(parseHistory(text)).toEqual(history);
    const tight = serializeHistory(history, JSON.stringify(run(3)).length + 4);
    expect(parseHistory(tight)[toolKey('server', 'echo')]!.map((kept) => kept.callId)).toEqual(['call-3']);
    expect(parseHistory('not json')).toEqual({});
    expect(parseHistory(JSON.stringify([{ callId: 1 }, run(4)]))).toEqual({ [toolKey('server', 'echo')]: [run(4)] });
  });

  test('a run is serialized once, however often the history is saved after later runs', () => {
    let serialized = 0;
    const counted = run(1, { arguments: { message: 'm1', toJSON: () => (serialized++, { message: 'm1' }) } as unknown as JsonObject });
    const key = toolKey('server', 'echo');
    const first = serializeHistory({ [key]: [counted] });
    const second = serializeHistory({ [key]: [run(2), counted] });
    expect(serialized).toBe(1);
    expect(parseHistory(first)[key]!.map((kept) => kept.arguments)).toEqual([{ message: 'm1' }]);
    expect(parseHistory(second)[key]!.map((kept) => kept.callId)).toEqual(['call-2', 'call-1']);
  });
});
