/**
 * One document a result view shows: a text (which may be JSON) or a value, as tree rows and as
 * raw text segments. The same class serves small documents on the main thread and large ones
 * inside the document worker.
 */
import { parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';
import { utf8Length } from '../utf8-length.js';
import { outlineJson } from './json-outline.js';
import { JsonTreeModel, kindOf, LazyContainer, type TreeRow } from './json-tree-model.js';
import { indexSegments, segmentAt, type SegmentIndex, type TextSegment } from './text-segments.js';

export type DocumentInput = { kind: 'text'; text: string } | { kind: 'value'; value: unknown };

export interface RawInfo {
  /** UTF-8 size of the text (for a value: of its pretty-printed JSON). */
  bytes: number;
  segmentCount: number;
  lineCount: number;
}

export interface DocumentInfo {
  /** A tree is available: the text parsed as JSON to an object or array, or the input was a value. */
  tree: boolean;
  rowCount: number;
  /** Why a text that looked like JSON is not shown as a tree. */
  parseError?: string;
  /** Keys the text gives more than once in one object: the tree shows the last value, the raw text all. */
  duplicateKeys?: string[];
  /** The raw text's figures; null for a value until its raw text is first asked for (printing can be costly). */
  raw: RawInfo | null;
  /** The tree is shown before the whole text was checked to be JSON: `check` says (see `lazy`). */
  checking?: true;
}

export interface DocumentOptions {
  /**
   * A large JSON text's tree parses its top-level entries as they are shown (a worker's documents):
   * the first rows come at once, and `check` parses the whole text later to confirm it is JSON.
   */
  lazy?: boolean;
}

/** Only objects and arrays are worth a tree; `"abc"` or `42` are shown as text. */
export function looksLikeJsonContainer(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 32 || code === 9 || code === 10 || code === 13) continue;
    return code === 123 /* { */ || code === 91 /* [ */;
  }
  return false;
}

/**
 * Numbers JavaScript would show differently from how they were written: 16 or more digits (past
 * 2^53), decimals with a trailing zero (`1.0`), exponents, `-0`. Strings may match too: that only
 * costs the slower exact parse.
 */
const INEXACT_NUMBER = /\d{16}|\.\d*0(?!\d)|\d[eE]|-0(?![.\d])/;

/** Below this size the exact parse is always used (it also finds repeated keys); above it only where a number needs it. */
export const ALWAYS_EXACT_CHARS = 256 * 1024;

/** Whether `parseExact` must read the text with lossless-json (small, or holding a number JavaScript would change). */
export function needsExactParse(text: string): boolean {
  return text.length <= ALWAYS_EXACT_CHARS || INEXACT_NUMBER.test(text);
}

/**
 * Parses JSON text so the tree shows each number exactly as written, with lossless-json (numbers
 * stay their source text). Large texts with no number JavaScript could change take the fast
 * native parse. A key repeated in one object keeps its last value, as JSON.parse does, and is named.
 */
export function parseExact(text: string, exact = needsExactParse(text)): { value: unknown; exact: boolean; duplicateKeys: string[] } {
  const duplicateKeys: string[] = [];
  if (!exact) return { value: JSON.parse(text), exact: false, duplicateKeys };
  let value: unknown;
  try {
    value = parseLossless(text, null, {
      onDuplicateKey: ({ key, newValue }) => {
        if (!duplicateKeys.includes(key)) duplicateKeys.push(key);
        return newValue;
      },
    });
  } catch {
    // lossless-json recurses: a document nested thousands of levels deep overflows its stack,
    // where the native parse does not. Its syntax errors are the native parse's to report.
    return { value: JSON.parse(text), exact: false, duplicateKeys: [] };
  }
  return { value, exact: true, duplicateKeys };
}

/** Pretty JSON, or a sentence when the value cannot be printed (too deep for the engine's stack). */
export function printJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch (error) {
    return `Could not print this value as JSON (${error instanceof Error ? error.message : String(error)}). Use the tree view.`;
  }
}

const notJson = (error: unknown) => `It looks like JSON but does not parse: ${error instanceof Error ? error.message : String(error)}`;

interface RawText {
  text: string;
  index: SegmentIndex;
  bytes: number;
}

function rawTextOf(text: string): RawText {
  return { text, index: indexSegments(text), bytes: utf8Length(text) };
}

export class DocumentCore {
  private raw: RawText | null = null;
  private tree: JsonTreeModel | null;
  private parseError: string | undefined;
  /** The text whose tree was built lazily, until `check` has parsed it whole. */
  private unchecked: string | null = null;
  /** The tree holds numbers as their source text (lossless-json): copied values keep them. */
  private exactNumbers = false;
  private duplicateKeys: string[] = [];
  private readonly value: { value: unknown } | null;

