import { useEffect, useId, useRef } from 'react';
import type { DiffRow, DiffSource } from '../../../../shared/collections';
import { useRowWindow } from '../../ui/use-row-window';
import { useDiff } from './use-diff';

const ROW_HEIGHT = 22;
const MAX_HEIGHT = 360;

interface Props {
  /** What the two sides are, e.g. "the run before → the last run". */
  label: string;
  before: DiffSource;
  after: DiffSource;
  ignore?: readonly string[];
}

const NO_IGNORE: readonly string[] = [];

/** Two results compared: the counts, then each added, removed and changed value (long texts by line), read in windows. */
export function ResultDiff({ label, before, after, ignore = NO_IGNORE }: Props) {
  const diff = useDiff(before, after, ignore);
  const scrollRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const count = diff.summary?.rows ?? 0;
  const rows = useRowWindow(scrollRef, { rowCount: count, rowHeight: ROW_HEIGHT, follow: false });
  const { first, last } = rows;
  const { ensureRows } = diff;

  useEffect(() => {
    ensureRows(first, last);
  }, [ensureRows, first, last]);

  const counts = diff.summary?.counts;
  return (
    <section className="result-diff" aria-labelledby={titleId}>
      <h3 id={titleId} className="result-diff__title">
        Diff: {label}
      </h3>
      {diff.error && (
        <p className="form-error" role="alert">
          {diff.error}
        </p>
      )}
      {!diff.summary && !diff.error && <p className="field__hint">Comparing…</p>}
      {counts && (
        <p className="result-diff__counts" role="status">
          {counts.added + counts.removed + counts.changed === 0
            ? 'The two results are the same.'
            : `${counts.changed} changed, ${counts.added} added, ${counts.removed} removed`}
        </p>
      )}
      {diff.summary?.notes.map((note) => (
        <p key={note} className="field__hint">
          {note}
        </p>
      ))}
      {count > 0 && (
        <div
          ref={scrollRef}
          className="result-diff__rows"
          style={{ height: Math.min(MAX_HEIGHT, count * ROW_HEIGHT + 2) }}
          role="list"
          aria-label="Differences"
          tabIndex={0}
          onScroll={rows.onScroll}
        >
          <div className="result-diff__space" style={{ height: rows.totalHeight }}>
            {Array.from({ length: last - first }, (_, offset) => first + offset).map((index) => {
              const row = diff.row(index);
              const text = row ? rowText(row) : '…';
              return (
                <div
                  key={index}
                  role="listitem"
                  className={`result-diff__row result-diff__row--${row ? rowTone(row) : 'pending'}`}
                  style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
                  title={text}
                >
                  {text}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}

function rowTone(row: DiffRow): string {
  if (row.kind === 'line') return row.op === '+' ? 'added' : row.op === '-' ? 'removed' : 'context';
  return row.kind;
}

/** A row as one line of plain text (the core cut previews at 2,000 characters). */
function rowText(row: DiffRow): string {
  const where = row.path || '/';
  switch (row.kind) {
    case 'added':
      return `+ ${where}: ${row.after}`;
    case 'removed':
      return `− ${where}: ${row.before}`;
    case 'changed':
      return `~ ${where}: ${row.before} → ${row.after}`;
    case 'text':
      return `~ ${where}: text changed by line (+${row.linesAdded} −${row.linesRemoved})`;
    case 'line':
      return `${row.op === ' ' ? ' ' : row.op === '-' ? '−' : '+'} ${row.afterLine ?? row.beforeLine ?? ''}\t${row.text}`;
    case 'gap':
      return `  … ${row.lines} unchanged ${row.lines === 1 ? 'line' : 'lines'}`;
  }
}
