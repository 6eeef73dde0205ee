import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';
import type { ChangeStreamState } from '../../../shared/connection.js';

function flag(capabilities: Record<string, unknown>, area: string, name: string): boolean {
  const value = capabilities[area];
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[name] === true;
}

/** What to ask for: every list change the server can announce, and updates to the chosen resources. */
export function listenFilter(capabilities: Record<string, unknown>, resourceUris: readonly string[]): SubscriptionFilter {
  return {
    ...(flag(capabilities, 'tools', 'listChanged') ? { toolsListChanged: true } : {}),
    ...(flag(capabilities, 'prompts', 'listChanged') ? { promptsListChanged: true } : {}),
    ...(flag(capabilities, 'resources', 'listChanged') ? { resourcesListChanged: true } : {}),
    ...(flag(capabilities, 'resources', 'subscribe') && resourceUris.length > 0 ? { resourceSubscriptions: [...resourceUris] } : {}),
  };
}

const CLOSED_BECAUSE: Record<'local' | 'graceful' | 'remote', string> = {
  local: 'Stopped.',
  graceful: 'The server ended the stream.',
  remote: 'The stream dropped without an answer from the server.',
};

/**
 * One connection's `subscriptions/listen` stream (2026-07-28). Its notifications arrive like
 * 2025 ones and are recorded on the wire, so lists and resources refresh the same way. The
 * filter of an open stream cannot change: a new resource subscription re-opens it.
 */
export class ChangeStream {
  private subscription: McpSubscription | undefined;
  private readonly resourceUris = new Set<string>();
  private current: ChangeStreamState = { status: 'off', resourceUris: [] };
  /** Bumped on every open and stop, so a late close of an old stream does not change the state. */
  private generation = 0;

  constructor(
    private readonly client: Client,
    private readonly capabilities: Record<string, unknown>,
    private readonly onState: (state: ChangeStreamState) => void,
  ) {}

  get state(): ChangeStreamState {
    return this.current;
  }

  /** True when the server announces anything a stream could carry. */
  get useful(): boolean {
    return Object.keys(listenFilter(this.capabilities, ['any'])).length > 0;
  }

  async start(): Promise<ChangeStreamState> {
    const generation = ++this.generation;
    await this.closeQuietly();
    const filter = listenFilter(this.capabilities, [...this.resourceUris]);
    if (Object.keys(filter).length === 0) {
      return this.set({ status: 'failed', message: 'The server announces no list changes or resource subscriptions to listen for.' });
    }
    this.set({ status: 'opening' });
    try {
      const subscription = await this.client.listen(filter);
      if (generation !== this.generation) {
        await subscription.close();
        return this.current;
      }
      this.subscription = subscription;
      void subscription.closed.then((reason) => {
        if (generation !== this.generation) return;
        this.subscription = undefined;
        this.set({ status: 'closed', message: CLOSED_BECAUSE[reason] });
      });
      return this.set({ status: 'open', honoredFilter: subscription.honoredFilter });
    } catch (error) {
      if (generation !== this.generation) return this.current;
      return this.set({ status: 'failed', message: `The server refused subscriptions/listen: ${error instanceof Error ? error.message : String(error)}` });
    }
  }

  async stop(): Promise<ChangeStreamState> {
    this.generation++;
    await this.closeQuietly();
    return this.set({ status: 'off' });
  }

  /** Adds or removes a resource; an open (or opening) stream is re-opened with the new filter. */
  async setResource(uri: string, subscribed: boolean): Promise<ChangeStreamState> {
    if (subscribed) this.resourceUris.add(uri);
    else this.resourceUris.delete(uri);
    if (this.current.status === 'off' || this.current.status === 'failed') return this.set({});
    return this.start();
  }

  private async closeQuietly(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = undefined;
    try {
      await subscription?.close();
    } catch {
      // Closing a stream whose connection is gone can fail; it is closed either way.
    }
  }

  private set(patch: Partial<ChangeStreamState>): ChangeStreamState {
    const { honoredFilter: _honored, message: _message, ...base } = this.current;
    this.current = { ...base, ...patch, resourceUris: [...this.resourceUris] };
    this.onState(this.current);
    return this.current;
  }
}

/**
 * 2026-07-28 servers send change notifications only on a `subscriptions/listen` stream. Loupe
 * opens one on connect, as 2025 servers send them unasked; the person can stop and restart it.
 * `onState` hears each state of this stream.
 */
export function openChangeStream(client: Client, capabilities: Record<string, unknown>, onState: (stream: ChangeStream, state: ChangeStreamState) => void): ChangeStream {
  const stream: ChangeStream = new ChangeStream(client, capabilities, (state) => onState(stream, state));
  if (stream.useful) void stream.start();
  else onState(stream, stream.state);
  return stream;
}
