import { useEffect } from 'react';
import type { ResourceInfo } from '../../../../shared/mcp';
import { formatBytes } from '../../ui/format';
import { ItemIcon } from '../../ui/item-icon/ItemIcon';
import { ResourceReadSection } from './ResourceReadSection';
import { resourceKey, useResourcesStore } from './resources-store';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/** Waits this long after selection before reading, so arrowing through a list does not read every item. */
const AUTO_READ_DELAY_MS = 300;

interface Props {
  serverId: string;
  uri: string;
  /** Undefined when the resource is not in the server's list (e.g. opened from a link). */
  resource: ResourceInfo | undefined;
  connected: boolean;
  subscribable: boolean;
}

function annotationText(annotations: Record<string, unknown> | undefined): string[] {
  if (!annotations) return [];
  const lines: string[] = [];
  const { audience, priority, lastModified } = annotations;
  if (Array.isArray(audience)) lines.push(`audience: ${audience.map(String).join(', ')}`);
  if (typeof priority === 'number') lines.push(`priority: ${priority}`);
  if (typeof lastModified === 'string') lines.push(`last modified: ${lastModified}`);
  return lines;
}

export function ResourceDetail({ serverId, uri, resource, connected, subscribable }: Props) {
  const hasRead = useResourcesStore((state) => state.reads[resourceKey(serverId, uri)] !== undefined);

  useEffect(() => {
    if (hasRead || !connected) return;
    const timer = setTimeout(() => void useResourcesStore.getState().read(serverId, uri), AUTO_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [serverId, uri, hasRead, connected]);

  const title = resource?.title;
  const name = resource?.name ?? uri;
  return (
    <div className="detail-card">
      <header className="detail-card__header">
        <ItemIcon icons={resource?.icons} />
        <h3 className="detail-card__name">{revealInvisible(title || name)}</h3>
        {title && title !== name && <span className="detail-card__secondary">{revealInvisible(name)}</span>}
      </header>
      <code className="detail-card__uri" aria-label="URI">
        {revealInvisible(uri)}
      </code>
      {resource?.description && <p className="detail-card__description">{resource.description}</p>}
      <div className="detail-card__meta">
        {resource?.mimeType && <span className="resource-badge">{resource.mimeType}</span>}
        {resource?.size !== undefined && <span className="muted">{formatBytes(resource.size)}</span>}
        {annotationText(resource?.annotations).map((line) => (
          <span key={line} className="muted">
            {line}
          </span>
        ))}
        {!resource && <span className="muted">Not in the server’s resource list (opened from a link).</span>}
      </div>
      <ResourceReadSection serverId={serverId} uri={uri} connected={connected} subscribable={subscribable} />
    </div>
  );
}
