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
});
