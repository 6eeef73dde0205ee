import type { LoupeApi } from '../../../shared/contract';

/**
 * The state of the link to whatever carries the contract. The Electron bridge is always
 * `open`; the WebSocket bridge can lose the host and reconnect.
 */
export type LinkState =
  | { status: 'connecting' }
  | { status: 'open' }
  /** `retryAt` is when the next attempt starts (epoch ms), `null` while an attempt is under way. */
  | { status: 'lost'; attempt: number; retryAt: number | null };

export interface Bridge extends LoupeApi {
  readonly kind: 'electron' | 'websocket';
  getLinkState(): LinkState;
  /** Returns a function that removes the listener. */
  onLinkStateChange(listener: (state: LinkState) => void): () => void;
  /** Skips the back-off wait and tries to reconnect at once (no-op when the link is up). */
  reconnectNow(): void;
}

export const LOST_CONNECTION_MESSAGE = 'Lost connection to the Loupe host';
