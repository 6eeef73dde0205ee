import type { RequestTreeNode } from '../../../../shared/collections';

/** One visible line of the request tree: a folder or a request, at its depth (1 at the top). */
export interface TreeRow {
  node: RequestTreeNode;
  level: number;
  /** The folder that holds it, or undefined at the top. */
  parent: string | undefined;
}

/** The tree's visible lines, in order: a folded folder's contents are left out. */
export function visibleRows(tree: readonly RequestTreeNode[], collapsed: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (nodes: readonly RequestTreeNode[], level: number, parent: string | undefined) => {
    for (const node of nodes) {
      rows.push({ node, level, parent });
      if (node.kind === 'folder' && !collapsed.has(node.path)) walk(node.children, level + 1, node.path);
    }
  };
  walk(tree, 1, undefined);
  return rows;
}

/** The request or folder of this path in the tree, if it is there. */
export function nodeAt(tree: readonly RequestTreeNode[], path: string): RequestTreeNode | undefined {
  for (const node of tree) {
    if (node.path === path) return node;
    if (node.kind === 'folder' && path.startsWith(`${node.path}/`)) return nodeAt(node.children, path);
  }
  return undefined;
}

/** How many requests the tree holds. */
export function countRequests(tree: readonly RequestTreeNode[]): number {
  return tree.reduce((count, node) => count + (node.kind === 'request' ? 1 : countRequests(node.children)), 0);
}
