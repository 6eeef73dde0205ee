/**
 * Which protocol era a connection speaks.
 * - `auto`: probe with `server/discover`; a server that does not answer it as a 2026-07-28 server
 *   gets the 2025 `initialize` handshake instead.
 * - `legacy`: the 2025 `initialize` handshake only, no probe.
 * - `modern`: 2026-07-28 only; a server that does not offer it fails to connect.
 */
export type ProtocolEraSetting = 'auto' | 'legacy' | 'modern';
export const PROTOCOL_ERA_SETTINGS: readonly ProtocolEraSetting[] = ['auto', 'legacy', 'modern'];
export const DEFAULT_PROTOCOL_ERA: ProtocolEraSetting = 'auto';
/** The protocol revision that starts the modern era (`server/discover`, per-request `_meta`, no server→client requests). */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
