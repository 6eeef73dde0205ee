/**
 * A JSON value as the rows of a collapsible tree. Only expanded nodes have rows, rows are built
 * without recursion (a 10,000-level document is fine), and a row's text is made when it is asked
 * for, so a view asks for the rows on screen and nothing else. Runs in the document worker for
 * large documents and on the main thread for small ones.
 */
import { isLosslessNumber } from 'lossless-json';
import { revealInvisible } from '../reveal-invisible.js';
import { toPointer } from '../json-pointer.js';
import type { JsonOutline } from './json-outline.js';
import { plainText } from '../plain-text.js';

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface TreeRow {
  depth: number;
  /** The property name, the array index, or null for the root. */
  key: string | number | null;
  kind: JsonKind;
  /** Primitives: the value as JSON (long strings cut); containers: a preview of their first entries. */
  text: string;
  /** Containers: how many entries they hold. */
  size: number;
  expanded: boolean;
  /** A string cut for display: its full length in characters. */
  fullLength?: number;
}

/**
 * The top-level object or array of a large JSON text, whose entries are parsed from their text
 * when first needed (see json-outline.ts): the tree of a 20 MB array shows its first rows without
 * building 160,000 objects first.
 */
export class LazyContainer {
  constructor(
    private readonly text: string,
    private readonly outline: JsonOutline,
  ) {}

  get isArray(): boolean {
    return this.outline.isArray;
  }

  get size(): number {
    return this.outline.spans.length / 2;
  }

  key(index: number): string | number {
    return this.outline.keys?.[index] ?? index;
  }

  /** Entry `index`, parsed now (each time: the tree keeps what it parsed). */
  entry(index: number): unknown {
    return JSON.parse(this.text.slice(this.outline.spans[index * 2], this.outline.spans[index * 2 + 1]));
  }

  /** The whole value, built (to copy it as JSON). */
  whole(): unknown {
    return JSON.parse(this.text);
  }
}

/** A child of a `LazyContainer` whose value has not been parsed yet. */
const UNPARSED = Symbol('unparsed');

/** One node of the tree. A class, so the 160,000 entries of a large array share one shape. */
class Node {
  expanded = false;
  children: Node[] | undefined = undefined;

  constructor(
    /** `UNPARSED` until read through `valueOf`, for an entry of a `LazyContainer` (its parent's value). */
    public value: unknown,
    readonly key: string | number | null,
    readonly depth: number,
    readonly parent: Node | null,
    /** Its place among its parent's entries (used for entries of a `LazyContainer`). */
    readonly index = 0,
  ) {}
}

export interface TreeOptions {
  /** Levels opened at first (fewer when that would exceed `initialRowBudget`). */
  initialDepth?: number;
  initialRowBudget?: number;
}

/** A string longer than this shows its start; the whole is available by copying. */
export const MAX_STRING_PREVIEW = 1000;
const PREVIEW_ENTRIES = 5;
const PREVIEW_LENGTH = 120;

export function kindOf(value: unknown): JsonKind {
  if (value === null || value === undefined) return 'null';
  if (value instanceof LazyContainer) return value.isArray ? 'array' : 'object';
  // A number read from text exactly as written (see document-core's parseExact).
  if (isLosslessNumber(value)) return 'number';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'object':
      return 'object';
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'null';
  }
}

function sizeOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value instanceof LazyContainer) return value.size;
  if (isLosslessNumber(value)) return 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length;
  return 0;
}

function primitiveText(value: unknown, limit: number): { text: string; fullLength?: number } {
  if (typeof value === 'string') {
    // Shown, never applied: a bidi override in a string must not reorder the tree.
    if (value.length <= limit) return { text: revealInvisible(JSON.stringify(value)) };
    return { text: revealInvisible(`${JSON.stringify(value.slice(0, limit)).slice(0, -1)}…"`), fullLength: value.length };
  }
  if (value === undefined) return { text: 'null' };
  if (isLosslessNumber(value)) return { text: value.value };
  return { text: plainText(value) };
}

