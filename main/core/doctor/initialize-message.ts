import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { MODERN_PROTOCOL_VERSION } from '../../../shared/server-config.js';

export const INITIALIZE_ID = 'loupe-doctor-1';

/** The `initialize` request the doctor sends (the 2025 handshake every server answers). */
export function initializeMessage(clientVersion: string): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id: INITIALIZE_ID,
    method: 'initialize',
    params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'loupe-doctor', version: clientVersion } },
  };
}

/** Pure: the verdict on the protocol version an `initialize` answer names. */
export function protocolVerdict(result: unknown): { status: 'pass' | 'fail' | 'warn'; saw: string; fix?: string } {
  const version = (result as { protocolVersion?: unknown } | undefined)?.protocolVersion;
  if (typeof version !== 'string') {
    return { status: 'fail', saw: 'The answer to initialize has no protocolVersion.', fix: 'The server must answer initialize with the protocolVersion it speaks (a date such as 2025-11-25); update its MCP SDK.' };
  }
  if (version === MODERN_PROTOCOL_VERSION) return { status: 'pass', saw: `Protocol ${version}: the 2026-07-28 era.` };
  if ((SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    return { status: 'pass', saw: `Protocol ${version}: the 2025 era (initialize).${version === LATEST_PROTOCOL_VERSION ? '' : ` Loupe asked for ${LATEST_PROTOCOL_VERSION}; the server chose an older version, which is allowed.`}` };
  }
  return { status: 'warn', saw: `Protocol "${version}", which Loupe does not know.`, fix: 'Clients refuse a version they do not support: have the server answer with one of the versions the client asked for.' };
}
