import { PopupMenu } from '../../ui/PopupMenu';
import { COLUMNS, type ColumnId } from './traffic-columns';

interface Props {
  x: number;
  y: number;
  hidden: readonly ColumnId[];
  onToggle: (column: ColumnId) => void;
  onReset: () => void;
  onClose: () => void;
}

/** Right-click on the grid's header: which columns to show, as in DevTools. */
export function ColumnMenu({ x, y, hidden, onToggle, onReset, onClose }: Props) {
  return (
    <PopupMenu x={x} y={y} label="Columns" onClose={onClose}>
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
      <div role="separator" className="popup-menu__separator" />
      <button type="button" role="menuitem" className="export-menu__item" onClick={onReset}>
        Reset columns
      </button>
    </PopupMenu>
  );
}
