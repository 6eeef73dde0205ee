import type { ConnectionState } from '../../../../shared/connection';
import { isObject } from '../../../../shared/is-object';

/** The capability object the server announced under `name`, or undefined when it did not. */
export function announcedCapability(connection: ConnectionState | undefined, name: string): Record<string, unknown> | undefined {
  const value = connection?.server?.capabilities[name];
  if (value === undefined || value === null || value === false) return undefined;
  return isObject(value) ? value : {};
}

export function offers(connection: ConnectionState | undefined, name: 'resources' | 'prompts'): boolean {
  return announcedCapability(connection, name) !== undefined;
}

export function canSubscribe(connection: ConnectionState | undefined): boolean {
  return announcedCapability(connection, 'resources')?.subscribe === true;
}

/** 2024-11-05 had completion/complete without a capability to announce it, so ask such servers anyway. */
export function offersCompletions(connection: ConnectionState | undefined): boolean {
  return announcedCapability(connection, 'completions') !== undefined || connection?.server?.protocolVersion === '2024-11-05';
}

/** The server's connection if it is connected, else undefined. */
export function connectedSession(connection: ConnectionState | undefined): { serverId: string; connectionId: string } | undefined {
  if (connection?.status !== 'connected' || !connection.connectionId) return undefined;
  return { serverId: connection.serverId, connectionId: connection.connectionId };
}
