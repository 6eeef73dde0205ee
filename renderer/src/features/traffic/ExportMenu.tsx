import { useCallback, useId, useRef, useState } from 'react';
import { useMenu } from '../../ui/use-menu';

/** What the Export menu saves: the shown rows or all entries as JSON Lines, or the HTTP exchanges as HAR 1.2. */
export type ExportChoice = 'visible' | 'all' | 'har';

interface Props {
  visibleRows: number;
  filtered: boolean;
  disabled: boolean;
  /** The live log (HAR comes from the core's log, not from an opened record). */
  live: boolean;
  onExport: (which: ExportChoice) => void;
}

/** "Export" opens a menu: the rows shown now or everything kept (JSON Lines), or the live log's HTTP exchanges as HAR. */
export function ExportMenu({ visibleRows, filtered, disabled, live, onExport }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  const onMenuKeyDown = useMenu(open, menuRef, close, buttonRef);
  const choose = (which: ExportChoice) => {
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
          {live && (
            <button type="button" role="menuitem" className="export-menu__item" onClick={() => choose('har')}>
              HTTP exchanges as HAR 1.2
            </button>
          )}
        </div>
      )}
    </span>
  );
}
