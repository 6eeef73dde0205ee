/**
 * Where things are in JSON text, from CodeMirror's syntax tree: the text range of a JSON Pointer
 * (to underline a validation error) and the path and role of the cursor (for completion).
 */
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';
import { parsePointer, type PathSegment } from '../../../../shared/json-pointer.js';

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

function fullTree(state: EditorState) {
  return ensureSyntaxTree(state, state.doc.length, 200) ?? syntaxTree(state);
}

function propertyName(state: EditorState, property: SyntaxNode): string | null {
  const name = property.getChild('PropertyName');
  if (!name) return null;
  try {
    return JSON.parse(state.sliceDoc(name.from, name.to)) as string;
  } catch {
    return null;
  }
}

function valueChildren(node: SyntaxNode): SyntaxNode[] {
  const children: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (VALUE_NODES.has(child.name)) children.push(child);
  }
  return children;
}

function propertyValue(property: SyntaxNode): SyntaxNode | null {
  for (let child = property.lastChild; child; child = child.prevSibling) {
    if (VALUE_NODES.has(child.name)) return child;
  }
  return null;
}

export interface TextRange {
  from: number;
  to: number;
}

/**
 * The text to underline for an error at `pointer`: the value there; for a property that is
 * not allowed, its name; for a place that does not exist (a missing required property), the
 * opening bracket of the nearest container that does.
 */
export function rangeForPointer(state: EditorState, pointer: string, keyword?: string): TextRange {
  const top = fullTree(state).topNode;
  let node = valueChildren(top)[0] ?? null;
  if (!node) return { from: 0, to: Math.min(1, state.doc.length) };
  let lastProperty: SyntaxNode | null = null;
  for (const segment of parsePointer(pointer)) {
    let next: SyntaxNode | null = null;
    let property: SyntaxNode | null = null;
    if (node.name === 'Object') {
      for (const candidate of node.getChildren('Property')) {
        if (propertyName(state, candidate) === segment) property = candidate;
      }
      next = property ? propertyValue(property) : null;
    } else if (node.name === 'Array' && /^\d+$/.test(segment)) {
      next = valueChildren(node)[Number(segment)] ?? null;
    }
    if (!next) return { from: node.from, to: Math.min(node.from + 1, node.to) };
    node = next;
    lastProperty = property;
  }
  if (keyword === 'additionalProperties' || keyword === 'propertyNames') {
    const name = lastProperty?.getChild('PropertyName');
    if (name) return { from: name.from, to: name.to };
  }
  // Underline a container's opening bracket only; a whole object would underline everything.
  if (node.name === 'Object' || node.name === 'Array') return { from: node.from, to: node.from + 1 };
  return { from: node.from, to: node.to };
}

/** Where a syntax error is: the first error node, or the end of the text. */
export function syntaxErrorRange(state: EditorState): TextRange {
  let found: TextRange | null = null;
  fullTree(state).iterate({
    enter: (node) => {
      if (found) return false;
      if (node.type.isError) {
        found = { from: node.from, to: Math.max(node.to, Math.min(node.from + 1, state.doc.length)) };
        return false;
      }
      return undefined;
    },
  });
  return found ?? { from: Math.max(0, state.doc.length - 1), to: state.doc.length };
}

export interface CursorContext {
  /** Completing a property name of the object at `path`, or a value at `path`. */
  role: 'key' | 'value';
  path: PathSegment[];
  /** Where the text being completed starts (an opening quote included). */
  from: number;
  /** For keys: the names already present in the object. */
  existingKeys: string[];
}

/** The path from the document root to `node` (a value node). */
function pathTo(state: EditorState, node: SyntaxNode): PathSegment[] | null {
  const path: PathSegment[] = [];
  let current: SyntaxNode = node;
  for (let parent = current.parent; parent; current = parent, parent = parent.parent) {
    if (parent.name === 'Property') {
      const name = propertyName(state, parent);
      if (name === null) return null;
      path.push(name);
      current = parent;
      parent = parent.parent;
      if (!parent) break;
      continue;
    }
    if (parent.name === 'Array') {
      const index = valueChildren(parent).findIndex((child) => child.from === current.from);
      if (index < 0) return null;
      path.push(index);
    }
  }
  return path.reverse();
}

function enclosingContainer(state: EditorState, position: number): SyntaxNode | null {
  for (let node: SyntaxNode | null = syntaxTree(state).resolveInner(position, -1); node; node = node.parent) {
    if ((node.name === 'Object' || node.name === 'Array') && node.from < position) {
      const closed = state.sliceDoc(node.to - 1, node.to) === (node.name === 'Object' ? '}' : ']');
      if (!closed || position < node.to) return node;
    }
  }
  return null;
}

/**
 * What the cursor is completing, from the text before it: after `{` or `,` in an object a
 * property name; after `:` or in an array a value. Null anywhere else.
 */
export function cursorContext(state: EditorState, position: number): CursorContext | null {
  const before = state.sliceDoc(Math.max(0, position - 200), position);
  const word = /"?[^"\s{}[\],:]*$/.exec(before)?.[0] ?? '';
  const from = position - word.length;
  const lead = state.sliceDoc(Math.max(0, from - 200), from).trimEnd();
  const mark = lead.at(-1);
  const container = enclosingContainer(state, from);

  if (!container) {
    return mark === undefined ? { role: 'value', path: [], from, existingKeys: [] } : null;
  }
  const path = pathTo(state, container);
  if (!path) return null;

  if (container.name === 'Object') {
    if (mark === '{' || mark === ',') {
      const existingKeys = container
        .getChildren('Property')
        .filter((property) => property.to < from || property.from > position)
        .map((property) => propertyName(state, property))
        .filter((name): name is string => name !== null);
      return { role: 'key', path, from, existingKeys };
    }
    if (mark === ':') {
      // The property whose colon this is: its name is the last string before the colon.
      const nameMatch = /"((?:[^"\\]|\\.)*)"\s*:$/.exec(lead);
      if (!nameMatch) return null;
      let name: string;
      try {
        name = JSON.parse(`"${nameMatch[1]}"`) as string;
      } catch {
        return null;
      }
      return { role: 'value', path: [...path, name], from, existingKeys: [] };
    }
    return null;
  }
  if (mark === '[' || mark === ',') {
    const index = valueChildren(container).filter((child) => child.to <= from).length;
    return { role: 'value', path: [...path, index], from, existingKeys: [] };
  }
  return null;
}
