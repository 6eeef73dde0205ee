import { useId, useMemo, useRef, type KeyboardEvent } from 'react';
import type { RequestRun, RequestTreeNode } from '../../../../shared/collections';
import { listMove } from '../../ui/list-moves';
import { useRowWindow } from '../../ui/use-row-window';
import { RunStatusMark } from './RunStatusMark';
import { visibleRows } from './tree-rows';

const ROW_HEIGHT = 26;
const INDENT = 14;
const PAGE = 10;

interface Props {
  tree: readonly RequestTreeNode[];
  collapsed: ReadonlySet<string>;
  selectedPath: string | undefined;
  lastRuns: Record<string, RequestRun>;
  onSelect: (path: string) => void;
  onToggle: (path: string, open?: boolean) => void;
}

/**
 * The collection's requests as a tree (folders first, as they run). Only the rows on screen are
 * rendered. Keyboard: Up/Down, Home/End, PageUp/PageDown move; Right opens a folder (or steps in),
 * Left closes it (or steps out); Enter toggles a folder.
 */
export function RequestTree({ tree, collapsed, selectedPath, lastRuns, onSelect, onToggle }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const rows = useMemo(() => visibleRows(tree, collapsed), [tree, collapsed]);
  const rowWindow = useRowWindow(scrollRef, { rowCount: rows.length, rowHeight: ROW_HEIGHT, follow: false });
  const activeIndex = rows.findIndex((row) => row.node.path === selectedPath);

  const moveTo = (index: number) => {
    const row = rows[index];
    if (!row) return;
    onSelect(row.node.path);
    rowWindow.scrollToRow(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (rows.length === 0 || event.altKey || event.metaKey || event.ctrlKey) return;
    const active = rows[activeIndex];
    const folder = active?.node.kind === 'folder' ? active.node : undefined;
    const open = folder !== undefined && !collapsed.has(folder.path);
    const move = listMove(event.key, activeIndex, rows.length, PAGE);
    if (move !== undefined) {
      event.preventDefault();
      moveTo(move);
      return;
    }
    switch (event.key) {
      case 'ArrowRight':
        if (folder && !open) onToggle(folder.path, true);
        else if (folder && folder.children.length > 0) moveTo(activeIndex + 1);
        break;
      case 'ArrowLeft':
        if (folder && open) onToggle(folder.path, false);
        else if (active?.parent !== undefined) moveTo(rows.findIndex((row) => row.node.path === active.parent));
        break;
      case 'Enter':
      case ' ':
        if (folder) onToggle(folder.path);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const rowId = (index: number) => `${baseId}-row-${index}`;
  return (
    <div
      ref={scrollRef}
      className="request-tree"
      role="tree"
      aria-label="Requests"
      tabIndex={0}
      aria-activedescendant={activeIndex >= 0 ? rowId(activeIndex) : undefined}
      onKeyDown={onKeyDown}
      onScroll={rowWindow.onScroll}
    >
      <div className="request-tree__space" style={{ height: rowWindow.totalHeight }}>
        {rows.slice(rowWindow.first, rowWindow.last).map((row, offset) => {
          const index = rowWindow.first + offset;
          const { node } = row;
          const selected = index === activeIndex;
          const folderOpen = node.kind === 'folder' ? !collapsed.has(node.path) : undefined;
          return (
            <div
              key={`${node.kind}:${node.path}`}
              id={rowId(index)}
              role="treeitem"
              aria-level={row.level}
              aria-expanded={folderOpen}
              aria-selected={selected}
              aria-label={node.name}
              className={`request-tree__row ${selected ? 'request-tree__row--selected' : ''}`}
              style={{ transform: `translateY(${index * ROW_HEIGHT}px)`, paddingLeft: 6 + (row.level - 1) * INDENT }}
              onClick={() => {
                onSelect(node.path);
                if (node.kind === 'folder') onToggle(node.path);
              }}
            >
              {node.kind === 'folder' ? (
                <>
                  <span className="request-tree__caret" aria-hidden="true">
                    {folderOpen ? '▾' : '▸'}
                  </span>
                  <span className="request-tree__name">{node.name}</span>
                </>
              ) : (
                <>
                  <RunStatusMark run={lastRuns[node.path]} problem={node.problem !== undefined} />
                  <span className="request-tree__name">{node.name}</span>
                  <span className="request-tree__summary">{node.problem ? 'does not load' : node.summary}</span>
                </>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
