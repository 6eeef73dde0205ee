import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { formatClockTime } from '../../ui/format';
import type { LogEntry } from './log-entries';
import { revealInvisible } from '../../../../shared/reveal-invisible';

const ROW_HEIGHT = 24;
const PAGE = 20;
/** How close to the bottom (px) still counts as following the newest entries. */
const FOLLOW_THRESHOLD = 30;
/** The list shows the start of long data; the detail shows all of it. */
const ROW_TEXT_LIMIT = 400;

interface Props {
  entries: readonly LogEntry[];
  selectedSeq: number | undefined;
  onSelect: (seq: number) => void;
}

/**
 * The log lines, oldest at the top, rendering only the rows on screen. It follows the newest
 * line while scrolled to the bottom. Keyboard: Up/Down, Home/End, PageUp/PageDown select.
 */
export function LogList({ entries, selectedSeq, onSelect }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const baseId = useId();
  // The virtualizer is not memoizable; this component re-renders on every change anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => entries[index]!.seq,
  });
  const selectedIndex = selectedSeq === undefined ? -1 : entries.findIndex((entry) => entry.seq === selectedSeq);

  useLayoutEffect(() => {
    if (following.current && entries.length > 0) virtualizer.scrollToIndex(entries.length - 1, { align: 'end' });
  }, [entries, virtualizer]);

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (element) following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (entries.length === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const last = entries.length - 1;
    const from = selectedIndex < 0 ? last : selectedIndex;
    const moves: Record<string, number> = {
      ArrowDown: selectedIndex < 0 ? last : Math.min(last, from + 1),
      ArrowUp: Math.max(0, from - 1),
      Home: 0,
      End: last,
      PageDown: Math.min(last, from + PAGE),
      PageUp: Math.max(0, from - PAGE),
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    following.current = next === last;
    onSelect(entries[next]!.seq);
  };

  return (
    <div
      ref={scrollRef}
      className="log-list"
      role="listbox"
      aria-label="Log messages"
      tabIndex={0}
      aria-activedescendant={selectedIndex >= 0 ? `${baseId}-${entries[selectedIndex]!.seq}` : undefined}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
    >
      <div className="log-list__space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const entry = entries[row.index]!;
          const selected = row.index === selectedIndex;
          return (
            <div
              key={row.key}
              id={`${baseId}-${entry.seq}`}
              role="option"
              aria-selected={selected}
              aria-setsize={entries.length}
              aria-posinset={row.index + 1}
              className={`log-row ${selected ? 'log-row--selected' : ''}`}
              style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
              onClick={() => onSelect(entry.seq)}
            >
              <span className="log-row__time">{formatClockTime(entry.time)}</span>
              <span className={`log-level log-level--${entry.rank >= 0 ? entry.level : 'unknown'}`}>{revealInvisible(entry.level)}</span>
              {entry.logger !== undefined && <span className="log-row__logger">{revealInvisible(entry.logger)}</span>}
              <span className="log-row__text">{revealInvisible(entry.text.length > ROW_TEXT_LIMIT ? `${entry.text.slice(0, ROW_TEXT_LIMIT)}…` : entry.text)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
