import type { LoupeApi } from '../../../shared/contract';
import type { CoreStatus } from '../../../shared/core-status';

/**
 * The state of the link to the core. The Electron bridge's IPC is always up; the WebSocket
 * bridge can lose the host and reconnect; behind either, the core's own process can die and be
 * restarted. Whenever the link becomes `open` again, the stores reload everything.
 */
/**
 * Why the link stays lost: nothing answers at the page's address (the host stopped, or came back on
 * another port), or something answers but refuses this tab (a host with a new session secret).
 */
export type LinkLoss = 'unreachable' | 'refused';

export type LinkState =
  | { status: 'connecting' }
  | { status: 'open' }
  /**
   * `retryAt` is when the next attempt starts (epoch ms), `null` while an attempt is under way;
   * `why`, once the bridge has asked the address, is what it found there.
   */
  | { status: 'lost'; attempt: number; retryAt: number | null; why?: LinkLoss }
  /** The carrier is up but the core behind it is not: it died (`stopped`) or stopped answering. */
  | { status: 'core-down'; core: Extract<CoreStatus, { state: 'stopped' | 'unresponsive' }> };

export interface Bridge extends LoupeApi {
  readonly kind: 'electron' | 'websocket';
  getLinkState: () => LinkState;
  /** Returns a function that removes the listener. */
  onLinkStateChange: (listener: (state: LinkState) => void) => () => void;
  /** Skips the back-off wait and tries to reconnect at once (no-op when the link is up). */
  reconnectNow: () => void;
}

export const LOST_CONNECTION_MESSAGE = 'Lost connection to the Loupe host';