/** `{id: 1, name: "item", tags: […]}`: the first entries, one level only. */
export function previewOf(value: unknown): string {
  const lazy = value instanceof LazyContainer ? value : null;
  const isArray = lazy ? lazy.isArray : Array.isArray(value);
  const entries: string[] = [];
  let length = 0;
  const keys = isArray || lazy ? null : Object.keys(value as object);
  const count = lazy ? lazy.size : isArray ? (value as unknown[]).length : keys!.length;
  for (let index = 0; index < Math.min(count, PREVIEW_ENTRIES) && length < PREVIEW_LENGTH; index++) {
    const child = lazy ? lazy.entry(index) : isArray ? (value as unknown[])[index] : (value as Record<string, unknown>)[keys![index]!];
    const kind = kindOf(child);
    const shown = kind === 'object' ? '{…}' : kind === 'array' ? '[…]' : primitiveText(child, 24).text;
    const entry = isArray ? shown : `${revealInvisible(String(lazy ? lazy.key(index) : keys![index]))}: ${shown}`;
    entries.push(entry);
    length += entry.length + 2;
  }
  const more = count > entries.length ? ', …' : '';
  return isArray ? `[${entries.join(', ')}${more}]` : `{${entries.join(', ')}${more}}`;
}

export class JsonTreeModel {
  private readonly root: Node;
  private rows: Node[];

  constructor(value: unknown, options: TreeOptions = {}) {
    this.root = new Node(value, null, 0, null);
    this.rows = [this.root];
    this.openInitially(options.initialDepth ?? 3, options.initialRowBudget ?? 500);
  }

  get rowCount(): number {
    return this.rows.length;
  }

  /** Opens level after level while the rows stay within budget; the root always opens. */
  private openInitially(maxDepth: number, budget: number): void {
    let level: Node[] = [this.root];
    let rowCount = 1;
    for (let depth = 0; depth < maxDepth && level.length > 0; depth++) {
      const containers: Node[] = [];
      let added = 0;
      // Stops counting once over budget: a level of 100,000 objects is not measured only to stay shut.
      for (let index = 0; index < level.length && (depth === 0 || rowCount + added <= budget); index++) {
        const size = sizeOf(this.valueOf(level[index]!));
        if (size === 0) continue;
        containers.push(level[index]!);
        added += size;
      }
      if (depth > 0 && rowCount + added > budget) break;
      rowCount += added;
      const next: Node[] = [];
      for (const node of containers) {
        node.expanded = true;
        // A level over budget opens nothing below it: its children are not gathered.
        if (rowCount <= budget) for (const child of this.childrenOf(node)) next.push(child);
      }
      level = next;
    }
    this.rebuild();
  }

  /** A node's value, parsed first when it is an entry of a `LazyContainer`. */
  private valueOf(node: Node): unknown {
    if (node.value === UNPARSED) node.value = (node.parent!.value as LazyContainer).entry(node.index);
    return node.value;
  }

  private childrenOf(node: Node): Node[] {
    if (node.children) return node.children;
    const value = this.valueOf(node);
    const depth = node.depth + 1;
    let children: Node[];
    if (value instanceof LazyContainer) {
      children = new Array<Node>(value.size);
      for (let index = 0; index < value.size; index++) {
        children[index] = new Node(UNPARSED, value.key(index), depth, node, index);
      }
    } else if (Array.isArray(value)) {
      children = new Array<Node>(value.length);
      for (let index = 0; index < value.length; index++) {
        children[index] = new Node(value[index], index, depth, node);
      }
    } else if (typeof value === 'object' && value !== null) {
      const keys = Object.keys(value);
      children = new Array<Node>(keys.length);
      for (let index = 0; index < keys.length; index++) {
        const key = keys[index]!;
        children[index] = new Node((value as Record<string, unknown>)[key], key, depth, node);
      }
    } else {
      children = [];
    }
    node.children = children;
    return children;
  }

