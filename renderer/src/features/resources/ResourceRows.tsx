import type { ReactNode } from 'react';
import type { ResourceInfo, ResourceTemplateInfo } from '../../../../shared/mcp';
import { ItemIcon } from '../../ui/item-icon/ItemIcon';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/** One resource in the list: its title (or name) with the name beside, then its URI. */
export function ResourceRow({ resource, updated, subscribed }: { resource: ResourceInfo; updated: boolean; subscribed: boolean }) {
  return (
    <ItemRow
      icons={resource.icons}
      title={resource.title}
      name={resource.name}
      secondLine={resource.uri}
      description={resource.description}
      badges={
        <>
          {subscribed && <span className="resource-badge resource-badge--subscribed">subscribed</span>}
          {updated && <span className="resource-badge resource-badge--updated">updated</span>}
        </>
      }
    />
  );
}

export function TemplateRow({ template }: { template: ResourceTemplateInfo }) {
  return (
    <ItemRow icons={template.icons} title={template.title} name={template.name} secondLine={template.uriTemplate} description={template.description} />
  );
}

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
