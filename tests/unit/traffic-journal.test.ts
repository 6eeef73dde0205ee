import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordLine } from '../../shared/traffic-line.js';
import type { TrafficEntry } from '../../shared/traffic.js';
import { PendingBytes } from '../../main/core/traffic/pending-bytes.js';
import { TrafficJournal } from '../../main/core/traffic/traffic-journal.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function journalIn(segmentBytes: number): { journal: TrafficJournal; folder: string; failures: string[] } {
  const folder = mkdtempSync(join(tmpdir(), 'loupe-journal-'));
  folders.push(folder);
  const failures: string[] = [];
  return { journal: new TrafficJournal({ folder, segmentBytes, onFailure: (message) => failures.push(message) }), folder, failures };
}

/**
 * Texts with one-, two-, three- and four-byte characters, a lone surrogate, and quotes and newlines
 * to escape; and long ones, whose lines are escaped into their bytes directly when they can be.
 */
const TEXTS = [
  'hello',
  'héllo wörld',
  'mañana — 東京',
  '🙂🙃 emoji',
  'lone \ud800 surrogate',
  'quote " and \n newline',
  'x'.repeat(300),
  'café "quoted" \\ back\tslash\n'.repeat(5_000),
  '東京 "quoted"\n'.repeat(10_000),
];

function entry(seq: number): TrafficEntry {
  const text = TEXTS[seq % TEXTS.length]!;
  const message = { jsonrpc: '2.0', id: seq, result: { content: [{ type: 'text', text }] } };
  const raw = JSON.stringify(message);
  return { seq, serverId: 's', connectionId: 'c', direction: 'in', time: 1_700_000_000_000 + seq, kind: 'response', size: Buffer.byteLength(raw), id: seq, message, raw };
}

describe('PendingBytes', () => {
  it('holds what was appended as UTF-8, and says how many bytes each text took', () => {
    const pending = new PendingBytes();
    const sizes = TEXTS.map((text) => pending.append(text));
    expect(sizes).toEqual(TEXTS.map((text) => Buffer.byteLength(text, 'utf8')));
    let out = Buffer.alloc(0);
    pending.drain((bytes) => {
      out = Buffer.from(bytes);
    });
    expect(out.equals(Buffer.from(TEXTS.join(''), 'utf8'))).toBe(true);
    expect(pending.length).toBe(0);
  });

  it('writes Latin-1 letters as UTF-8 (only ASCII takes the fast copy)', () => {
    const pending = new PendingBytes();
    const texts = ['plain ascii\n', 'café ÿ\n', '\u007f\u0080\n', 'x'.repeat(100_000) + 'é', 'y'.repeat(100_000) + '\n'];
    for (const text of texts) expect(pending.append(text)).toBe(Buffer.byteLength(text, 'utf8'));
    let out = Buffer.alloc(0);
    pending.drain((bytes) => {
      out = Buffer.from(bytes);
    });
    expect(out.toString('utf8')).toBe(texts.join(''));
  });

  it('writes a text between two others as JSON.stringify does, byte for byte: short or long, Latin-1 or wider, however much it grows', () => {
    const everyLatin1 = Array.from({ length: 256 }, (_, code) => String.fromCharCode(code)).join('');
    const texts = [
      'a "short" one\n',
      everyLatin1.repeat(300),
      '"'.repeat(70_000),
      '\\'.repeat(70_000),
      '\u0001\u001f\b'.repeat(30_000),
      'plain '.repeat(20_000),
      `🙂 wider than Latin-1 ${'y'.repeat(70_000)}`,
      `lone \udc00 ${'z'.repeat(70_000)}`,
    ];
    const pending = new PendingBytes();
    const sizes = [pending.append('before\n'), ...texts.map((text, index) => pending.appendWithJsonString(`{"n":${index},"raw":`, text, '}\n'))];
    const expected = ['before\n', ...texts.map((text, index) => `{"n":${index},"raw":${JSON.stringify(text)}}\n`)];
    expect(sizes).toEqual(expected.map((text) => Buffer.byteLength(text, 'utf8')));
    let out = Buffer.alloc(0);
    pending.drain((bytes) => {
      out = Buffer.from(bytes);
    });
    expect(out.equals(Buffer.from(expected.join(''), 'utf8'))).toBe(true);
  });

  it('keeps the last bytes when asked, and grows past its first size', () => {
    const pending = new PendingBytes();
    const big = '🙂'.repeat(40_000); // 160,000 bytes
    pending.append(big);
    const last = pending.append('tail line\n');
    const written: Buffer[] = [];
    pending.drain((bytes) => written.push(Buffer.from(bytes)), last);
    expect(written).toHaveLength(1);
    expect(written[0]!.toString('utf8')).toBe(big);
    expect(pending.length).toBe(last);
    pending.drain((bytes) => written.push(Buffer.from(bytes)));
    expect(written[1]!.toString('utf8')).toBe('tail line\n');
  });
});

describe('the traffic journal', () => {
  it('writes each entry as its record line, byte for byte, across segments, and reads each back from its place', () => {
    const { journal, folder, failures } = journalIn(2_000);
    const entries = Array.from({ length: 60 }, (_, index) => entry(index + 1));
    // Flushes of different sizes: a line may start a segment at any point of a flush.
    for (const [index, item] of entries.entries()) {
      journal.append(item);
      if (index % 7 === 3) journal.flush();
    }
    journal.close();
    expect(failures).toEqual([]);

    const segments = readdirSync(folder).sort();
    expect(segments.length).toBeGreaterThan(5);
    const written = segments.map((name) => readFileSync(join(folder, name)));
    for (const bytes of written) {
      // A segment holds whole lines and stays within its size, unless one line alone is larger.
      expect(bytes.at(-1)).toBe(0x0a);
      if (bytes.toString('utf8').split('\n').length > 2) expect(bytes.length).toBeLessThanOrEqual(2_000);
    }
    expect(Buffer.concat(written).equals(Buffer.from(entries.map((item) => recordLine(item)).join(''), 'utf8'))).toBe(true);

    for (const item of entries) expect(journal.read(item.seq)).toEqual(item);
  });

  it('reads chosen lines as written, from several segments, queued ones included, and none from a deleted segment', () => {
    const { journal } = journalIn(2_000);
    const entries = Array.from({ length: 40 }, (_, index) => entry(index + 1));
    for (const item of entries.slice(0, 30)) journal.append(item);
    journal.flush();
    // Still queued when the reader starts: it writes them first.
    for (const item of entries.slice(30)) journal.append(item);
    const reader = journal.lineReader();
    const chosen = [1, 2, 17, 29, 35, 40];
    expect(chosen.map((seq) => reader.line(seq))).toEqual(chosen.map((seq) => recordLine(entries[seq - 1]!)));
    expect(reader.line(41)).toBeUndefined();
    reader.close();

    journal.forgetSegmentsBelow(journal.currentSegment);
    const later = journal.lineReader();
    expect(later.line(1)).toBeUndefined();
    expect(later.line(40)).toBe(recordLine(entries[39]!));
    later.close();
    journal.close();
  });
});
