import { useLayoutEffect, useRef, useState } from 'react';
import { useMenu } from '../../ui/use-menu';
import { COLUMNS, type ColumnId } from './traffic-columns';

interface Props {
  x: number;
  y: number;
  hidden: readonly ColumnId[];
  onToggle(column: ColumnId): void;
  onReset(): void;
  onClose(): void;
}

const MARGIN = 8;

/** Right-click on the grid's header: which columns to show, as in DevTools. */
export function ColumnMenu({ x, y, hidden, onToggle, onReset, onClose }: Props) {
  const menuRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState({ left: x, top: y });
  const onKeyDown = useMenu(true, menuRef, onClose);

  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    setPlace({
      left: Math.max(MARGIN, Math.min(x, window.innerWidth - width - MARGIN)),
      top: Math.max(MARGIN, Math.min(y, window.innerHeight - height - MARGIN)),
    });
  }, [x, y]);

  return (
    <div ref={menuRef} role="menu" aria-label="Columns" className="row-menu" style={{ left: place.left, top: place.top }} onKeyDown={onKeyDown} onContextMenu={(event) => event.preventDefault()}>
      {COLUMNS.filter((column) => column.hideable).map((column) => (
        <button
          key={column.id}
          type="button"
          role="menuitemcheckbox"
          aria-checked={!hidden.includes(column.id)}
          className="export-menu__item column-menu__item"
          onClick={() => onToggle(column.id)}
        >
          <span className="column-menu__check" aria-hidden="true">
            {hidden.includes(column.id) ? '' : '✓'}
          </span>
          {column.header}
        </button>
      ))}
      <div role="separator" className="row-menu__separator" />
      <button type="button" role="menuitem" className="export-menu__item" onClick={onReset}>
        Reset columns
      </button>
    </div>
  );
}
