import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notice } from '../../shared/contract.js';
import type { JsonObject } from '../../shared/mcp.js';
import type { TransportConfig } from '../../shared/server-config.js';
import { collectExport } from '../../shared/traffic-export.js';
import { MIN_DISK_BUDGET_BYTES, TRAFFIC_PAGE_BYTES, type TrafficEntry } from '../../shared/traffic.js';
import { TRAFFIC_FOLDER, TrafficSessions } from '../../main/core/traffic/traffic-sessions.js';
import { parseTrafficJsonl } from '../../shared/traffic-jsonl.js';
import { recordedOutcomes } from '../../shared/traffic-outcomes.js';
import { exportedText, fixture, readSession, startCore, waitFor, type TestCore } from './helpers.js';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((test) => test.core.dispose()));
});

async function connectedFixture(options: Parameters<typeof startCore>[0] = {}, transport: TransportConfig = fixture()) {
  const test = await startCore(options);
  cores.push(test);
  const server = await test.add('fixture', transport);
  await test.core.handlers['connections.connect']({ serverId: server.id });
  const call = (name: string, args: JsonObject = {}) => test.core.handlers['tools.call']({ serverId: server.id, name, arguments: args, callId: randomUUID() });
  return { test, serverId: server.id, call };
}

function linesOf(text: string): TrafficEntry[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TrafficEntry);
}

