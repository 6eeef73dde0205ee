import { describe, expect, test } from 'vitest';
import type { TrafficEntry } from '../../shared/traffic.js';
import { CompactTrafficLog } from '../../renderer/src/state/traffic/compact-traffic-log.js';
import { compileRowFilter, type FilterOptions } from '../../shared/filter/traffic-filter.js';
import { parseTrafficQuery } from '../../shared/filter/traffic-query.js';
import { TrafficView } from '../../renderer/src/state/traffic/traffic-view.js';
import { appendAsCore, EntryFactory } from './traffic-test-entries.js';

const SERVER_NAMES: Record<string, string> = { 'server-a': 'Everything (demo)', 'server-b': 'Fixture' };
const OPTIONS: FilterOptions = { serverName: (id) => SERVER_NAMES[id], invert: false, preserveLog: true };
const FAR_FUTURE = Number.POSITIVE_INFINITY;

/** A small session: two servers, paired calls, an error, a pending call, notifications, stderr. */
function sampleLog(): { log: CompactTrafficLog; seqs: Record<string, number> } {
  const make = new EntryFactory('server-a', 'conn-1');
  const entries: TrafficEntry[] = [];
  const add = (entry: TrafficEntry) => {
    entries.push(entry);
    return entry;
  };
  const list = add(make.request(1, 'tools/list'));
  add(make.response(list, { tools: [] }));
  const call = add(make.request(2, 'tools/call', { name: 'echo', arguments: { message: 'Hello World' } }));
  add(make.response(call, { content: [{ type: 'text', text: 'Echo: Hello World' }] }));
  const big = add(make.request(3, 'tools/call', { name: 'big' }));
  add(make.response(big, { content: [{ type: 'text', text: 'x'.repeat(20_000) }] }));
  const prompt = add(make.on('server-b', 'conn-2').request(1, 'prompts/get', { name: 'semem' }));
  add(make.error(prompt, -32603, 'Internal error: prompt rendering failed'));
  const pending = add(make.request(2, 'tools/call', { name: 'slow' }));
  const notification = add(make.notification('notifications/message', { level: 'info', data: 'log line' }));
  const sampling = add(make.request(0, 'sampling/createMessage', {}, 'in'));
  const stderr = add(make.stderr('server listening'));
  const log = new CompactTrafficLog(1000);
  appendAsCore(log, entries);
  return {
    log,
    seqs: {
      list: list.seq,
      call: call.seq,
      big: big.seq,
      prompt: prompt.seq,
      pending: pending.seq,
      sampling: sampling.seq,
      notification: notification.seq,
      stderr: stderr.seq,
    },
  };
}

function visibleSeqs(log: CompactTrafficLog, query: string, options: Partial<FilterOptions> = {}): number[] {
  const view = new TrafficView(log, compileRowFilter(log, parseTrafficQuery(query), { ...OPTIONS, ...options }));
  const detach = view.attach();
  expect(view.sync(FAR_FUTURE)).toBe(true);
  detach();
  return view.rows.toArray().map((position) => log.seq(position));
}

