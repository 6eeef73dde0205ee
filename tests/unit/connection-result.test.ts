/** A request's connection state never undoes what an event of the same moment brought (a change stream that opened). */
import { beforeEach, describe, expect, test } from 'vitest';
import type { ConnectionState } from '../../shared/connection.js';
import { applyConnectionResult, useConnectionsStore } from '../../renderer/src/state/connections/connections-store.js';

const connected: ConnectionState = { serverId: 's', status: 'connected', connectionId: 'c1', since: 1_000 };

describe('applyConnectionResult', () => {
  beforeEach(() => useConnectionsStore.setState({ byServer: {} }));

  test('keeps the state an event brought for the same moment, with its open change stream', () => {
    useConnectionsStore.getState().apply({ ...connected, changeStream: { status: 'open', resourceUris: [] } });
    applyConnectionResult(connected);
    expect(useConnectionsStore.getState().byServer.s?.changeStream?.status).toBe('open');
  });

  test('applies a newer state, and one no event brought', () => {
    applyConnectionResult(connected);
    expect(useConnectionsStore.getState().byServer.s?.status).toBe('connected');
    applyConnectionResult({ ...connected, status: 'disconnected', since: 2_000 });
    expect(useConnectionsStore.getState().byServer.s?.status).toBe('disconnected');
  });
});
