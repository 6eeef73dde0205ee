import { describe, expect, it } from 'vitest';
import type { TrafficEntry } from '../../shared/traffic.js';
import { collectExport } from '../../shared/traffic-export.js';
import { parseTrafficJsonl } from '../../shared/traffic-jsonl.js';
import { exportPiece, SERVER_SCAN_PER_PIECE } from '../../main/core/traffic/traffic-export.js';
import { TrafficRecord } from '../../main/core/traffic/traffic-record.js';

const stderr = (text: string): TrafficEntry => ({ seq: -1, serverId: 's', connectionId: 'c', direction: 'in', time: 0, kind: 'stderr', size: Buffer.byteLength(text), text });

const sourcesOf = (record: TrafficRecord) => ({ memory: record, journal: undefined, clearedThrough: 0 });

/** Every piece of an export of `record` (memory only), pieces of at most `maxBytes`. */
function piecesOf(record: TrafficRecord, maxBytes: number, secrets: string[] = []): Promise<string[]> {
  return collectExport(async (query) => exportPiece(sourcesOf(record), query, secrets, maxBytes));
}

const seqsOf = (pieces: string[]) => parseTrafficJsonl(pieces.join('')).entries.map((entry) => entry.seq);

describe('exportPiece', () => {
  it('counts a piece in UTF-8 bytes, so text wider than ASCII does not make it larger than asked', async () => {
    const record = new TrafficRecord();
    for (let index = 0; index < 20; index++) record.append(stderr(`${index} ${'界'.repeat(100)}`));
    const pieces = await piecesOf(record, 1_000);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(1_000);
    expect(seqsOf(pieces)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('ends where the log ended at the first piece, however busy the log is meanwhile', async () => {
    const record = new TrafficRecord();
    for (let index = 0; index < 10; index++) record.append(stderr(`${index} ${'z'.repeat(300)}`));
    let asked = 0;
    const pieces = await collectExport(async (query) => {
      if (++asked > 50) throw new Error('the export does not end');
      const piece = exportPiece(sourcesOf(record), query, [], 1_000);
      for (let index = 0; index < 5; index++) record.append(stderr(`flood ${'z'.repeat(300)}`));
      return piece;
    });
    expect(pieces.length).toBeGreaterThan(1);
    expect(seqsOf(pieces)).toEqual(Array.from({ length: 10 }, (_, index) => index + 1));
  });

  it('sends an entry larger than a piece whole, in a piece of its own', async () => {
    const record = new TrafficRecord();
    record.append(stderr('small'));
    record.append(stderr('x'.repeat(5_000)));
    record.append(stderr('small again'));
    const pieces = await piecesOf(record, 1_000);
    expect(pieces.map((piece) => piece.split('\n').filter(Boolean).length)).toEqual([1, 1, 1]);
    expect(pieces[1]).toContain('x'.repeat(5_000));
  });

  it('redacts secret values, raw and JSON-escaped, in every piece', async () => {
    const record = new TrafficRecord();
    for (let index = 0; index < 10; index++) record.append(stderr(`token sk-"quoted"-${index % 2} and ${'y'.repeat(200)}`));
    const pieces = await piecesOf(record, 1_000, ['sk-"quoted"-1']);
    expect(pieces.length).toBeGreaterThan(1);
    const text = pieces.join('');
    expect(text).not.toContain('sk-\\"quoted\\"-1');
    expect(text).toContain('sk-\\"quoted\\"-0');
    expect(text.match(/\[redacted\]/g)).toHaveLength(5);
  });

  it("exports one server's entries looking at a bounded number of seqs per piece, however long the log", async () => {
    const record = new TrafficRecord({ maxEntries: 1_000_000, maxBytes: 1024 * 1024 * 1024 });
    record.append({ ...stderr('first of b'), serverId: 'b' });
    for (let index = 0; index < SERVER_SCAN_PER_PIECE * 2; index++) record.append(stderr('of s'));
    record.append({ ...stderr('last of b'), serverId: 'b' });
    let asked = 0;
    const pieces = await collectExport(async (query) => {
      asked++;
      return exportPiece(sourcesOf(record), query, [], 1_000);
    }, { serverId: 'b' });
    expect(asked).toBeGreaterThan(2);
    expect(seqsOf(pieces)).toEqual([1, SERVER_SCAN_PER_PIECE * 2 + 2]);
  });
});
