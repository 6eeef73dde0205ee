import { describe, expect, test } from 'vitest';
import { DocumentCore, looksLikeJsonContainer, printJson } from '../../shared/document/document-core.js';
import { JsonTreeModel, previewOf } from '../../shared/document/json-tree-model.js';
import { indexSegments, segmentAt } from '../../shared/document/text-segments.js';

function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

describe('JSON tree model', () => {
  test('small documents open a few levels; rows carry keys, kinds and previews', () => {
    const tree = new JsonTreeModel({ name: 'x', list: [1, 'two', null], nested: { deep: { deeper: true } } });
    const rows = tree.rowsBetween(0, tree.rowCount);
    expect(rows.map((row) => [row.depth, row.key, row.kind, row.expanded])).toEqual([
      [0, null, 'object', true],
      [1, 'name', 'string', false],
      [1, 'list', 'array', true],
      [2, 0, 'number', false],
      [2, 1, 'string', false],
      [2, 2, 'null', false],
      [1, 'nested', 'object', true],
      [2, 'deep', 'object', true],
      [3, 'deeper', 'boolean', false],
    ]);
    expect(rows[1]!.text).toBe('"x"');
    expect(rows[2]!.size).toBe(3);
    expect(tree.pointer(8)).toBe('/nested/deep/deeper');
    expect(tree.value(2)).toEqual([1, 'two', null]);
  });

  test('toggling collapses and re-expands, remembering what was open below', () => {
    const tree = new JsonTreeModel({ a: { b: { c: 1 } }, z: 2 });
    expect(tree.rowCount).toBe(5);
    tree.toggle(1);
    expect(tree.rowCount).toBe(3);
    expect(tree.row(2)!.key).toBe('z');
    tree.toggle(1);
    expect(tree.rowCount).toBe(5);
    expect(tree.parentIndex(3)).toBe(2);
    expect(tree.parentIndex(0)).toBe(-1);
  });

  test('a 10,000-level document flattens without recursion and opens on demand', () => {
    const tree = new JsonTreeModel(deepArray(10_000));
    expect(tree.rowCount).toBeLessThan(10);
    tree.expandAll(0, 50_000);
    expect(tree.rowCount).toBe(10_000);
    const last = tree.row(9_999)!;
    expect(last.depth).toBe(9_999);
    expect(last.size).toBe(0);
    expect(tree.pointer(9_999)).toBe('/0'.repeat(9_999));
    tree.collapseAll();
    expect(tree.rowCount).toBe(2);
  });

  test('expand all is bounded by a row budget', () => {
    const big = Array.from({ length: 1000 }, (_, id) => ({ id, tags: ['a', 'b'] }));
    const tree = new JsonTreeModel(big, { initialDepth: 1 });
    expect(tree.rowCount).toBe(1001);
    tree.expandAll(0, 1500);
    expect(tree.rowCount).toBeLessThan(5000);
    expect(tree.rowCount).toBeGreaterThan(1001);
  });

  test('long strings are cut for display; previews stay short and one level deep', () => {
    const tree = new JsonTreeModel({ long: 'x'.repeat(5000) });
    const row = tree.row(1)!;
    expect(row.fullLength).toBe(5000);
    expect(row.text.length).toBeLessThan(1100);
    expect(previewOf({ id: 1, name: 'item', tags: ['a'], meta: { x: 1 } })).toBe('{id: 1, name: "item", tags: […], meta: {…}}');
    expect(previewOf([1, 2, 3, 4, 5, 6, 7])).toBe('[1, 2, 3, 4, 5, …]');
  });
});

describe('text segments', () => {
  test('lines, long lines in pieces, and a final newline', () => {
    const text = `short\n${'x'.repeat(950)}\nlast\n`;
    const index = indexSegments(text, 400);
    expect(index.lineCount).toBe(3);
    expect(index.count).toBe(5);
    expect(segmentAt(text, index, 0)).toEqual({ line: 1, continued: false, text: 'short' });
    expect(segmentAt(text, index, 1)).toEqual({ line: 2, continued: false, text: 'x'.repeat(400) });
    expect(segmentAt(text, index, 3)).toEqual({ line: 2, continued: true, text: 'x'.repeat(150) });
    expect(segmentAt(text, index, 4)).toEqual({ line: 3, continued: false, text: 'last' });
    expect(segmentAt(text, index, 5)).toBeUndefined();
  });

  test('20 MB on one line becomes fixed-size pieces', () => {
    const text = 'a'.repeat(20 * 1024 * 1024);
    const index = indexSegments(text, 400);
    expect(index.count).toBe(Math.ceil(text.length / 400));
    expect(index.lineCount).toBe(1);
  });

  test('CRLF line ends are not shown', () => {
    const text = 'a\r\nb';
    expect(segmentAt(text, indexSegments(text), 0)!.text).toBe('a');
  });
});

describe('documents', () => {
  test('text that is a JSON object or array becomes a tree; other text stays text', () => {
    expect(looksLikeJsonContainer('  {"a":1}')).toBe(true);
    expect(looksLikeJsonContainer('[1]')).toBe(true);
    expect(looksLikeJsonContainer('"a string"')).toBe(false);
    expect(looksLikeJsonContainer('42')).toBe(false);
    const json = new DocumentCore({ kind: 'text', text: '{"a": [1, 2]}' });
    expect(json.info()).toMatchObject({ tree: true, raw: { bytes: 13, lineCount: 1 } });
    const plain = new DocumentCore({ kind: 'text', text: 'Echo: hello' });
    expect(plain.info()).toMatchObject({ tree: false, rowCount: 0 });
    const broken = new DocumentCore({ kind: 'text', text: '{"a": ' });
    expect(broken.info().tree).toBe(false);
    expect(broken.info().parseError).toMatch(/looks like JSON but does not parse/);
  });

  test('a value prints its raw text only when asked, and copies subtrees', () => {
    const document = new DocumentCore({ kind: 'value', value: { a: { b: 'ü' } } });
    expect(document.info().raw).toBeNull();
    const info = document.prepareRaw();
    expect(info.raw).toEqual({ bytes: printJson({ a: { b: 'ü' } }).length + 1, segmentCount: 5, lineCount: 5 });
    expect(document.copyText(1)).toBe('{\n  "b": "ü"\n}');
    expect(document.copyText(2)).toBe('ü');
    expect(document.pointer(2)).toBe('/a/b');
  });

  test('a lone string value is text, not a one-row tree', () => {
    const document = new DocumentCore({ kind: 'value', value: 'plain string' });
    expect(document.info().tree).toBe(false);
    expect(document.rawText()).toBe('"plain string"');
  });

  test('a 10,000-level JSON text opens without a stack overflow', () => {
    const text = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const document = new DocumentCore({ kind: 'text', text });
    expect(document.info().tree).toBe(true);
    expect(document.expandAll(0)).toBe(10_000);
  });
});
