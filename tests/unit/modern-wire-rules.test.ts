import { describe, expect, it } from 'vitest';
import { findResultViolations } from '../../main/core/mcp/result-violations.js';

const TOOLS = { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] };

describe('the 2026-07-28 conformance lint', () => {
  it('accepts a complete, cacheable list result', () => {
    expect(findResultViolations('tools/list', { ...TOOLS, resultType: 'complete', ttlMs: 0, cacheScope: 'private' }, 'modern')).toEqual([]);
  });

  it('requires resultType, ttlMs and cacheScope on a list, where 2025 needs none of them', () => {
    expect(findResultViolations('tools/list', TOOLS, 'legacy')).toEqual([]);
    expect(findResultViolations('tools/list', TOOLS, 'modern').map((violation) => violation.path)).toEqual(['/resultType', '/ttlMs', '/cacheScope']);
  });

  it('names a bad value and says what is allowed', () => {
    const violations = findResultViolations('resources/read', { contents: [], resultType: 'later', ttlMs: -1, cacheScope: 'everyone' }, 'modern');
    expect(violations).toEqual([
      { path: '/resultType', message: 'Unknown result type "later": expected "complete" or "input_required".' },
      { path: '/ttlMs', message: 'Must be a whole number of milliseconds, 0 or more.' },
      { path: '/cacheScope', message: 'Must be "public" or "private".' },
    ]);
  });

  it('does not ask a tool result for cache fields, but still checks its shape', () => {
    expect(findResultViolations('tools/call', { content: [], resultType: 'complete' }, 'modern')).toEqual([]);
    const broken = findResultViolations('tools/call', { content: 'not a list', resultType: 'complete' }, 'modern');
    expect(broken[0]?.path).toBe('/content');
  });
});
