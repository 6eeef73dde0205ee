import type { Client } from '@modelcontextprotocol/client';
import type { ProtocolEra, ServerIdentity } from '../../../shared/connection.js';
import { plainText } from '../../../shared/plain-text.js';

/** Who the server says it is, as the handshake (or the 2026-07-28 discovery) told the client. */
export function serverIdentity(client: Client, era: ProtocolEra, protocolVersion: string, negotiation: ServerIdentity['negotiation']): ServerIdentity {
  const info = (client.getServerVersion() ?? {}) as Record<string, unknown>;
  const instructions = client.getInstructions();
  const discover = era === 'modern' ? (client.getDiscoverResult() as Record<string, unknown> | undefined) : undefined;
  return {
    name: plainText(info.name ?? '(no name)'),
    version: plainText(info.version ?? '(no version)'),
    ...(typeof info.title === 'string' ? { title: info.title } : {}),
    ...(typeof info.websiteUrl === 'string' ? { websiteUrl: info.websiteUrl } : {}),
    ...(Array.isArray(info.icons) ? { icons: info.icons as NonNullable<ServerIdentity['icons']> } : {}),
    ...(instructions ? { instructions } : {}),
    protocolVersion,
    era,
    negotiation,
    ...(discover
      ? {
          discovery: {
            supportedVersions: Array.isArray(discover.supportedVersions) ? discover.supportedVersions.map(String) : [],
            result: discover,
          },
        }
      : {}),
    capabilities: (client.getServerCapabilities() ?? {}),
  };
}
