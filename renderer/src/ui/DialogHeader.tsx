import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

/** A modal dialog's title bar: its title (the dialog's accessible name) and a Close button. */
export function DialogHeader({ titleId, onClose, children }: { titleId: string; onClose: () => void; children: ReactNode }) {
  return (
    <header className="dialog__header">
      <h2 id={titleId} className="dialog__title">
        {children}
      </h2>
      <button type="button" className="icon-button" aria-label="Close" title="Close (Esc)" onClick={onClose}>
        <CloseIcon />
      </button>
    </header>
  );
}
