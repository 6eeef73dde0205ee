import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface Props<T> {
  items: readonly T[];
  /** The accessible name of the list. */
  label: string;
  getKey: (item: T) => string;
  selectedKey: string | undefined;
  onSelect: (item: T) => void;
  renderItem: (item: T, selected: boolean) => ReactNode;
  /** A first guess at a row's height; rows are measured as they render. */
  estimateSize?: number;
  className?: string;
}

const PAGE = 10;

/**
 * A listbox that renders only the rows on screen, so 1,000 or 100,000 items scroll smoothly.
 * Keyboard: the list holds focus and `aria-activedescendant` names the selected row;
 * Up/Down, Home/End and PageUp/PageDown move the selection.
 */
export function VirtualListbox<T>({ items, label, getKey, selectedKey, onSelect, renderItem, estimateSize = 44, className }: Props<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  // The virtualizer is mutable by design; this component does not rely on the compiler's memoizing.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    overscan: 8,
    getItemKey: (index) => getKey(items[index] as T),
  });
  const selectedIndex = selectedKey === undefined ? -1 : items.findIndex((item) => getKey(item) === selectedKey);

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (items.length === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: selectedIndex < 0 ? 0 : Math.min(last, selectedIndex + 1),
      ArrowUp: selectedIndex < 0 ? last : Math.max(0, selectedIndex - 1),
      Home: 0,
      End: last,
      PageDown: Math.min(last, Math.max(0, selectedIndex) + PAGE),
      PageUp: Math.max(0, selectedIndex - PAGE),
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const item = items[next];
    if (item !== undefined) onSelect(item);
  };

  const optionId = (index: number) => `${baseId}-option-${index}`;
  return (
    <div
      ref={scrollRef}
      className={`virtual-listbox ${className ?? ''}`}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={selectedIndex >= 0 ? optionId(selectedIndex) : undefined}
      onKeyDown={onKeyDown}
    >
      <div className="virtual-listbox__space" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index] as T;
          const selected = row.index === selectedIndex;
          return (
            <div
              key={row.key}
              id={optionId(row.index)}
              role="option"
              aria-selected={selected}
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className={`virtual-listbox__option ${selected ? 'virtual-listbox__option--selected' : ''}`}
              style={{ transform: `translateY(${row.start}px)` }}
              onClick={() => onSelect(item)}
            >
              {renderItem(item, selected)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
