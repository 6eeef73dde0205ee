import type { ConnectionFailure, ConnectionState } from '../../../shared/connection.js';
import type { ServerConfig } from '../../../shared/server-config.js';
import { LoupeError } from '../../../shared/wire.js';
import { resolveEnvReferences } from '../config/env-references.js';
import { Connection, type ConnectionDeps } from './connection.js';

export interface ConnectionManagerOptions extends ConnectionDeps {
  /** Where `${env:NAME}` references in a server's settings are read from, at connect time (default: the process's). */
  environment?: Record<string, string | undefined>;
  /** Hears each value read from the environment, for export redaction. */
  onEnvironmentValues?: (values: string[]) => void;
}

/** Any number of servers connected at once: the latest Connection per server id. */
export class ConnectionManager {
  private readonly connections = new Map<string, Connection>();

  constructor(private readonly options: ConnectionManagerOptions) {}

  state(serverId: string): ConnectionState {
    return this.connections.get(serverId)?.state ?? { serverId, status: 'idle', since: Date.now() };
  }

  /** Connects, or reconnects when the server is already connected or connecting. */
  async connect(saved: ServerConfig): Promise<ConnectionState> {
    const config = this.resolved(saved);
    await this.connections.get(config.id)?.disconnect();
    const connection: Connection = new Connection(config, {
      ...this.options,
      // A replaced connection's late state changes must not overwrite the new one's.
      onState: (state) => {
        if (this.connections.get(config.id) === connection) this.options.onState(state);
      },
    });
    this.connections.set(config.id, connection);
    return connection.connect();
  }

  /**
   * A session apart from the server's own (Compare): not kept and its state not announced, so the
   * server's connection and lists are untouched. `note` is the first entry of its traffic, which
   * goes in the log like any connection's, each entry marked with the side. The caller disconnects it.
   */
  async openApart(saved: ServerConfig, side: 'A' | 'B', note: string): Promise<Connection> {
    const config = this.resolved(saved);
    const trafficTag = { compare: side };
    const connection = new Connection(config, { ...this.options, trafficTag, onState: () => {}, onTask: () => {} });
    this.options.traffic.recorderFor(config.id, connection.connectionId, trafficTag).note(note);
    await connection.connect();
    return connection;
  }

  /** `why` says why Loupe (not the person) ended the connection; the state keeps it as its failure. */
  async disconnect(serverId: string, why?: ConnectionFailure): Promise<ConnectionState> {
    const connection = this.connections.get(serverId);
    if (!connection) return this.state(serverId);
    return connection.disconnect(why);
  }

  /** The server's settings were saved: its live connection, if any, notes what it does not use. */
  noteSaved(config: ServerConfig): void {
    let compared = config;
    try {
      compared = resolveEnvReferences(config, this.environment).config;
    } catch {
      // A reference that does not resolve now: the saved settings differ from the connection's.
    }
    this.connections.get(config.id)?.noteSavedConfig(compared);
  }

  private get environment(): Record<string, string | undefined> {
    return this.options.environment ?? process.env;
  }

  /** The settings a connection uses: `${env:NAME}` filled in from the environment (see env-references.ts). */
  private resolved(saved: ServerConfig): ServerConfig {
    const { config, values } = resolveEnvReferences(saved, this.environment);
    if (values.length > 0) this.options.onEnvironmentValues?.(values);
    return config;
  }

  /** Disconnects and forgets the server (it was removed from the list). */
  async forget(serverId: string): Promise<void> {
    const connection = this.connections.get(serverId);
    this.connections.delete(serverId);
    await connection?.disconnect();
  }

  /** The connection to send requests on; throws a clear error when there is none. */
  connected(serverId: string): Connection {
    const connection = this.connections.get(serverId);
    if (!connection || connection.state.status !== 'connected') {
      throw new LoupeError('The server is not connected: connect it first.', 'not-connected');
    }
    return connection;
  }

  /** The live connection, if any, without requiring it to be connected. */
  find(serverId: string): Connection | undefined {
    return this.connections.get(serverId);
  }

  /** Finds the connection running a cancellable call. */
  cancel(callId: string, reason?: string): boolean {
    for (const connection of this.connections.values()) {
      if (connection.cancel(callId, reason)) return true;
    }
    return false;
  }

  async disconnectAll(): Promise<void> {
    await Promise.all([...this.connections.values()].map((connection) => connection.disconnect()));
  }
}
