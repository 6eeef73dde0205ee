import { useState, type ReactNode } from 'react';

/**
 * A <details> whose content is made only once it is first opened, so a folded raw view of a
 * 20 MB reply costs nothing until someone asks for it.
 */
export function Folded({ title, children, className }: { title: ReactNode; children: ReactNode; className?: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className={`meta-details ${className ?? ''}`} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>{title}</summary>
      {opened && children}
    </details>
  );
}
