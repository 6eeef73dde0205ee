import { describe, expect, test } from 'vitest';
import { parseByteSize, parseTrafficQuery } from '../../shared/filter/traffic-query.js';
import { splitTerms } from '../../shared/filter/filter-terms.js';

describe('traffic filter query: parsing', () => {
  test('splits on spaces but keeps "quoted phrases" and /regex with spaces/ whole', () => {
    expect(splitTerms('  method:tools/call  "hello world"  /a b/i -x ')).toEqual(['method:tools/call', '"hello world"', '/a b/i', '-x']);
    expect(splitTerms('-/a\\/ b/ z')).toEqual(['-/a\\/ b/', 'z']);
  });

  test('reads every property term', () => {
    const { clauses, errors } = parseTrafficQuery(
      'method:tools/call server:everything is:error dir:in kind:notification larger-than:10k smaller-than:2m id:7',
    );
    expect(errors).toEqual([]);
    expect(clauses).toEqual([
      { type: 'method', value: 'tools/call', negate: false },
      { type: 'server', value: 'everything', negate: false },
      { type: 'is', status: 'error', negate: false },
      { type: 'dir', direction: 'in', negate: false },
      { type: 'kind', kind: 'notification', negate: false },
      { type: 'larger-than', bytes: 10 * 1024, negate: false },
      { type: 'smaller-than', bytes: 2 * 1024 * 1024, negate: false },
      { type: 'id', value: '7', negate: false },
    ]);
  });

  test('a leading minus negates a term', () => {
    expect(parseTrafficQuery('-method:ping -hello').clauses).toEqual([
      { type: 'method', value: 'ping', negate: true },
      { type: 'text', value: 'hello', negate: true },
    ]);
  });

  test('status words have aliases (running, timed-out, no-response)', () => {
    const statuses = parseTrafficQuery('is:running is:timed-out is:no-response status:ok').clauses.map((clause) =>
      clause.type === 'is' ? clause.status : clause.type,
    );
    expect(statuses).toEqual(['pending', 'timeout', 'unanswered', 'ok']);
  });

  test('/regex/ becomes a RegExp, without the stateful g and y flags', () => {
    const [clause] = parseTrafficQuery('/tools\\/(call|list)/gi').clauses;
    expect(clause?.type).toBe('regex');
    if (clause?.type !== 'regex') return;
    expect(clause.regex.source).toBe('tools\\/(call|list)');
    expect(clause.regex.flags).toBe('i');
  });

  test('free text: words, phrases, and text that merely contains a colon or slashes', () => {
    expect(parseTrafficQuery('hello "big world" "jsonrpc":"2.0" /tools/call').clauses).toEqual([
      { type: 'text', value: 'hello', negate: false },
      { type: 'text', value: 'big world', negate: false },
      { type: 'text', value: '"jsonrpc":"2.0"', negate: false },
      { type: 'text', value: '/tools/call', negate: false },
    ]);
    expect(parseTrafficQuery('unknown:key').clauses).toEqual([{ type: 'text', value: 'unknown:key', negate: false }]);
  });

  test('bad terms are reported as sentences and left out; the rest still applies', () => {
    const { clauses, errors } = parseTrafficQuery('is:sideways larger-than:lots /(/ dir:up kind:frame method: ping');
    expect(clauses).toEqual([{ type: 'text', value: 'ping', negate: false }]);
    expect(errors).toHaveLength(6);
    expect(errors[0]).toContain('Unknown status "sideways"');
    expect(errors[1]).toContain('is not a size');
    expect(errors[2]).toContain('Invalid regular expression');
    expect(errors[3]).toContain('Unknown direction "up"');
    expect(errors[4]).toContain('Unknown kind "frame"');
    expect(errors[5]).toContain('needs a value');
  });

  test('sizes: bytes, k and m suffixes (1 k = 1024 bytes), decimals; nonsense is undefined', () => {
    expect(parseByteSize('200')).toBe(200);
    expect(parseByteSize('10k')).toBe(10_240);
    expect(parseByteSize('10KB')).toBe(10_240);
    expect(parseByteSize('1.5m')).toBe(1_572_864);
    expect(parseByteSize('ten')).toBeUndefined();
    expect(parseByteSize('5g')).toBeUndefined();
  });

  test('an empty query has no clauses', () => {
    expect(parseTrafficQuery('   ')).toEqual({ clauses: [], errors: [] });
  });
});