describe('traffic filter: matching rows', () => {
  const { log, seqs } = sampleLog();

  test('no query shows one row per request/response pair and every other entry', () => {
    expect(visibleSeqs(log, '')).toEqual([1, 3, 5, 7, 9, 10, 11, 12]);
  });

  test('type chips narrow the rows, and combine with the text filter and Invert', () => {
    expect(visibleSeqs(log, '', { type: 'server-requests' })).toEqual([seqs.sampling]);
    expect(visibleSeqs(log, '', { type: 'notifications' })).toEqual([seqs.notification]);
    expect(visibleSeqs(log, '', { type: 'stderr' })).toEqual([seqs.stderr]);
    expect(visibleSeqs(log, '', { type: 'requests' })).toEqual([seqs.list, seqs.call, seqs.big, seqs.prompt, seqs.pending]);
    expect(visibleSeqs(log, 'method:tools/call', { type: 'requests' })).toEqual([seqs.call, seqs.big, seqs.pending]);
    expect(visibleSeqs(log, 'method:tools/call', { type: 'requests', invert: true })).toEqual([seqs.list, seqs.prompt]);
    expect(visibleSeqs(log, 'method:tools/call', { type: 'stderr' })).toEqual([]);
  });

  test('name: what a call acts on (tool, prompt), a fragment matching', () => {
    expect(visibleSeqs(log, 'name:echo')).toEqual([seqs.call]);
    expect(visibleSeqs(log, 'name:SEM')).toEqual([seqs.prompt]);
    expect(visibleSeqs(log, 'method:tools/call -name:big')).toEqual([seqs.call, seqs.pending]);
    expect(parseTrafficQuery('name:').errors).toEqual(['"name:" needs a value, e.g. name:echo.']);
  });

  test('method: exact name, or a fragment of names', () => {
    expect(visibleSeqs(log, 'method:tools/call')).toEqual([seqs.call, seqs.big, seqs.pending]);
    expect(visibleSeqs(log, 'method:tools')).toEqual([seqs.list, seqs.call, seqs.big, seqs.pending]);
    expect(visibleSeqs(log, 'method:TOOLS/LIST')).toEqual([seqs.list]);
  });

  test('server: by name (contains, any case) or by id', () => {
    expect(visibleSeqs(log, 'server:everything')).toEqual([seqs.list, seqs.call, seqs.big]);
    expect(visibleSeqs(log, 'server:fix')).toEqual([seqs.prompt, seqs.pending, seqs.notification, seqs.sampling, seqs.stderr]);
    expect(visibleSeqs(log, 'server:server-b')).toHaveLength(5);
  });

  test('is: status of the pair', () => {
    expect(visibleSeqs(log, 'is:error')).toEqual([seqs.prompt]);
    expect(visibleSeqs(log, 'is:pending')).toEqual([seqs.pending, seqs.sampling]);
    expect(visibleSeqs(log, 'is:ok')).toEqual([seqs.list, seqs.call, seqs.big]);
  });

  test('dir: and kind:', () => {
    expect(visibleSeqs(log, 'dir:in')).toEqual([seqs.notification, seqs.sampling, seqs.stderr]);
    expect(visibleSeqs(log, 'kind:notification')).toEqual([seqs.notification]);
    expect(visibleSeqs(log, 'kind:error')).toEqual([seqs.prompt]);
    expect(visibleSeqs(log, 'kind:stderr')).toEqual([seqs.stderr]);
    expect(visibleSeqs(log, 'kind:request dir:in')).toEqual([seqs.sampling]);
  });

  test('larger-than: either half of the pair', () => {
    expect(visibleSeqs(log, 'larger-than:10k')).toEqual([seqs.big]);
    expect(visibleSeqs(log, '-larger-than:10k method:tools/call')).toEqual([seqs.call, seqs.pending]);
  });

  test('free text searches request and response, ignoring case; several terms must all match', () => {
    expect(visibleSeqs(log, 'echo: hello')).toEqual([seqs.call]);
    expect(visibleSeqs(log, 'hello world')).toEqual([seqs.call]);
    expect(visibleSeqs(log, 'rendering failed')).toEqual([seqs.prompt]);
    expect(visibleSeqs(log, 'listening')).toEqual([seqs.stderr]);
    expect(visibleSeqs(log, 'hello nothing-like-this')).toEqual([]);
  });

  test('free text also finds rows by their server’s name', () => {
    expect(visibleSeqs(log, 'fixture')).toEqual([seqs.prompt, seqs.pending, seqs.notification, seqs.sampling, seqs.stderr]);
    expect(visibleSeqs(log, 'fixture listening')).toEqual([seqs.stderr]);
    // A regex is over the message only, as its help says.
    expect(visibleSeqs(log, '/^Fixture$/')).toEqual([]);
  });

  test('/regex/ over the whole message, and negation', () => {
    expect(visibleSeqs(log, '/"name":"(echo|slow)"/')).toEqual([seqs.call, seqs.pending]);
    expect(visibleSeqs(log, '/ECHO/')).toEqual([]);
    expect(visibleSeqs(log, '/ECHO/i method:tools/call')).toEqual([seqs.call]);
    expect(visibleSeqs(log, '-/tools/ -kind:stderr')).toEqual([seqs.prompt, seqs.notification, seqs.sampling]);
  });

  test('invert shows exactly the rows the query hides', () => {
    const all = visibleSeqs(log, '');
    const shown = visibleSeqs(log, 'method:tools');
    const inverted = visibleSeqs(log, 'method:tools', { invert: true });
    expect([...shown, ...inverted].sort((a, b) => a - b)).toEqual(all);
    expect(inverted).toEqual([seqs.prompt, seqs.notification, seqs.sampling, seqs.stderr]);
  });
});

