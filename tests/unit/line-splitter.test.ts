import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../main/core/transports/line-splitter.js';

function split(chunks: string[]): string[] {
  const lines: string[] = [];
  const splitter = new LineSplitter((line) => lines.push(line.toString('utf8')));
  for (const chunk of chunks) splitter.push(Buffer.from(chunk));
  splitter.end();
  return lines;
}

describe('LineSplitter', () => {
  it('splits on newlines across chunk boundaries and strips CR', () => {
    expect(split(['a\nb', 'c\r\n', 'd'])).toEqual(['a', 'bc', 'd']);
  });

  it('keeps empty lines and multi-byte characters split between chunks', () => {
    const euro = Buffer.from('€');
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line.toString('utf8')));
    splitter.push(Buffer.concat([Buffer.from('x'), euro.subarray(0, 1)]));
    splitter.push(Buffer.concat([euro.subarray(1), Buffer.from('\n\n')]));
    expect(lines).toEqual(['x€', '']);
  });

  it('joins a long line delivered in many small chunks exactly once', () => {
    const chunk = 'y'.repeat(1000);
    const lines = split([...Array.from({ length: 2000 }, () => chunk), '\n']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveLength(2_000_000);
  });

  it('joins the next long line in the buffer of the last, unless it is longer', () => {
    const seen: Array<{ text: string; buffer: ArrayBufferLike }> = [];
    const splitter = new LineSplitter((line) => seen.push({ text: line.toString('latin1'), buffer: line.buffer }));
    const longLine = (letter: string, chunks: number) => {
      for (let index = 0; index < chunks; index++) splitter.push(Buffer.from(letter.repeat(64 * 1024)));
      splitter.push(Buffer.from('\n'));
    };
    longLine('a', 20);
    longLine('b', 17);
    longLine('c', 24);
    expect(seen.map(({ text }) => text)).toEqual(['a'.repeat(20 * 65536), 'b'.repeat(17 * 65536), 'c'.repeat(24 * 65536)]);
    expect(seen[1]!.buffer).toBe(seen[0]!.buffer);
    expect(seen[2]!.buffer).not.toBe(seen[0]!.buffer);
  });
});

describe('LineSplitter with a line limit', () => {
  function splitLimited(chunks: string[], maxLineBytes: number) {
    const lines: string[] = [];
    const oversized: Array<{ preview: string; bytes: number }> = [];
    const splitter = new LineSplitter((line) => lines.push(line.toString('utf8')), {
      maxLineBytes,
      onOversized: (preview, bytes) => oversized.push({ preview: preview.toString('utf8'), bytes }),
    });
    for (const chunk of chunks) splitter.push(Buffer.from(chunk));
    splitter.end();
    return { lines, oversized };
  }

  it('reports a line past the limit with its start and length, and goes on with the next line', () => {
    const { lines, oversized } = splitLimited(['ok\nAAAA', 'BBBB', 'CCCC\nnext\n'], 10);
    expect(lines).toEqual(['ok', 'next']);
    expect(oversized).toEqual([{ preview: 'AAAABBBBCCCC', bytes: 12 }]);
  });

  it('catches an oversized line that arrives whole in one chunk', () => {
    const { lines, oversized } = splitLimited([`${'x'.repeat(50)}\nshort\n`], 20);
    expect(oversized).toEqual([{ preview: 'x'.repeat(50), bytes: 50 }]);
    expect(lines).toEqual(['short']);
  });

  it('keeps only a bounded preview of a line that never ends, and reports it at the end', () => {
    const chunk = 'z'.repeat(10_000);
    const { lines, oversized } = splitLimited(Array.from({ length: 50 }, () => chunk), 1_000);
    expect(lines).toEqual([]);
    expect(oversized).toHaveLength(1);
    expect(oversized[0]!.bytes).toBe(500_000);
    expect(oversized[0]!.preview).toBe('z'.repeat(4096));
  });
});
