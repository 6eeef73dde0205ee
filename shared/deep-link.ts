/** `loupe://add-server?config=…` links: what the desktop app hands the window to confirm. */
import type { ServerConfigInput } from './server-config.js';

export const DEEP_LINK_SCHEME = 'loupe';

export type DeepLinkEvent =
  /** A server to add, shown in the server form: nothing is saved or run until the person saves it. */
  | { kind: 'add-server'; proposal: ServerConfigInput }
  | { kind: 'invalid'; reason: string };
