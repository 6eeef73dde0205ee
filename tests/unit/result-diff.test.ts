import { parse as parseJunit, type TestSuites } from 'junit2json';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../shared/collections.js';
import { diffValues } from '../../main/core/collections/result-diff.js';
import { evaluateValueChecks, type ValueCheck } from '../../main/core/mcp/value-checks.js';
import { SchemaValidator } from '../../main/core/mcp/schema-validator.js';
import { junitReport } from '../../main/cli/run-reports.js';

describe('result diff', () => {
  it('names what was added, removed and changed, by JSON Pointer', () => {
    const diff = diffValues({ a: 1, b: { c: [1, 2] }, gone: true }, { a: 2, b: { c: [1, 2, 3] }, new: 'x' });
    expect(diff.counts).toEqual({ added: 2, removed: 1, changed: 1 });
    expect(diff.rows).toEqual(
      expect.arrayContaining([
        { kind: 'changed', path: '/a', before: '1', after: '2' },
        { kind: 'added', path: '/b/c/2', after: '3' },
        { kind: 'removed', path: '/gone', before: 'true' },
        { kind: 'added', path: '/new', after: '"x"' },
      ]),
    );
  });

  it('diffs long texts by line, with context and gaps', () => {
    const lines = Array.from({ length: 40 }, (_, index) => `line ${index + 1}`);
    const changed = lines.map((line, index) => (index === 19 ? 'line twenty' : line));
    const diff = diffValues({ text: `${lines.join('\n')}\n` }, { text: `${changed.join('\n')}\n` });
    expect(diff.rows[0]).toEqual({ kind: 'text', path: '/text', linesAdded: 1, linesRemoved: 1 });
    expect(diff.rows.slice(1).map((row) => (row.kind === 'line' ? `${row.op}${row.text}` : row.kind === 'gap' ? `…${row.lines}` : row.kind))).toEqual([
      '…16',
      ' line 17',
      ' line 18',
      ' line 19',
      '-line 20',
      '+line twenty',
      ' line 21',
      ' line 22',
      ' line 23',
      '…17',
    ]);
  });

  it('leaves out ignored paths, with * for any key or index', () => {
    const before = { items: [{ id: 'a1', at: 1, v: 1 }, { id: 'b1', at: 2, v: 2 }], at: 5 };
    const after = { items: [{ id: 'a2', at: 3, v: 1 }, { id: 'b2', at: 4, v: 3 }], at: 6 };
    const diff = diffValues(before, after, ['/items/*/id', '/items/*/at', '/at']);
    expect(diff.rows).toEqual([{ kind: 'changed', path: '/items/1/v', before: '2', after: '3' }]);
    expect(() => diffValues(before, after, ['items'])).toThrow('The ignore path "items" is not a JSON Pointer');
  });

  it('compares values that are not objects, and the same value as no change', () => {
    expect(diffValues('a', 'b').rows).toEqual([{ kind: 'changed', path: '', before: '"a"', after: '"b"' }]);
    expect(diffValues([1, { a: 'x' }], [1, { a: 'x' }]).rows).toEqual([]);
  });
});

describe('value checks (as the worker runs them)', () => {
  const result = { content: [{ type: 'text', text: 'Echo: hi' }, { type: 'text', text: 'second' }], structuredContent: { items: [{ id: 1, tags: ['a', 'b'] }], count: 1 } };
  const run = (check: ValueCheck) => evaluateValueChecks({ result, items: [{ index: 0, check }] }, new SchemaValidator(), () => {})[0]!;

  it.each<[string, ValueCheck, boolean, string?]>([
    ['a pointer equals', { path: '/structuredContent/count', equals: 1 }, true],
    ['a JSONPath of several values equals their list', { path: '$.content[*].text', equals: ['Echo: hi', 'second'] }, true],
    ['contains a part of an object', { path: '/structuredContent/items/0', contains: { tags: ['a', 'b'] } }, true],
    ['contains an item of a list', { path: '$.structuredContent.items[0].tags', contains: 'b' }, true],
    ['contains a substring', { path: '/content/0/text', contains: 'hi' }, true],
    ['every selected value matches', { path: '$.content[*].text', matches: '^[A-Za-z: ]+$' }, true],
    ['a value that is not text does not match', { path: '/structuredContent/count', matches: '1' }, false, '/structuredContent/count is a number, not text, so it cannot match /1/.'],
    ['exists: false', { path: '/structuredContent/missing', exists: false }, true],
    ['a missing value', { path: '/structuredContent/missing', equals: 1 }, false, 'Nothing is at /structuredContent/missing.'],
    ['a different value', { path: '/content/0/text', equals: 'Echo: bye' }, false, '/content/0/text is "Echo: hi", not "Echo: bye".'],
    ['a schema', { schema: { type: 'object', required: ['isError'] } }, false, 'The result does not match the schema: /isError "isError" is required.'],
    ['a schema that cannot be used', { schema: { type: 'no-such-type' } }, false],
  ])('%s', (_what, check, passed, message) => {
    const verdict = run(check);
    expect(verdict.passed).toBe(passed);
    if (message) expect(verdict.message).toBe(message);
    if (!passed) expect(verdict.message).toMatch(/\.$/);
  });
});

describe('JUnit report', () => {
  it('is XML a JUnit parser reads, whatever a server put in the messages', async () => {
    const hostile = 'a <b> & "c" \u0001\u0007 ]]> \uFFFF end';
    const report: RunReport = {
      runId: 'r',
      collection: 'C & <D>',
      dir: '/tmp/c',
      startedAt: 0,
      durationMs: 1234,
      requests: [
        { path: 'a/b.yaml', name: 'b', server: 's', status: 'failed', startedAt: 0, durationMs: 5, trafficSeqs: [], resultKept: false, checks: [{ index: 0, label: 'x <y>', passed: false, message: hostile }] },
        { path: 'c.yaml', name: 'c', server: 's', status: 'error', error: hostile, startedAt: 0, durationMs: 1, trafficSeqs: [], resultKept: false, checks: [] },
      ],
      totals: { requests: 2, passed: 0, failed: 1, errors: 1, checks: 1, checksFailed: 1 },
    };
    const parsed = (await parseJunit(junitReport(report))) as TestSuites;
    expect(parsed).toMatchObject({ name: 'Loupe: C & <D>', tests: 2, failures: 1, errors: 1 });
    const cases = parsed.testsuite!.flatMap((suite) => suite.testcase ?? []);
    expect(cases[0]).toMatchObject({ classname: 'a.b', name: 'x <y>', failure: [{ message: 'a <b> & "c"  ]]>  end' }] });
    expect(cases[1]).toMatchObject({ classname: 'c', name: 'request', error: [{ message: 'a <b> & "c"  ]]>  end' }] });
  });
});