describe('traffic view: incremental updates', () => {
  test('a row enters is:error when its error response arrives, and leaves is:pending', () => {
    const make = new EntryFactory();
    const log = new CompactTrafficLog(1000);
    const request = make.request(1, 'tools/call');
    appendAsCore(log, [request]);
    const errors = new TrafficView(log, compileRowFilter(log, parseTrafficQuery('is:error'), OPTIONS));
    const pending = new TrafficView(log, compileRowFilter(log, parseTrafficQuery('is:pending'), OPTIONS));
    errors.attach();
    pending.attach();
    errors.sync(FAR_FUTURE);
    pending.sync(FAR_FUTURE);
    expect(errors.rows.length).toBe(0);
    expect(pending.rows.toArray()).toEqual([0]);

    appendAsCore(log, [make.error(request, -32602, 'Unknown tool: nope')]);
    errors.sync(FAR_FUTURE);
    pending.sync(FAR_FUTURE);
    expect(errors.rows.toArray()).toEqual([0]);
    expect(pending.rows.length).toBe(0);
  });

  test('preserve log off hides older connections once the server reconnects', () => {
    const make = new EntryFactory('server-a', 'conn-1');
    const log = new CompactTrafficLog(1000);
    log.append(make.notification('a'));
    const view = new TrafficView(log, compileRowFilter(log, parseTrafficQuery(''), { ...OPTIONS, preserveLog: false }));
    view.attach();
    view.sync(FAR_FUTURE);
    expect(view.rows.length).toBe(1);
    log.append(make.on('server-a', 'conn-2').notification('b'));
    view.sync(FAR_FUTURE);
    expect(view.rows.toArray()).toEqual([1]);
  });

  test('evicted rows leave the view', () => {
    const make = new EntryFactory();
    const log = new CompactTrafficLog(3);
    const view = new TrafficView(log);
    view.attach();
    for (let index = 0; index < 5; index++) log.append(make.notification('n'));
    view.sync(FAR_FUTURE);
    expect(view.rows.toArray()).toEqual([2, 3, 4]);
  });

  test('rows of evicted entries leave at once, even in the middle of a rescan', () => {
    const make = new EntryFactory();
    const log = new CompactTrafficLog(10_000);
    for (let index = 0; index < 10_000; index++) log.append(make.notification('n'));
    const view = new TrafficView(log);
    view.attach();
    view.sync(FAR_FUTURE);
    view.setFilter(compileRowFilter(log, parseTrafficQuery('method:n'), OPTIONS));
    expect(view.sync(Number.NEGATIVE_INFINITY)).toBe(false);
    log.setCapacity(1_000);
    // No sync yet: the rows on screen must already be only kept entries.
    expect(view.rows.length).toBe(1_000);
    expect(view.rows.at(0)).toBe(log.start);
    expect(view.sync(FAR_FUTURE)).toBe(true);
    expect(view.rows.length).toBe(1_000);
  });

  test('a rescan stops at the deadline and resumes; the old rows stay until it is done', () => {
    const make = new EntryFactory();
    const log = new CompactTrafficLog(100_000);
    for (let index = 0; index < 50_000; index++) log.append(make.notification(index % 2 ? 'odd' : 'even'));
    const view = new TrafficView(log);
    view.attach();
    view.sync(FAR_FUTURE);
    expect(view.rows.length).toBe(50_000);
    view.setFilter(compileRowFilter(log, parseTrafficQuery('method:odd'), OPTIONS));
    expect(view.sync(Number.NEGATIVE_INFINITY)).toBe(false);
    expect(view.rows.length).toBe(50_000);
    expect(view.rebuilding).toBe(true);
    expect(view.sync(FAR_FUTURE)).toBe(true);
    expect(view.rows.length).toBe(25_000);
  });

  test('filtering 100,000 entries by method, text, regex and negation finds exactly the matching rows (bench/traffic-flood.js times it)', () => {
    const make = new EntryFactory();
    const log = new CompactTrafficLog(200_000);
    for (let index = 0; index < 100_000; index++) {
      log.append(make.notification('notifications/message', { level: 'info', logger: 'flood', data: `Flood message ${index} of 100000` }));
    }
    const view = new TrafficView(log);
    view.attach();
    view.sync(FAR_FUTURE);
    const found: Record<string, number> = {};
    for (const query of ['method:notifications/message', 'message 99999 of', '/message 9{4}/', '-kind:notification']) {
      view.setFilter(compileRowFilter(log, parseTrafficQuery(query), OPTIONS));
      expect(view.sync(FAR_FUTURE)).toBe(true);
      found[query] = view.rows.length;
    }
    // 9999 and 99990–99999 start with four nines.
    expect(found).toEqual({ 'method:notifications/message': 100_000, 'message 99999 of': 1, '/message 9{4}/': 11, '-kind:notification': 0 });
  });
});

