import type { ProxiedPeer, ProxiedSession } from '../../../../shared/proxy';

const MAX_SHOWN_CHARS = 200;

function shortText(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return value.length > MAX_SHOWN_CHARS ? `${value.slice(0, MAX_SHOWN_CHARS)}…` : value;
}

/** "Claude Desktop 1.2.3" from a `clientInfo`/`serverInfo` (its title, else its name, and its version). */
export function peerName(peer: ProxiedPeer | undefined): string | undefined {
  const info = peer?.info;
  if (!info) return undefined;
  const name = shortText(info.title) ?? shortText(info.name);
  if (name === undefined) return undefined;
  const version = shortText(info.version);
  return version === undefined ? name : `${name} ${version}`;
}

/** The capability names a peer declared, e.g. "roots, sampling"; "none" for an empty object. */
export function capabilityNames(peer: ProxiedPeer | undefined): string | undefined {
  const capabilities = peer?.capabilities;
  if (!capabilities) return undefined;
  const names = Object.keys(capabilities);
  return names.length === 0 ? 'none' : names.slice(0, 20).join(', ') + (names.length > 20 ? ', …' : '');
}

/** The protocol version and era, e.g. "2025-06-18 (initialize)". */
export function protocolOf(peer: ProxiedPeer | undefined): string | undefined {
  const version = shortText(peer?.protocolVersion);
  if (version === undefined) return undefined;
  return peer?.era === 'modern' ? `${version} (2026-07-28 era)` : version;
}

export const SESSION_STATUS: Record<ProxiedSession['status'], { label: string; badge: string; detail: string }> = {
  live: { label: 'Live', badge: 'connected', detail: 'The proxy streams this session to the app.' },
  ended: { label: 'Ended', badge: 'disconnected', detail: 'The proxy finished.' },
  lost: { label: 'Lost', badge: 'failed', detail: 'The link to the proxy closed without a word.' },
};
