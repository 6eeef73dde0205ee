/**
 * What a proxied session's client and server said about themselves, read from its traffic as it
 * is recorded: `initialize` and its result (2025), or the 2026-07-28 per-request `_meta` and the
 * `server/discover` result. Nothing here assumes either era.
 */
import { isObject } from '../../../shared/is-object.js';
import type { ProxiedPeer } from '../../../shared/proxy.js';
import type { TrafficEntry } from '../../../shared/traffic.js';

const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

function objectOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return isObject(value) ? value : undefined;
}

/** The peer without the fields it did not give. */
function peer(fields: { [K in keyof ProxiedPeer]: ProxiedPeer[K] | undefined }): ProxiedPeer {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** What `initialize` and its result say (2025): `clientInfo` or `serverInfo`, the capabilities, the version. */
function handshakePeer(fields: Record<string, unknown>, infoKey: 'clientInfo' | 'serverInfo'): ProxiedPeer {
  return peer({
    info: objectOrUndefined(fields[infoKey]),
    capabilities: objectOrUndefined(fields.capabilities),
    protocolVersion: typeof fields.protocolVersion === 'string' ? fields.protocolVersion : undefined,
    era: 'legacy',
  });
}

/** The client or server side an entry tells about, if it tells about one. */
export function peerOfEntry(entry: TrafficEntry): { side: 'client' | 'server'; peer: ProxiedPeer } | undefined {
  const message = objectOrUndefined(entry.message);
  if (!message) return undefined;
  if (entry.kind === 'request' && entry.direction === 'out') {
    const params = objectOrUndefined(message.params);
    if (entry.method === 'initialize' && params) return { side: 'client', peer: handshakePeer(params, 'clientInfo') };
    const meta = objectOrUndefined(params?._meta);
    const version = meta?.[META_PROTOCOL_VERSION];
    if (meta && typeof version === 'string') {
      return {
        side: 'client',
        peer: peer({ info: objectOrUndefined(meta[META_CLIENT_INFO]), capabilities: objectOrUndefined(meta[META_CLIENT_CAPABILITIES]), protocolVersion: version, era: 'modern' }),
      };
    }
    return undefined;
  }
  if (entry.kind === 'response' && entry.direction === 'in') {
    const result = objectOrUndefined(message.result);
    if (!result) return undefined;
    if (entry.method === 'initialize') return { side: 'server', peer: handshakePeer(result, 'serverInfo') };
    if (entry.method === 'server/discover') {
      const versions = Array.isArray(result.supportedVersions) ? result.supportedVersions.filter((item): item is string => typeof item === 'string') : [];
      return {
        side: 'server',
        peer: peer({
          info: objectOrUndefined(result.serverInfo) ?? objectOrUndefined(objectOrUndefined(result._meta)?.[META_SERVER_INFO]),
          capabilities: objectOrUndefined(result.capabilities),
          protocolVersion: versions.at(-1),
          era: 'modern',
        }),
      };
    }
  }
  return undefined;
}
