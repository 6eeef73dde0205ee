import type { ReactNode } from 'react';
import type { ResourceInfo } from '../../../shared/mcp';
import { ItemIcon } from './item-icon/ItemIcon';
import { revealInvisible } from '../../../shared/reveal-invisible';
import './item-row.css';

interface ItemRowProps {
  icons: ResourceInfo['icons'];
  title: string | undefined;
  name: string;
  secondLine: string;
  description: string | undefined;
  badges?: ReactNode;
}

/** The row layout shared by resources, templates and prompts. */
export function ItemRow({ icons, title, name, secondLine, description, badges }: ItemRowProps) {
  const shownTitle = title?.trim() ? title : undefined;
  return (
    <div className="item-row" title={description}>
      <ItemIcon icons={icons} />
      <div className="item-row__text">
        <span className="item-row__line">
          <span className="item-row__name">{revealInvisible(shownTitle ?? name)}</span>
          {shownTitle && shownTitle !== name && <span className="item-row__secondary">{revealInvisible(name)}</span>}
          {badges}
        </span>
        {secondLine && <span className="item-row__second">{revealInvisible(secondLine)}</span>}
      </div>
    </div>
  );
}
