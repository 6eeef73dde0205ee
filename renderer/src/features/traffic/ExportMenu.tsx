import { useCallback, useId, useRef, useState } from 'react';
import { useMenu } from '../../ui/use-menu';

interface Props {
  visibleRows: number;
  filtered: boolean;
  disabled: boolean;
  onExport: (which: 'visible' | 'all') => void;
}

/** "Export" opens a two-item menu: the rows shown now, or everything kept. Both save JSON Lines. */
export function ExportMenu({ visibleRows, filtered, disabled, onExport }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  const onMenuKeyDown = useMenu(open, menuRef, close, buttonRef);
  const choose = (which: 'visible' | 'all') => {
    close();
    onExport(which);
  };

  return (
    <span className="export-menu">
      <button
        ref={buttonRef}
        type="button"
        className="button button--small"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        Export ▾
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label="Export traffic" className="export-menu__list" onKeyDown={onMenuKeyDown}>
          <button type="button" role="menuitem" className="export-menu__item" onClick={() => choose('visible')}>
            Visible rows ({visibleRows.toLocaleString()}){filtered ? ', as filtered' : ''}
          </button>
          <button type="button" role="menuitem" className="export-menu__item" onClick={() => choose('all')}>
            All entries
          </button>
        </div>
      )}
    </span>
  );
}