  /** The visible rows under `node` (not `node` itself), depth first, without recursion, added to `out`. */
  private visibleBelow(node: Node, out: Node[] = []): Node[] {
    if (!node.expanded) return out;
    // One frame per open container on the way down: its children, and the next one to visit.
    const frames: Array<{ children: Node[]; next: number }> = [{ children: this.childrenOf(node), next: 0 }];
    while (frames.length > 0) {
      const frame = frames.at(-1)!;
      if (frame.next === frame.children.length) {
        frames.pop();
        continue;
      }
      const current = frame.children[frame.next++]!;
      out.push(current);
      if (current.expanded) frames.push({ children: this.childrenOf(current), next: 0 });
    }
    return out;
  }

  private rebuild(): void {
    this.rows = this.visibleBelow(this.root, [this.root]);
  }

  row(index: number): TreeRow | undefined {
    const node = this.rows[index];
    if (!node) return undefined;
    const value = this.valueOf(node);
    const kind = kindOf(value);
    const container = kind === 'object' || kind === 'array';
    const row: TreeRow = {
      depth: node.depth,
      key: node.key,
      kind,
      text: container ? previewOf(value) : '',
      size: container ? sizeOf(value) : 0,
      expanded: node.expanded,
    };
    if (!container) {
      const primitive = primitiveText(value, MAX_STRING_PREVIEW);
      row.text = primitive.text;
      if (primitive.fullLength !== undefined) row.fullLength = primitive.fullLength;
    }
    return row;
  }

  rowsBetween(start: number, end: number): TreeRow[] {
    const rows: TreeRow[] = [];
    for (let index = Math.max(0, start); index < Math.min(end, this.rows.length); index++) rows.push(this.row(index)!);
    return rows;
  }

  private isContainer(node: Node | undefined): node is Node {
    return node !== undefined && sizeOf(this.valueOf(node)) > 0;
  }

  expand(index: number): void {
    const node = this.rows[index];
    if (!this.isContainer(node) || node.expanded) return;
    node.expanded = true;
    this.rows = this.rows.slice(0, index + 1).concat(this.visibleBelow(node), this.rows.slice(index + 1));
  }

  collapse(index: number): void {
    const node = this.rows[index];
    if (!node || !node.expanded) return;
    node.expanded = false;
    let end = index + 1;
    while (end < this.rows.length && this.rows[end]!.depth > node.depth) end++;
    this.rows = this.rows.slice(0, index + 1).concat(this.rows.slice(end));
  }

  toggle(index: number): void {
    if (this.rows[index]?.expanded) this.collapse(index);
    else this.expand(index);
  }

  /**
   * Opens everything under the row, breadth first, until about `budget` rows have been added,
   * so "expand all" on a huge or very deep document stays bounded.
   */
  expandAll(index: number, budget = 20_000): void {
    const start = this.rows[index];
    if (!this.isContainer(start)) return;
    let added = 0;
    let level: Node[] = [start];
    while (level.length > 0 && added < budget) {
      const next: Node[] = [];
      for (const node of level) {
        if (!this.isContainer(node)) continue;
        if (!node.expanded) {
          node.expanded = true;
          added += sizeOf(this.valueOf(node));
        }
        for (const child of this.childrenOf(node)) next.push(child);
        if (added >= budget) break;
      }
      level = next;
    }
    this.rebuild();
  }

  /** Closes every node but the root. */
  collapseAll(): void {
    const stack: Node[] = [this.root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node !== this.root) node.expanded = false;
      if (node.children) for (const child of node.children) stack.push(child);
    }
    this.root.expanded = true;
    this.rebuild();
  }

  /** The index of the row's parent row, or -1 for the root. */
  parentIndex(index: number): number {
    const node = this.rows[index];
    if (!node?.parent) return -1;
    for (let candidate = index - 1; candidate >= 0; candidate--) if (this.rows[candidate] === node.parent) return candidate;
    return -1;
  }

  /** The row's place in the document as a JSON Pointer. */
  pointer(index: number): string {
    const path: Array<string | number> = [];
    for (let node = this.rows[index]; node && node.key !== null; node = node.parent ?? undefined) path.push(node.key);
    return toPointer(path.reverse());
  }

  /** The row's value (a lazily read container is built whole). */
  value(index: number): unknown {
    const node = this.rows[index];
    if (!node) return undefined;
    const value = this.valueOf(node);
    return value instanceof LazyContainer ? value.whole() : value;
  }
}
