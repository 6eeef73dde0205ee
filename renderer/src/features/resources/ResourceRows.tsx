import type { ResourceInfo, ResourceTemplateInfo } from '../../../../shared/mcp';
import { ItemRow } from '../../ui/ItemRow';

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
