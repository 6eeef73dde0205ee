import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

interface Props {
  visibleRows: number;
  filtered: boolean;
  disabled: boolean;
  onExport(which: 'visible' | 'all'): void;
}

/** "Export" opens a two-item menu: the rows shown now, or everything kept. Both save JSON Lines. */
export function ExportMenu({ visibleRows, filtered, disabled, onExport }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && event.target !== buttonRef.current) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (which: 'visible' | 'all') => {
    close();
    onExport(which);
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    }
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
