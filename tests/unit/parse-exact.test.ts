import { describe, expect, it } from 'vitest';
import { DocumentCore, parseExact } from '../../shared/document/document-core.js';

describe('JSON trees show numbers as written', () => {
  it('keeps 1.0, -0, 1e3 and integers past 2^53 as their text, and names repeated keys', () => {
    const parsed = parseExact('{"a":1.0,"b":-0,"c":1e3,"d":12345678901234567890,"k":1,"k":2}');
    expect(parsed.exact).toBe(true);
    expect(parsed.duplicateKeys).toEqual(['k']);
    const document = new DocumentCore({ kind: 'text', text: '{"a":1.0,"b":-0,"c":1e3,"d":12345678901234567890,"k":1,"k":2}' });
    const rows = document.rows(0, 10).map((row) => `${String(row.key)}=${row.text}`);
    expect(rows).toEqual(expect.arrayContaining(['a=1.0', 'b=-0', 'c=1e3', 'd=12345678901234567890', 'k=2']));
    expect(document.info().duplicateKeys).toEqual(['k']);
    // Copying a value keeps the numbers too.
    expect(document.copyText(0)).toContain('"d": 12345678901234567890');
  });

  it('takes the fast native parse for a large text no number of which could change, and survives deep nesting', () => {
    const large = JSON.stringify({ items: Array.from({ length: 30_000 }, (_, index) => ({ index, name: `item ${index}` })) });
    expect(parseExact(large).exact).toBe(false);
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(parseExact(deep)).toMatchObject({ exact: false });
  });
});
