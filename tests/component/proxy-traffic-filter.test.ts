/**
 * Selecting a proxied session's card filters the traffic log to it (`server:proxy-…`); leaving the
 * session (selecting a configured server clears it) takes that filter away again, unless the person
 * has changed it since.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followProxySelection, showServerTraffic } from '../../renderer/src/app/navigation.js';
import { useTrafficPanelStore } from '../../renderer/src/features/traffic/index.js';
import { useProxyStore } from '../../renderer/src/state/proxy/proxy-store.js';

let stop: () => void;
beforeEach(() => {
  useTrafficPanelStore.getState().setFilterText('');
  useProxyStore.getState().selectSession(null);
  stop = followProxySelection();
});
afterEach(() => stop());

function openSession(id: string, serverId: string): void {
  // What the proxied session's card does when selected.
  useProxyStore.getState().selectSession(id);
  showServerTraffic(serverId);
}

describe('the traffic filter a proxied session set', () => {
  it('goes when the person leaves the session, and follows a switch to another session', () => {
    openSession('s1', 'proxy-aaaa');
    expect(useTrafficPanelStore.getState().filterText).toBe('server:proxy-aaaa');
    openSession('s2', 'proxy-bbbb');
    expect(useTrafficPanelStore.getState().filterText).toBe('server:proxy-bbbb');
    useProxyStore.getState().selectSession(null);
    expect(useTrafficPanelStore.getState().filterText).toBe('');
  });

  it('stays once the person has typed a filter of their own', () => {
    openSession('s1', 'proxy-aaaa');
    useTrafficPanelStore.getState().setFilterText('server:proxy-aaaa method:tools/call');
    useProxyStore.getState().selectSession(null);
    expect(useTrafficPanelStore.getState().filterText).toBe('server:proxy-aaaa method:tools/call');
  });
});
