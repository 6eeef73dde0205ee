import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { DocumentSource } from '../../bridge/documents/document-source';
import type { TreeRow } from '../../../../shared/document/json-tree-model';
import { copyText } from './file-actions';
import { listMove } from '../list-moves';
import { useRowWindow } from '../use-row-window';
import { revealInvisible } from '../../../../shared/reveal-invisible';

const ROW_HEIGHT = 20;
const INDENT = 14;
/** Deeper rows stop moving right and show their depth instead (a 10,000-level document stays readable). */
const INDENT_LEVELS = 24;
const PAGE = 20;

interface Props {
  source: DocumentSource;
  label: string;
  /** The tallest the tree grows before it scrolls. */
  maxHeight?: number;
}

function RowContent({ row }: { row: TreeRow }) {
  const container = row.kind === 'object' || row.kind === 'array';
  return (
    <>
      <span className="json-tree__twisty" aria-hidden="true">
        {container && row.size > 0 ? (row.expanded ? '▾' : '▸') : ''}
      </span>
      {row.depth > INDENT_LEVELS && <span className="json-tree__depth">depth {row.depth.toLocaleString()}</span>}
      {row.key !== null && (
        <>
          <span className={typeof row.key === 'number' ? 'json-tree__index' : 'json-tree__key'}>{typeof row.key === 'string' ? revealInvisible(row.key) : row.key}</span>
          <span className="json-tree__colon">: </span>
        </>
      )}
      {container ? (
        row.expanded ? (
          <span className="json-tree__summary">
            {row.kind === 'array' ? `Array(${row.size.toLocaleString()})` : `Object (${row.size.toLocaleString()} ${row.size === 1 ? 'key' : 'keys'})`}
          </span>
        ) : (
          <span className="json-tree__preview">
            {row.size === 0 ? (row.kind === 'array' ? '[]' : '{}') : row.text}
            {row.size > 0 && (
              <span className="json-tree__count">
                {' '}
                {row.size.toLocaleString()} {row.kind === 'array' ? (row.size === 1 ? 'item' : 'items') : row.size === 1 ? 'key' : 'keys'}
              </span>
            )}
          </span>
        )
      ) : (
        <span className={`json-tree__value json-tree__value--${row.kind}`}>{row.text}</span>
      )}
      {row.fullLength !== undefined && (
        <span className="json-tree__note"> ({row.fullLength.toLocaleString()} characters; copy to see all)</span>
      )}
    </>
  );
}

/**
 * A collapsible JSON tree that renders only the rows on screen. Keyboard: Up/Down move,
 * Right opens (or steps in), Left closes (or steps out), Enter toggles, Home/End, PageUp/PageDown.
 */
export function JsonTreeView({ source, label, maxHeight = 420 }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const count = source.info?.rowCount ?? 0;
  const [active, setActive] = useState(0);
  const [copied, setCopied] = useState<string | null>(null);
  const rows = useRowWindow(scrollRef, { rowCount: count, rowHeight: ROW_HEIGHT, follow: false });
  const { first, last } = rows;

  useEffect(() => {
    source.ensureRows(first, last);
  }, [source, first, last, source.version]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const activeIndex = Math.min(active, Math.max(0, count - 1));
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    setActive(next);
    rows.scrollToRow(next);
  };

  const copyActive = async (what: 'value' | 'path') => {
    const text = what === 'value' ? await source.copyText(activeIndex) : await source.pointer(activeIndex);
    setCopied((await copyText(text)) ? (what === 'value' ? 'Value copied' : 'Path copied') : 'Copy failed');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0 || event.altKey || event.metaKey) return;
    const row = source.row(activeIndex);
    const container = row !== undefined && row.size > 0;
    if (event.ctrlKey) {
      if (event.key.toLowerCase() === 'c') {
        event.preventDefault();
        void copyActive('value');
      }
      return;
    }
    const move = listMove(event.key, activeIndex, count, PAGE);
    if (move !== undefined) {
      event.preventDefault();
      moveTo(move);
      return;
    }
    switch (event.key) {
      case 'ArrowRight':
        if (container && !row.expanded) source.toggle(activeIndex);
        else if (container) moveTo(activeIndex + 1);
        break;
      case 'ArrowLeft':
        if (container && row.expanded) source.toggle(activeIndex);
        else void source.parentIndex(activeIndex).then((parent) => parent >= 0 && moveTo(parent));
        break;
      case 'Enter':
      case ' ':
        if (container) source.toggle(activeIndex);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const optionId = (index: number) => `${baseId}-row-${index}`;
  const height = Math.min(maxHeight, Math.max(ROW_HEIGHT, count * ROW_HEIGHT) + 2);

  return (
    <div className="json-tree">
      <div
        ref={scrollRef}
        className="json-tree__scroll"
        style={{ height }}
        role="tree"
        aria-label={label}
        tabIndex={0}
        aria-activedescendant={count > 0 ? optionId(activeIndex) : undefined}
        onKeyDown={onKeyDown}
        onScroll={rows.onScroll}
      >
        <div className="json-tree__space" style={{ height: rows.totalHeight }}>
          {Array.from({ length: last - first }, (_, offset) => first + offset).map((index) => {
            const row = source.row(index);
            const selected = index === activeIndex;
            const container = row !== undefined && row.size > 0;
            const indent = Math.min(row?.depth ?? 0, INDENT_LEVELS) * INDENT;
            return (
              <div
                key={index}
                id={optionId(index)}
                role="treeitem"
                aria-level={(row?.depth ?? 0) + 1}
                aria-expanded={container ? row.expanded : undefined}
                aria-selected={selected}
                className={`json-tree__row ${selected ? 'json-tree__row--active' : ''}`}
                style={{ transform: `translateY(${index * ROW_HEIGHT}px)`, paddingLeft: 4 + indent }}
                onClick={() => {
                  setActive(index);
                  if (container) source.toggle(index);
                }}
              >
                {row ? <RowContent row={row} /> : <span className="json-tree__loading">…</span>}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="json-tree__actions">
          <span className="json-tree__status" aria-live="polite">
            {copied ?? `${count.toLocaleString()} ${count === 1 ? 'row' : 'rows'} shown`}
          </span>
          <button type="button" className="link-button" onClick={() => source.expandAll(activeIndex)}>
            Expand all below
          </button>
          <button type="button" className="link-button" onClick={() => source.collapseAll()}>
            Collapse all
          </button>
          <button type="button" className="link-button" onClick={() => void copyActive('value')}>
            Copy selected value
          </button>
          <button type="button" className="link-button" onClick={() => void copyActive('path')}>
            Copy path
          </button>
        </div>
      )}
    </div>
  );
}