/** An `http` entry of a 2026-07-28 POST with a header verdict, as the core records it. */
function postEntry(make: EntryFactory, status: number, ok: boolean, carriedSeq?: number): TrafficEntry {
  const { message: _message, method: _method, ...base } = make.notification('http');
  const sentence = ok ? '✓ Mcp-Method, Mcp-Name match the body.' : 'Mcp-Param-Region says "us" but the body\'s arguments.region is "eu".';
  return {
    ...base,
    kind: 'http',
    direction: 'out',
    ...(carriedSeq !== undefined ? { carriedSeq } : {}),
    http: { method: 'POST', url: 'http://127.0.0.1:1/mcp', requestHeaders: {}, status, responseHeaders: {}, durationMs: 3, purpose: 'mcp' },
    headerVerdict: { ok, sentence, problems: ok ? [] : [sentence], checked: ['Mcp-Method', 'Mcp-Name', 'Mcp-Param-Region'], ...(ok ? {} : { side: 'request' as const }) },
  };
}

describe('traffic filter: is:violation', () => {
  test('finds 2026-07-28 exchanges whose headers failed their verdict, and MCP App missteps, and nothing else', () => {
    const make = new EntryFactory('server-a', 'conn-1');
    const call = make.request(1, 'tools/call', { name: 'forecast', arguments: { region: 'eu' } });
    const good = postEntry(make, 200, true);
    const bad = postEntry(make, 400, false);
    const app = { ...make.notification('ui/notifications/size-changed', {}, 'in'), violation: 'The app sent a request its policy blocked.' };
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [call, good, bad, app]);
    expect(visibleSeqs(log, 'is:violation')).toEqual([bad.seq, app.seq]);
    expect(visibleSeqs(log, '-is:violation kind:http')).toEqual([good.seq]);
    // The row's problem is the verdict's sentence, as an app's violation is.
    expect(log.problem(log.positionOfSeq(bad.seq))).toBe(bad.headerVerdict!.sentence);
    expect(parseTrafficQuery('is:violations').clauses).toEqual([{ type: 'violation', negate: false }]);
  });

  test('a failed verdict on the POST marks the JSON-RPC request it carried, and the row enters the view', () => {
    const make = new EntryFactory('server-a', 'conn-1');
    const call = make.request(1, 'tools/call', { name: 'forecast', arguments: { region: 'eu' } });
    const other = make.request(2, 'tools/list');
    const post = postEntry(make, 400, false, call.seq);
    const log = new CompactTrafficLog(100);
    appendAsCore(log, [call, other]);
    const view = new TrafficView(log, compileRowFilter(log, parseTrafficQuery('is:violation'), OPTIONS));
    const detach = view.attach();
    view.sync(FAR_FUTURE);
    expect(view.rows.toArray()).toEqual([]);
    appendAsCore(log, [post]);
    view.sync(FAR_FUTURE);
    expect(view.rows.toArray().map((position) => log.seq(position))).toEqual([call.seq, post.seq]);
    detach();
  });
});
