import { describe, expect, test } from 'vitest';
import { checkLabel } from '../../shared/check-label.js';
import { checkFromDraft, EMPTY_CHECK_DRAFT, type CheckDraft } from '../../renderer/src/features/collections/check-draft.js';

const draft = (change: Partial<CheckDraft>): CheckDraft => ({ ...EMPTY_CHECK_DRAFT, ...change });

describe('the Add a check form makes the checks of the file format (issue 27)', () => {
  test.each([
    [{ kind: 'outcome', outcome: 'success' }, { outcome: 'success' }, 'outcome is success'],
    [{ kind: 'outcome', outcome: 'error', code: '-32602' }, { outcome: 'error', code: -32602 }, 'outcome is error -32602'],
    [{ kind: 'outcome', outcome: 'error', code: '' }, { outcome: 'error' }, 'outcome is error'],
    [{ kind: 'value', path: '/content/0/text', test: 'contains', value: 'hello' }, { path: '/content/0/text', contains: 'hello' }, '/content/0/text contains "hello"'],
    [{ kind: 'value', path: '$.structuredContent.n', test: 'equals', value: '5' }, { path: '$.structuredContent.n', equals: 5 }, '$.structuredContent.n equals 5'],
    [{ kind: 'value', path: '', test: 'exists' }, { path: '', exists: true }, 'result exists'],
    [{ kind: 'value', path: '/isError', test: 'absent' }, { path: '/isError', exists: false }, '/isError does not exist'],
    [{ kind: 'value', test: 'matches', value: '^Echo', flags: 'i' }, { path: '/content/0/text', matches: '^Echo', flags: 'i' }, '/content/0/text matches /^Echo/i'],
    [{ kind: 'schema', schema: '{"type":"object"}' }, { schema: { type: 'object' } }, 'result matches the schema'],
    [{ kind: 'latency', latencyMs: '250' }, { latencyMs: 250 }, 'answers within 250 ms'],
    [{ kind: 'snapshot', ignore: ' /content/0/text \n\n/_meta ' }, { snapshot: { ignore: ['/content/0/text', '/_meta'] } }, 'result matches its snapshot'],
    [{ kind: 'latency', latencyMs: '100', name: '  fast enough ' }, { name: 'fast enough', latencyMs: 100 }, 'fast enough'],
  ] as const)('%o makes %o, read as "%s"', (fields, check, label) => {
    const made = checkFromDraft(draft(fields));
    expect(made).toEqual({ check });
    if ('check' in made) expect(checkLabel(made.check)).toBe(label);
  });

  test.each([
    [{ kind: 'outcome', outcome: 'error', code: 'x' }, /whole number/],
    [{ kind: 'value', path: 'content/0', test: 'exists' }, /JSON Pointer/],
    [{ kind: 'value', test: 'contains', value: '' }, /must contain/],
    [{ kind: 'value', test: 'matches', value: '(open' }, /does not compile/],
    [{ kind: 'schema', schema: '{nope' }, /not JSON/],
    [{ kind: 'schema', schema: '[1]' }, /JSON object/],
    [{ kind: 'latency', latencyMs: '0' }, /above 0/],
  ] as const)('%o is refused with a sentence', (fields, sentence) => {
    const made = checkFromDraft(draft(fields));
    expect('problem' in made && made.problem).toMatch(sentence);
  });
});