  constructor(input: DocumentInput, options: DocumentOptions = {}) {
    if (input.kind === 'value') {
      this.value = { value: input.value };
      // A lone string or number is shown as text: a one-row tree says nothing more.
      const kind = kindOf(input.value);
      this.tree = kind === 'object' || kind === 'array' ? new JsonTreeModel(input.value) : null;
      if (!this.tree) this.raw = rawTextOf(printJson(input.value));
      return;
    }
    this.value = null;
    this.raw = rawTextOf(input.text);
    let tree: JsonTreeModel | null = null;
    const json = looksLikeJsonContainer(input.text);
    const exact = json && needsExactParse(input.text);
    const outline = json && options.lazy && !exact ? outlineJson(input.text) : null;
    // A repeated top-level key would show twice; JSON.parse keeps the last, so such a text is parsed whole.
    if (outline && (!outline.keys || new Set(outline.keys).size === outline.keys.length)) {
      try {
        this.tree = new JsonTreeModel(new LazyContainer(input.text, outline));
        this.unchecked = input.text;
        return;
      } catch {
        // An entry opened at first is not JSON: the whole text is parsed below, which says why.
      }
    }
    if (json) {
      try {
        const parsed = parseExact(input.text, exact);
        this.exactNumbers = parsed.exact;
        this.duplicateKeys = parsed.duplicateKeys;
        tree = new JsonTreeModel(parsed.value);
      } catch (error) {
        this.parseError = notJson(error);
      }
    }
    this.tree = tree;
  }

  info(): DocumentInfo {
    return {
      tree: this.tree !== null,
      rowCount: this.tree?.rowCount ?? 0,
      ...(this.parseError ? { parseError: this.parseError } : {}),
      ...(this.duplicateKeys.length > 0 ? { duplicateKeys: this.duplicateKeys } : {}),
      ...(this.unchecked !== null ? { checking: true as const } : {}),
      raw: this.raw ? { bytes: this.raw.bytes, segmentCount: this.raw.index.count, lineCount: this.raw.index.lineCount } : null,
    };
  }

  /** Parses a lazily read text whole, once: when it is not JSON after all, the tree goes and says why. Returns the info. */
  check(): DocumentInfo {
    const text = this.unchecked;
    this.unchecked = null;
    if (text === null) return this.info();
    try {
      JSON.parse(text);
    } catch (error) {
      this.tree = null;
      this.parseError = notJson(error);
    }
    return this.info();
  }

  /** Makes the raw text of a value (pretty JSON) available; returns the updated info. */
  prepareRaw(): DocumentInfo {
    if (!this.raw && this.value) this.raw = rawTextOf(printJson(this.value.value));
    return this.info();
  }

  /** The raw text, once prepared (for showing a small document in one piece). */
  rawText(): string | null {
    return this.raw?.text ?? null;
  }

  rows(start: number, end: number): TreeRow[] {
    return this.onTree(() => this.tree?.rowsBetween(start, end) ?? [], []);
  }

  /**
   * Work on a lazily read tree may parse an entry that is not JSON: the text is then checked
   * whole at once (the tree goes, the info says why) and `fallback` is the answer.
   */
  private onTree<T>(work: () => T, fallback: T): T {
    try {
      return work();
    } catch (error) {
      if (this.unchecked === null) throw error;
      this.check();
      return fallback;
    }
  }

  segments(start: number, end: number): TextSegment[] {
    const raw = this.raw;
    if (!raw) return [];
    const out: TextSegment[] = [];
    for (let index = Math.max(0, start); index < Math.min(end, raw.index.count); index++) {
      out.push(segmentAt(raw.text, raw.index, index)!);
    }
    return out;
  }

  /** Tree commands; each returns the new row count. */
  toggle(index: number): number {
    this.onTree(() => this.tree?.toggle(index), undefined);
    return this.tree?.rowCount ?? 0;
  }

  expandAll(index: number): number {
    this.onTree(() => this.tree?.expandAll(index), undefined);
    return this.tree?.rowCount ?? 0;
  }

  collapseAll(): number {
    this.tree?.collapseAll();
    return this.tree?.rowCount ?? 0;
  }

  parentIndex(index: number): number {
    return this.tree?.parentIndex(index) ?? -1;
  }

  pointer(index: number): string {
    return this.tree?.pointer(index) ?? '';
  }

  /** The whole text, or one tree row's value as pretty JSON (a string value as itself). */
  copyText(index?: number): string {
    if (index === undefined || !this.tree) {
      if (this.raw) return this.raw.text;
      return this.value ? printJson(this.value.value) : '';
    }
    const value = this.tree.value(index);
    if (typeof value === 'string') return value;
    return this.exactNumbers ? (stringifyLossless(value, null, 2) ?? '') : printJson(value);
  }
}