describe('the traffic record on disk', () => {
  it('saves every entry of the session as JSON Lines, with the exact wire text, and lists the session', async () => {
    const { test, call } = await connectedFixture();
    await call('exact-numbers');
    await call('echo', { message: 'saved' });
    const sessions = await test.core.handlers['traffic.sessions.list']();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true, partial: false });
    expect(sessions[0]!.bytes).toBeGreaterThan(0);

    const { text } = await readSession(test.core, sessions[0]!.id);
    const saved = linesOf(text);
    const kept = await test.traffic();
    expect(saved.map((entry) => entry.seq)).toEqual(kept.map((entry) => entry.seq));
    // The reply with 1.0 and a duplicate key is on disk exactly as the server wrote it.
    const exact = kept.find((entry) => entry.raw?.includes('12345678901234567890'));
    expect(exact?.raw).toContain('1.0');
    expect(saved.find((entry) => entry.seq === exact!.seq)?.raw).toBe(exact!.raw);
    // The text is not written twice: a line with `raw` leaves the parsed message out.
    expect(saved.find((entry) => entry.seq === exact!.seq)?.message).toBeUndefined();
  });

  it('keeps an answer’s schema violation on disk: a session read back marks its request as the live log did', async () => {
    const { test, call } = await connectedFixture();
    const outcome = await call('semem-result');
    expect(outcome.violations.length).toBeGreaterThan(0);
    const live = (await test.traffic()).find((entry) => entry.kind === 'request' && entry.method === 'tools/call');
    await waitFor(async () => (await test.traffic()).find((entry) => entry.kind === 'note' && entry.violation !== undefined), 'the violation note');
    const sessions = await test.core.handlers['traffic.sessions.list']();
    const saved = linesOf((await readSession(test.core, sessions[0]!.id)).text);
    const update = recordedOutcomes(saved).find((candidate) => candidate.seq === live!.seq);
    expect(update?.outcome).toBe('ok');
    expect(update?.violation).toMatch(/content/);
  });

  it('serves an entry memory has let go from disk, whole', async () => {
    const { test, call } = await connectedFixture({ retention: { maxEntries: 4, maxBytes: 1024 * 1024 * 1024 } });
    await call('echo', { message: 'first' });
    for (let index = 0; index < 5; index++) await call('echo', { message: `later ${index}` });
    const listed = (await test.core.handlers['traffic.list']({})).entries;
    expect(listed.length).toBeLessThanOrEqual(4);
    expect(listed.some((entry) => JSON.stringify(entry.message ?? '').includes('first'))).toBe(false);

    const { text } = await readSession(test.core, (await test.core.handlers['traffic.sessions.list']())[0]!.id);
    const firstCall = linesOf(text).find((entry) => entry.method === 'tools/call' && entry.raw?.includes('"first"'));
    expect(firstCall).toBeDefined();
    const fromDisk = await test.core.handlers['traffic.get']({ seq: firstCall!.seq });
    expect(fromDisk).toMatchObject({ seq: firstCall!.seq, method: 'tools/call', message: { params: { arguments: { message: 'first' } } } });
  });

  it('exports the whole log since it was cleared, older entries from disk, in pieces of whole lines; chosen entries too', async () => {
    const stdio = fixture();
    if (stdio.type !== 'stdio') throw new Error('the fixture is a stdio server');
    const secretFixture: TransportConfig = { ...stdio, env: [{ key: 'FIXTURE_TOKEN', value: 'disk-only-secret-value', secret: true }] };
    const { test, call } = await connectedFixture({ retention: { maxEntries: 4, maxBytes: 1024 * 1024 * 1024 } }, secretFixture);
    await call('echo', { message: 'before the clear' });
    await test.core.handlers['traffic.clear']();
    await call('echo', { message: 'first' });
    await call('echo', { message: 'leaked disk-only-secret-value here' });
    await call('big', { mb: 1.5, kind: 'text' });
    for (let index = 0; index < 5; index++) await call('echo', { message: `later ${index}` });

    const pieces = await collectExport((query) => test.core.handlers['traffic.export'](query));
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(piece.endsWith('\n')).toBe(true);
      // A piece is at most a page, unless it is one line longer than that (the 1.5 MB result).
      if (piece.split('\n').filter(Boolean).length > 1) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(TRAFFIC_PAGE_BYTES);
    }
    const exported = parseTrafficJsonl(pieces.join('')).entries;
    const seqs = exported.map((entry) => entry.seq);
    // Eight calls since the clear, each a request and its reply, up to the newest entry.
    expect(seqs.length).toBeGreaterThanOrEqual(16);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => seqs[0]! + index));
    expect(seqs.at(-1)).toBe((await test.core.handlers['traffic.list']({})).entries.at(-1)?.seq);
    const text = pieces.join('');
    expect(text).not.toContain('before the clear');
    // The secret was only on disk by now (memory holds four entries), and is redacted there too.
    expect(JSON.stringify((await test.core.handlers['traffic.list']({})).entries)).not.toContain('disk-only-secret-value');
    expect(text).not.toContain('disk-only-secret-value');
    expect(text).toContain('leaked [redacted] here');
    expect(text).toContain('\\"first\\"');
    expect(text).toContain('later 4');
    expect(exported.find((entry) => entry.raw?.includes('quick brown fox'))?.size).toBeGreaterThan(1_500_000);
    // Memory holds four entries: the first call came back from disk, with its message.
    expect((await test.core.handlers['traffic.list']({})).entries.length).toBeLessThanOrEqual(4);
    const firstCall = exported.find((entry) => entry.method === 'tools/call' && entry.raw?.includes('"first"'))!;
    expect(firstCall.message).toMatchObject({ params: { arguments: { message: 'first' } } });

    const chosen = parseTrafficJsonl(await exportedText(test.core, [firstCall.seq])).entries;
    expect(chosen.map((entry) => entry.seq)).toEqual([firstCall.seq]);
    const leaked = exported.find((entry) => entry.method === 'tools/call' && entry.raw?.includes('leaked'))!;
    expect(await exportedText(test.core, [leaked.seq])).toContain('leaked [redacted] here');
  });

  it("exports every entry of one server, those memory has let go too, and none of another server's", async () => {
    const { test, serverId, call } = await connectedFixture({ retention: { maxEntries: 4, maxBytes: 1024 * 1024 * 1024 } });
    const other = await test.add('other', fixture());
    await test.core.handlers['connections.connect']({ serverId: other.id });
    const callOther = (message: string) =>
      test.core.handlers['tools.call']({ serverId: other.id, name: 'echo', arguments: { message }, callId: randomUUID() });
    for (let index = 0; index < 6; index++) {
      await call('echo', { message: `mine ${index}` });
      await callOther(`theirs ${index}`);
    }
    const onDisk = linesOf((await readSession(test.core, (await test.core.handlers['traffic.sessions.list']())[0]!.id)).text);
    const mine = onDisk.filter((entry) => entry.serverId === serverId).map((entry) => entry.seq);
    expect(onDisk.some((entry) => entry.serverId === other.id)).toBe(true);
    // Memory holds four entries: most of this server's are on disk only.
    expect((await test.core.handlers['traffic.list']({})).entries.length).toBeLessThanOrEqual(4);

    const exported = parseTrafficJsonl(await exportedText(test.core, { serverId })).entries;
    expect(exported.map((entry) => entry.seq)).toEqual(mine);
    const text = JSON.stringify(exported);
    for (let index = 0; index < 6; index++) expect(text).toContain(`mine ${index}`);
    expect(text).not.toContain('theirs');
    expect(await exportedText(test.core, { serverId: 'no-such-server' })).toBe('');
  });

  it('hands the window the log in pages of at most the page limit, and only the methods asked for', async () => {
    const { test, call } = await connectedFixture();
    // Eight replies of 0.2 MiB go inline (text and raw), 3 MiB in all: more than one page.
    for (let index = 0; index < 8; index++) await call('big', { mb: 0.2 });
    // A 1 MiB reply goes as a preview.
    await call('big', { mb: 1 });
    await call('flood', { count: 50 });
    let afterSeq: number | undefined;
    let pages = 0;
    const seen: TrafficEntry[] = [];
    for (;;) {
      const page = await test.core.handlers['traffic.list'](afterSeq === undefined ? {} : { afterSeq });
      expect(JSON.stringify(page).length).toBeLessThanOrEqual(TRAFFIC_PAGE_BYTES);
      pages++;
      seen.push(...page.entries);
      afterSeq = page.entries.at(-1)?.seq;
      if (!page.more) break;
    }
    expect(seen.map((entry) => entry.seq)).toEqual((await test.traffic()).map((entry) => entry.seq));
    expect(pages).toBeGreaterThan(2);
    const bigReply = seen.find((entry) => entry.kind === 'response' && entry.size > 1_000_000);
    expect(bigReply).toMatchObject({ truncated: true });
    expect(bigReply?.message).toBeUndefined();

    const logs = await test.core.handlers['traffic.list']({ methods: ['notifications/message'] });
    expect(logs.entries).toHaveLength(50);
    expect(new Set(logs.entries.map((entry) => entry.method))).toEqual(new Set(['notifications/message']));
  });

  it('keeps the folder within the disk budget: the oldest sessions go first, then the current one’s oldest segments', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-budget-'));
    const root = join(dataDir, TRAFFIC_FOLDER);
    // Three earlier sessions of 6 MB each.
    const earlier = ['2026-01-01T00-00-00-000Z-aaaa', '2026-02-01T00-00-00-000Z-bbbb', '2026-03-01T00-00-00-000Z-cccc'];
    for (const id of earlier) {
      mkdirSync(join(root, id), { recursive: true });
      writeFileSync(join(root, id, '000001.jsonl'), Buffer.alloc(6 * 1024 * 1024, 0x0a));
    }
    writeFileSync(join(root, 'settings.json'), JSON.stringify({ diskBudgetBytes: MIN_DISK_BUDGET_BYTES }));
    const notices: Notice[] = [];
    const sessions = await TrafficSessions.open(dataDir, (notice) => notices.push(notice));
    try {
      expect(notices).toEqual([]);
      // 18 MB over a 16 MB budget: the oldest session is deleted, the two newer ones stay.
      expect(readdirSync(root).filter((name) => name.startsWith('2026-0')).sort()).toEqual(earlier.slice(1));

      // The current session writes 2 MB segments (an eighth of the budget); past the budget its own oldest go.
      const line = 'x'.repeat(100_000);
      for (let seq = 1; seq <= 200; seq++) {
        sessions.journal.append({ seq, serverId: 's', connectionId: 'c', direction: 'in', time: seq, kind: 'stderr', size: line.length, text: line });
        if (seq % 10 === 0) sessions.journal.flush();
      }
      sessions.journal.flush();
      await sessions.enforceBudget();
      const listed = await sessions.list();
      const total = listed.reduce((sum, session) => sum + session.bytes, 0);
      expect(total).toBeLessThanOrEqual(MIN_DISK_BUDGET_BYTES);
      const current = listed.find((session) => session.current)!;
      expect(current.partial).toBe(true);
      expect(listed.filter((session) => !session.current)).toEqual([]);
      // What is left of the current session reads back as whole lines, ending with the last entry.
      expect(sessions.journal.read(200)?.text).toBe(line);
      expect(sessions.journal.read(1)).toBeUndefined();
    } finally {
      sessions.close();
    }
  });

  it("leaves a session a live loupe proxy is writing alone, and lets a proxy trim only its own", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-budget-'));
    const root = join(dataDir, TRAFFIC_FOLDER);
    const proxied = { name: 'everything', target: 'npx server', transport: 'stdio' as const };
    // Two earlier sessions of 10 MB: one a live proxy's (this test's own process stands in for it), one an ended proxy's.
    const live = '2026-01-01T00-00-00-000Z-aaaa';
    const ended = '2026-02-01T00-00-00-000Z-bbbb';
    for (const [id, pid] of [[live, process.pid], [ended, 2 ** 22 + 12345]] as const) {
      mkdirSync(join(root, id), { recursive: true });
      writeFileSync(join(root, id, 'session.json'), JSON.stringify({ startedAt: 1, pid, proxied }));
      writeFileSync(join(root, id, '000001.jsonl'), Buffer.alloc(10 * 1024 * 1024, 0x0a));
    }
    writeFileSync(join(root, 'settings.json'), JSON.stringify({ diskBudgetBytes: MIN_DISK_BUDGET_BYTES }));

    // A proxy over budget deletes nobody's session but (eventually) its own oldest segments.
    const proxy = await TrafficSessions.open(dataDir, () => undefined, new Date(), { proxied });
    proxy.close();
    expect(readdirSync(root).filter((name) => name.startsWith('2026-0')).sort()).toEqual([live, ended]);

    // The app over budget deletes the ended proxy's session, not the live one (the live one is not this app's own process,
    // as a proxy's never is: a different pid is written in its stead here).
    writeFileSync(join(root, live, 'session.json'), JSON.stringify({ startedAt: 1, pid: process.ppid, proxied }));
    const app = await TrafficSessions.open(dataDir, () => undefined);
    try {
      expect(readdirSync(root).filter((name) => name.startsWith('2026-0')).sort()).toEqual([live]);
      const listed = await app.list();
      expect(listed.find((session) => session.id === live)).toMatchObject({ proxied, live: true });
      await expect(app.remove(live)).rejects.toThrow(/still writing/);
    } finally {
      app.close();
    }
  });

  it('says so and uses the default when the saved budget is not a usable number', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-budget-'));
    mkdirSync(join(dataDir, TRAFFIC_FOLDER), { recursive: true });
    writeFileSync(join(dataDir, TRAFFIC_FOLDER, 'settings.json'), JSON.stringify({ diskBudgetBytes: 'lots' }));
    const notices: Notice[] = [];
    const sessions = await TrafficSessions.open(dataDir, (notice) => notices.push(notice));
    sessions.close();
    expect(sessions.diskBudget).toBe(1024 * 1024 * 1024);
    expect(notices.map((notice) => notice.message)).toEqual([expect.stringContaining('is not a number of bytes')]);
  });

  it('refuses to delete the current session, and reads an earlier one back after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-sessions-'));
    const first = await connectedFixture({ dataDir });
    await first.call('echo', { message: 'from the first run' });
    const firstId = (await first.test.core.handlers['traffic.sessions.list']())[0]!.id;
    await expect(first.test.core.handlers['traffic.sessions.remove']({ id: firstId })).rejects.toThrow(/cannot be deleted while it is recording/);
    await first.test.core.dispose();
    cores.splice(cores.indexOf(first.test), 1);

    const second = await startCore({ dataDir });
    cores.push(second);
    const listed = await second.core.handlers['traffic.sessions.list']();
    expect(listed.map((session) => session.current)).toEqual([true, false]);
    expect(listed[1]!.id).toBe(firstId);
    const { text } = await readSession(second.core, firstId);
    expect(text).toContain('from the first run');
    await second.core.handlers['traffic.sessions.remove']({ id: firstId });
    expect((await second.core.handlers['traffic.sessions.list']()).map((session) => session.id)).not.toContain(firstId);
  });
});

