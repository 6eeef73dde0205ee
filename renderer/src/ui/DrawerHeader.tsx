import type { KeyboardEvent, ReactNode } from 'react';
import { CloseIcon } from './icons';

interface Props {
  /** The drawer's title, and its id (the drawer is labelled by it; focus moves there on open). */
  title: string;
  titleId: string;
  /** One live line: what waits in the drawer. */
  count: string;
  closeLabel: string;
  onClose: () => void;
  className?: string;
  /** Actions between the count and Close. */
  children?: ReactNode;
}

/** The header of a drawer beside the main area (Approvals, Intercept): title, a live count, actions, Close. */
export function DrawerHeader({ title, titleId, count, closeLabel, onClose, className, children }: Props) {
  return (
    <header className={className ? `panel-header ${className}` : 'panel-header'}>
      <h2 id={titleId} className="panel-header__title" tabIndex={-1}>
        {title}
      </h2>
      <span className="panel-header__count" aria-live="polite">
        {count}
      </span>
      <span className="panel-header__spacer" />
      {children}
      <button type="button" className="icon-button" aria-label={closeLabel} title="Close (Esc)" onClick={onClose}>
        <CloseIcon />
      </button>
    </header>
  );
}

/** A drawer's keydown: Escape closes it, unless something inside took the key first. */
export function closeOnEscape(close: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      close();
    }
  };
}
