import { describe, expect, it } from 'vitest';
import { JsonTreeModel } from '../../shared/document/json-tree-model.js';
import { revealInvisible } from '../../shared/reveal-invisible.js';

describe('revealInvisible', () => {
  it('writes out a bidi override instead of letting it reorder the name', () => {
    expect(revealInvisible('report\u202Etxt.exe')).toBe('report⟨U+202E⟩txt.exe');
  });

  it('writes out isolates, zero-width characters, a BOM and control characters', () => {
    expect(revealInvisible('a\u2066b\u2069c\u200Bd\uFEFFe\u0007f\u001bg')).toBe('a⟨U+2066⟩b⟨U+2069⟩c⟨U+200B⟩d⟨U+FEFF⟩e⟨U+0007⟩f⟨U+001B⟩g');
  });

  it('leaves ordinary text, right-to-left scripts and whitespace alone', () => {
    expect(revealInvisible('café שלום\tmcp\n')).toBe('café שלום\tmcp\n');
  });

  it('is applied to string values in the JSON tree', () => {
    const rows = new JsonTreeModel({ file: 'report\u202Etxt.exe' }).rowsBetween(0, 10);
    expect(JSON.stringify(rows)).toContain('report⟨U+202E⟩txt.exe');
  });
});
