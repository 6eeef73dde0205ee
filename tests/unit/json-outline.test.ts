import { describe, expect, it } from 'vitest';
import { ALWAYS_EXACT_CHARS, DocumentCore } from '../../shared/document/document-core.js';
import { outlineJson } from '../../shared/document/json-outline.js';
import { JsonTreeModel, LazyContainer } from '../../shared/document/json-tree-model.js';

/** The entries the outline finds, parsed: they must be what JSON.parse makes of the whole. */
function entriesOf(text: string): unknown {
  const outline = outlineJson(text);
  if (!outline) return null;
  const values: unknown[] = [];
  for (let index = 0; index < outline.spans.length; index += 2) values.push(JSON.parse(text.slice(outline.spans[index], outline.spans[index + 1])));
  return outline.keys ? Object.fromEntries(outline.keys.map((key, index) => [key, values[index]])) : values;
}

const VALID = [
  '[]',
  ' { } ',
  '[1, -2.5e3, true, false, null, "s"]',
  '[[1, [2, [3]]], {"a": {"b": [{}]}}]',
  '{"quote \\" key": "a \\\\", "back\\\\": "\\\\\\"", "brackets": "[{]}", "u": "\\u005b"}',
  '\n\t[ "x" ,\r\n {"y" : [ ] } ]\n',
  '{"a": 1, "b": "two", "c": [3]}',
];

describe('the outline of a large JSON text', () => {
  it('finds each top-level entry exactly where JSON.parse reads it', () => {
    for (const text of VALID) expect(entriesOf(text), text).toEqual(JSON.parse(text));
  });

  it('declines what is not an object or array, or whose structure is broken', () => {
    for (const text of ['"just a string"', '42', 'null', '', '[1, 2', '[1 2]', '{"a" 1}', '{a: 1}', '["unclosed]', '[1,]x', '[1] [2]', '{"a": [1}']) {
      expect(outlineJson(text), text).toBeNull();
    }
  });

  it('keeps a repeated key, so the document can tell', () => {
    expect(outlineJson('{"a": 1, "a": 2}')?.keys).toEqual(['a', 'a']);
  });
});

describe('a tree over a lazily read container', () => {
  const text = JSON.stringify({ items: [{ id: 1, tags: ['a'] }, { id: 2 }], name: 'n', nested: { deep: { deeper: [1, 2, 3] } }, empty: [] });
  const lazy = () => new JsonTreeModel(new LazyContainer(text, outlineJson(text)!));
  const eager = () => new JsonTreeModel(JSON.parse(text));

  it('shows the same rows as a tree of the parsed value, through toggles and expand all', () => {
    const [a, b] = [lazy(), eager()];
    expect(a.rowsBetween(0, 100)).toEqual(b.rowsBetween(0, 100));
    for (const tree of [a, b]) tree.collapseAll();
    expect(a.rowsBetween(0, 100)).toEqual(b.rowsBetween(0, 100));
    for (const tree of [a, b]) tree.expandAll(0);
    expect(a.rowsBetween(0, 100)).toEqual(b.rowsBetween(0, 100));
    expect(a.pointer(5)).toBe(b.pointer(5));
    expect(a.parentIndex(5)).toBe(b.parentIndex(5));
    expect(a.value(0)).toEqual(JSON.parse(text));
    expect(a.value(1)).toEqual(b.value(1));
  });
});

describe('a large JSON text read lazily in a worker', () => {
  const pad = (items: string[]) => {
    const filler = '"' + 'x'.repeat(1000) + '"';
    while (items.join(',').length <= ALWAYS_EXACT_CHARS) items.push(filler);
    return `[${items.join(',')}]`;
  };

  it('shows its tree at once, and the check confirms it is JSON', () => {
    const text = pad(['{"id": 1}']);
    const document = new DocumentCore({ kind: 'text', text }, { lazy: true });
    expect(document.info()).toMatchObject({ tree: true, checking: true });
    expect(document.rows(0, 2)[1]).toMatchObject({ key: 0, kind: 'object', text: '{id: 1}' });
    const checked = document.check();
    expect(checked.tree).toBe(true);
    expect(checked).not.toHaveProperty('checking');
    expect(document.copyText()).toBe(text);
  });

  it('drops the tree and says why when an entry it had not shown is not JSON', () => {
    // Over a thousand entries: the first rows do not reach the broken last one.
    const many = Array.from({ length: 1200 }, (_, id) => `{"id": ${id}}`);
    const text = pad(many).replace(/\]$/, ', {"broken": tru}]');
    const document = new DocumentCore({ kind: 'text', text }, { lazy: true });
    expect(document.info()).toMatchObject({ tree: true, checking: true });
    const checked = document.check();
    expect(checked.tree).toBe(false);
    expect(checked.parseError).toMatch(/^It looks like JSON but does not parse/);
  });

  it('when a row it shows is not JSON, checks the whole text at once and drops the tree', () => {
    const many = Array.from({ length: 1200 }, (_, id) => `{"id": ${id}}`);
    const text = pad(many).replace(/\]$/, ', [tru]]');
    const document = new DocumentCore({ kind: 'text', text }, { lazy: true });
    const last = document.info().rowCount - 1;
    expect(document.rows(last, last + 1)).toEqual([]);
    expect(document.info()).toMatchObject({ tree: false, parseError: expect.stringMatching(/does not parse/) });
  });

  it('parses whole at once a text whose first entries are not JSON', () => {
    const text = pad(['{"broken": tru}']);
    const document = new DocumentCore({ kind: 'text', text }, { lazy: true });
    expect(document.info()).toMatchObject({ tree: false, parseError: expect.stringMatching(/does not parse/) });
    expect(document.info()).not.toHaveProperty('checking');
  });

  it('parses whole what must be exact or has a repeated top-level key', () => {
    expect(new DocumentCore({ kind: 'text', text: pad(['1.0']) }, { lazy: true }).info()).not.toHaveProperty('checking');
    const repeated = `{"a": 1, "a": 2, "pad": ${pad([])}}`;
    expect(new DocumentCore({ kind: 'text', text: repeated }, { lazy: true }).info()).not.toHaveProperty('checking');
    expect(new DocumentCore({ kind: 'text', text: pad(['2']) }).info()).not.toHaveProperty('checking');
  });
});