describe('Worth fixing (issue 25): saved sessions are read without following links', () => {
  it('a session segment that is a symbolic link to a file elsewhere is neither counted nor read', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-sessions-'));
    const outside = join(mkdtempSync(join(tmpdir(), 'loupe-outside-')), 'private.txt');
    writeFileSync(outside, 'PRIVATE-FILE-CONTENT\n');
    const planted = join(dataDir, TRAFFIC_FOLDER, '2020-01-01T00-00-00-000Z-abcd');
    mkdirSync(planted, { recursive: true });
    writeFileSync(join(planted, '000001.jsonl'), `${JSON.stringify({ seq: 1, kind: 'note', direction: 'out', time: 1, size: 0, text: 'a real line' })}\n`);
    symlinkSync(outside, join(planted, '000002.jsonl'));

    const test = await startCore({ dataDir });
    cores.push(test);
    const listed = (await test.core.handlers['traffic.sessions.list']()).find((session) => session.id === '2020-01-01T00-00-00-000Z-abcd');
    const realBytes = Buffer.byteLength(`${JSON.stringify({ seq: 1, kind: 'note', direction: 'out', time: 1, size: 0, text: 'a real line' })}\n`);
    expect(listed?.bytes).toBe(realBytes);
    const { text } = await readSession(test.core, '2020-01-01T00-00-00-000Z-abcd');
    expect(text).toContain('a real line');
    expect(text).not.toContain('PRIVATE-FILE-CONTENT');
  });

  it('a session.json that is a symbolic link is not followed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-sessions-'));
    const outside = join(mkdtempSync(join(tmpdir(), 'loupe-outside-')), 'elsewhere.json');
    writeFileSync(outside, JSON.stringify({ startedAt: 1234 }));
    const planted = join(dataDir, TRAFFIC_FOLDER, '2020-01-01T00-00-00-000Z-abcd');
    mkdirSync(planted, { recursive: true });
    writeFileSync(join(planted, '000001.jsonl'), `${JSON.stringify({ seq: 1, kind: 'note', direction: 'out', time: 1, size: 0, text: 'a real line' })}\n`);
    symlinkSync(outside, join(planted, 'session.json'));

    const test = await startCore({ dataDir });
    cores.push(test);
    const listed = (await test.core.handlers['traffic.sessions.list']()).find((session) => session.id === '2020-01-01T00-00-00-000Z-abcd');
    expect(listed).toBeDefined();
    expect(listed?.startedAt).not.toBe(1234);
  });
});
