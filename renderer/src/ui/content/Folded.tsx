import { useState, type ReactNode } from 'react';

/**
 * A <details> whose content is made only once it is first opened, so a folded raw view of a
 * 20 MB reply costs nothing until someone asks for it.
 */
export function Folded({ title, children, className, open = false }: { title: ReactNode; children: ReactNode; className?: string; open?: boolean }) {
  const [opened, setOpened] = useState(open);
  return (
    <details className={`meta-details ${className ?? ''}`} open={open || undefined} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>{title}</summary>
      {opened && children}
    </details>
  );
}
