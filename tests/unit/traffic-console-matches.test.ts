import { describe, expect, test } from 'vitest';
import { stderrFilter } from '../../renderer/src/features/console/console-filter.js';
import { splitMatches } from '../../renderer/src/features/console/text-matches.js';
import { CompactTrafficLog } from '../../renderer/src/state/traffic/compact-traffic-log.js';
import { TrafficView } from '../../renderer/src/state/traffic/traffic-view.js';
import { EntryFactory } from './traffic-test-entries.js';

describe('console: search highlighting', () => {
  test('splits a line around every match, ignoring case, keeping the original text', () => {
    expect(splitMatches('Cache miss; cache hit', 'CACHE')).toEqual([
      { text: 'Cache', match: true },
      { text: ' miss; ', match: false },
      { text: 'cache', match: true },
      { text: ' hit', match: false },
    ]);
  });

  test('markup in a line stays text', () => {
    expect(splitMatches('<b>key</b>', 'key')).toEqual([
      { text: '<b>', match: false },
      { text: 'key', match: true },
      { text: '</b>', match: false },
    ]);
  });

  test('every word, phrase and /regex/ of the query is marked; negated terms are not', () => {
    expect(splitMatches('cache miss after warm-up: 42 ms', 'miss "warm-up" /\\d+ ms/ -cold')).toEqual([
      { text: 'cache ', match: false },
      { text: 'miss', match: true },
      { text: ' after ', match: false },
      { text: 'warm-up', match: true },
      { text: ': ', match: false },
      { text: '42 ms', match: true },
    ]);
    expect(splitMatches('cold start', '-cold')).toEqual([{ text: 'cold start', match: false }]);
  });

  test('no query, or no match, gives the whole line unmarked', () => {
    expect(splitMatches('hello', '')).toEqual([{ text: 'hello', match: false }]);
    expect(splitMatches('hello', 'zzz')).toEqual([{ text: 'hello', match: false }]);
    expect(splitMatches('', 'a')).toEqual([{ text: '', match: false }]);
  });
});

describe('console: which lines are shown', () => {
  test('only one server’s stderr lines, and with a search only those containing it', () => {
    const make = new EntryFactory('server-a', 'conn-1');
    const log = new CompactTrafficLog(100);
    for (const entry of [
      make.stderr('a: starting'),
      make.notification('notifications/message', { data: 'starting too' }),
      make.on('server-b', 'conn-2').stderr('b: starting'),
      make.on('server-a', 'conn-1').stderr('a: Cache ready'),
    ]) {
      log.append(entry);
    }
    const shown = (search: string) => {
      const view = new TrafficView(log, stderrFilter(log, 'server-a', search));
      view.attach();
      view.sync(Number.POSITIVE_INFINITY);
      return view.rows.toArray().map((position) => log.text(position));
    };
    expect(shown('')).toEqual(['a: starting', 'a: Cache ready']);
    expect(shown('cache')).toEqual(['a: Cache ready']);
    expect(shown('(')).toEqual([]);
    expect(shown('starting -cache')).toEqual(['a: starting']);
    expect(shown('/ready$/')).toEqual(['a: Cache ready']);
  });
});
