import { useEffect, useRef } from 'react';
import type { DocumentSource } from '../../bridge/documents/document-source';
import { useRowWindow } from '../use-row-window';

const ROW_HEIGHT = 18;

interface Props {
  source: DocumentSource;
  label: string;
  maxHeight?: number;
}

/** A long text, one row per line (long lines in pieces), rendering only the rows on screen. */
export function TextSegmentsView({ source, label, maxHeight = 420 }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const raw = source.info?.raw;
  const count = raw?.segmentCount ?? 0;
  const rows = useRowWindow(scrollRef, { rowCount: count, rowHeight: ROW_HEIGHT, overscan: 20, follow: false });
  const { first, last } = rows;

  useEffect(() => {
    source.ensureSegments(first, last);
  }, [source, first, last, source.version]);

  const gutter = `${String(raw?.lineCount ?? 1).length + 1}ch`;
  return (
    <div
      ref={scrollRef}
      className="text-segments"
      style={{ height: Math.min(maxHeight, count * ROW_HEIGHT + 12) }}
      role="document"
      aria-label={label}
      tabIndex={0}
      onScroll={rows.onScroll}
    >
      <div className="text-segments__space" style={{ height: rows.totalHeight + 12 }}>
        {Array.from({ length: last - first }, (_, offset) => first + offset).map((index) => {
          const segment = source.segment(index);
          return (
            <div key={index} className="text-segments__row" style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}>
              <span className="text-segments__line" style={{ width: gutter }} aria-hidden="true">
                {segment ? (segment.continued ? '↪' : segment.line) : ''}
              </span>
              <span className="text-segments__text">{segment ? segment.text : '…'}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
