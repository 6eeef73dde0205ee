import { CallToolResultSchema as ModernCallToolResultSchema } from '@modelcontextprotocol/core';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { findResultViolations } from '../../main/core/mcp/result-violations.js';
import { surelyConforms } from '../../main/core/mcp/surely-conforms.js';

const SCHEMAS = { legacy: CallToolResultSchema, modern: ModernCallToolResultSchema } as const;
const ERAS = ['legacy', 'modern'] as const;

const TEXT = { type: 'text', text: 'Echo: hello' };
const CONTENTS: unknown[] = [
  undefined,
  [],
  [TEXT],
  [TEXT, { type: 'text', text: '' }],
  [{ ...TEXT, extra: 1 }],
  [{ ...TEXT, annotations: { priority: 0.5 } }],
  [{ ...TEXT, annotations: { priority: 2 } }],
  [{ ...TEXT, _meta: { a: 1 } }],
  [{ ...TEXT, _meta: 'no' }],
  [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }],
  [{ type: 'image', data: 'aGk=' }],
  [TEXT, { type: 'text', text: 5 }],
  [{ type: 'text' }],
  [{ type: 'txt', text: 'a' }],
  [null],
  [[TEXT]],
  'Echo: hello',
  TEXT,
  null,
];
const IS_ERRORS: unknown[] = [undefined, false, 'true', null];
const STRUCTURED: unknown[] = [undefined, { echo: 'hello' }, [], null];
const METAS: unknown[] = [undefined, { progressToken: 1 }, { progressToken: {} }, 5];
const EXTRAS: Array<Record<string, unknown>> = [{}, { toolResult: 1 }];

/** Every combination of the values above, as a tool result (keys whose value is undefined are left out, as in parsed JSON). */
function* toolResults(): Generator<unknown> {
  for (const content of CONTENTS) {
    for (const isError of IS_ERRORS) {
      for (const structuredContent of STRUCTURED) {
        for (const meta of METAS) {
          for (const extra of EXTRAS) {
            const result: Record<string, unknown> = { ...extra };
            if (content !== undefined) result.content = content;
            if (isError !== undefined) result.isError = isError;
            if (structuredContent !== undefined) result.structuredContent = structuredContent;
            if (meta !== undefined) result._meta = meta;
            yield result;
          }
        }
      }
    }
  }
  yield* [null, 'result', 7, [], [TEXT]];
}

describe('the quick conformance look (surelyConforms)', () => {
  it('recognises the everyday text result, so the schema check is skipped for it', () => {
    expect(surelyConforms('tools/call', { content: [TEXT] })).toBe(true);
    expect(surelyConforms('tools/call', { content: [TEXT], isError: true, structuredContent: { echo: 'hello' }, resultType: 'complete' })).toBe(true);
  });

  it('is unsure of anything it does not know, and of other methods', () => {
    expect(surelyConforms('tools/call', { content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }] })).toBe(false);
    expect(surelyConforms('tools/call', { content: [TEXT], _meta: {} })).toBe(false);
    expect(surelyConforms('tools/list', { tools: [] })).toBe(false);
    expect(surelyConforms('toString', {})).toBe(false);
  });

  it('never vouches for a result the schema of either era rejects', () => {
    let vouched = 0;
    let rejected = 0;
    for (const result of toolResults()) {
      if (!surelyConforms('tools/call', result)) continue;
      vouched++;
      for (const era of ERAS) {
        const parsed = SCHEMAS[era].safeParse(result);
        if (!parsed.success) rejected++;
        expect(parsed.success, `${era}: ${JSON.stringify(result)}`).toBe(true);
      }
    }
    expect(vouched).toBeGreaterThan(30);
    expect(rejected).toBe(0);
  });

  it('leaves the verdict as the schema gives it: every non-conforming result is still caught, with its place', () => {
    let broken = 0;
    for (const result of toolResults()) {
      for (const era of ERAS) {
        const parsed = SCHEMAS[era].safeParse(result);
        const issues = parsed.success ? [] : parsed.error.issues.map((issue) => `/${issue.path.join('/')}`.replace(/^\/$/, ''));
        const found = findResultViolations('tools/call', result, era)
          .filter((violation) => !['/resultType'].includes(violation.path) && violation.message !== 'A result must be an object.')
          .map((violation) => violation.path);
        if (issues.length > 0) broken++;
        expect(found, `${era}: ${JSON.stringify(result)}`).toEqual(issues);
      }
    }
    expect(broken).toBeGreaterThan(500);
    // Thousands of schema checks: seconds on a busy machine.
  }, 60_000);

  it('still names what is wrong in a broken text result', () => {
    expect(findResultViolations('tools/call', { content: [{ type: 'text', text: 5 }] }, 'legacy').map((violation) => violation.path)).toEqual(['/content/0']);
    expect(findResultViolations('tools/call', { content: [TEXT], isError: 'yes' }, 'legacy')).toEqual([
      expect.objectContaining({ path: '/isError' }),
    ]);
    expect(findResultViolations('tools/call', { content: [TEXT], structuredContent: [] }, 'legacy')).toEqual([
      expect.objectContaining({ path: '/structuredContent' }),
    ]);
  });
});
