import { describe, expect, it } from 'vitest';
import { parseRunnerResults } from '../conformance/runner-results.js';

describe('reading the conformance runner\'s --json output', () => {
  it('reads the results', () => {
    const results = [{ name: 'initialize', tags: [], pass: true, reason: '1 check(s) passed' }];
    expect(parseRunnerResults(`${JSON.stringify(results)}\n`)).toEqual(results);
  });

  it('fails with the text it could not read when npm printed ahead of the JSON (issue 24: npm test hung on a fresh clone)', () => {
    expect(() => parseRunnerResults('added 123 packages in 16s\n[]')).toThrow(/not its JSON results[\s\S]*added 123 packages in 16s/);
  });
});
