import type { CoreStatus } from '../../../shared/core-status';
import type { Bridge, LinkState } from './types';

const OPEN: LinkState = { status: 'open' };
const CONNECTING: LinkState = { status: 'connecting' };

/**
 * Folds the core's status into the carrier's link state: while the core is starting the link is
 * `connecting`, while it is down it is `core-down`, and when a restarted core serves it is `open`
 * again, so every store reloads from the new core as after a reconnect.
 */
export function withCoreStatus(carrier: Bridge): Bridge {
  let core: CoreStatus | undefined;
  let link: LinkState = CONNECTING;
  /** Bumped by every core.status event, so an older `core.status` answer cannot overwrite a newer event. */
  let revision = 0;
  const listeners = new Set<(state: LinkState) => void>();

  function compute(): LinkState {
    const carried = carrier.getLinkState();
    if (carried.status !== 'open') return carried;
    if (!core || core.state === 'starting') return CONNECTING;
    if (core.state === 'stopped' || core.state === 'unresponsive') return { status: 'core-down', core };
    return OPEN;
  }

  function update(): void {
    const next = compute();
    const same = next.status === link.status && (next.status !== 'core-down' || (link.status === 'core-down' && next.core === link.core));
    if (same && next.status !== 'lost') return;
    link = next;
    for (const listener of [...listeners]) listener(link);
  }

  function askCore(): void {
    const asked = revision;
    carrier.invoke('core.status').then(
      (status) => {
        if (revision === asked) core = status;
        update();
      },
      () => {
        // A host that cannot say is taken as serving; a failed request shows its own message.
        if (revision === asked && !core) core = { state: 'running', startedAt: Date.now(), restarts: 0 };
        update();
      },
    );
  }

  carrier.on('core.status', (status) => {
    revision += 1;
    core = status;
    update();
  });
  carrier.onLinkStateChange((state) => {
    if (state.status === 'open') {
      core = undefined;
      askCore();
    }
    update();
  });
  if (carrier.getLinkState().status === 'open') askCore();

  return {
    kind: carrier.kind,
    invoke: (name, ...params) => carrier.invoke(name, ...params),
    on: (name, listener) => carrier.on(name, listener),
    getLinkState: () => link,
    onLinkStateChange: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    reconnectNow: () => carrier.reconnectNow(),
  };
}
