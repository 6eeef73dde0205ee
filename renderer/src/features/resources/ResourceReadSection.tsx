import { useId } from 'react';
import { formatClockTime } from '../../ui/format';
import { ResourceReadView } from './ResourceReadView';
import { resourceKey, useResourcesStore } from './resources-store';
import { resourcesSlots } from './slots';

interface Props {
  serverId: string;
  uri: string;
  connected: boolean;
  /** The server announced `resources.subscribe`. */
  subscribable: boolean;
  readLabel?: string;
}

/** Read, subscribe and follow updates for one URI, then its contents. */
export function ResourceReadSection({ serverId, uri, connected, subscribable, readLabel = 'Read' }: Props) {
  const key = resourceKey(serverId, uri);
  const read = useResourcesStore((state) => state.reads[key]);
  const subscription = useResourcesStore((state) => state.subscriptions[key]);
  const subscriptionError = useResourcesStore((state) => state.subscriptionErrors[key]);
  const updatedAt = useResourcesStore((state) => state.updatedAt[key]);
  const autoReread = useResourcesStore((state) => state.autoReread[key] ?? false);
  const autoId = useId();
  const store = useResourcesStore.getState;
  const reading = read?.status === 'reading';
  const subscribed = subscription === 'subscribed' || subscription === 'unsubscribing';

  return (
    <>
      <div className="resource-actions">
        <button type="button" className="button button--primary" disabled={!connected || reading} onClick={() => void store().read(serverId, uri)}>
          {read ? `Re-${readLabel.toLowerCase()}` : readLabel}
        </button>
        {subscribable && (
          <>
            <button
              type="button"
              className="button"
              aria-pressed={subscribed}
              disabled={!connected || subscription === 'subscribing' || subscription === 'unsubscribing'}
              onClick={() => void (subscribed ? store().unsubscribe(serverId, uri) : store().subscribe(serverId, uri))}
            >
              {subscription === 'subscribing' ? 'Subscribing…' : subscription === 'unsubscribing' ? 'Unsubscribing…' : subscribed ? 'Unsubscribe' : 'Subscribe'}
            </button>
            <label className="resource-checkbox" htmlFor={autoId}>
              <input id={autoId} type="checkbox" checked={autoReread} onChange={(event) => store().setAutoReread(serverId, uri, event.target.checked)} />
              Auto re-read on update
            </label>
          </>
        )}
        {subscribed && <span className="resource-badge resource-badge--subscribed">Subscribed</span>}
        <button
          type="button"
          className="button button--small"
          title="Keep this read as a request file in a collection"
          onClick={() => resourcesSlots.saveAsRequest.get()({ kind: 'request', action: { resource: uri } })}
        >
          Save as request…
        </button>
        {!connected && <span className="field__hint">Connect the server to read this resource.</span>}
      </div>
      {subscriptionError && (
        <p className="outcome-failure" role="alert">
          {subscription ? 'Unsubscribe' : 'Subscribe'} failed: {subscriptionError}
        </p>
      )}
      {updatedAt !== undefined && (
        <div className="resource-updated" role="status">
          <span>The server says this resource changed at {formatClockTime(updatedAt)}.</span>
          <button type="button" className="button button--small" disabled={!connected || reading} onClick={() => void store().read(serverId, uri)}>
            Re-read now
          </button>
        </div>
      )}
      {read && <ResourceReadView read={read} />}
    </>
  );
}
