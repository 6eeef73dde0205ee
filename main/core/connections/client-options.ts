import type { ClientOptions, VersionNegotiationMode } from '@modelcontextprotocol/client';
import { APP_MIME_TYPE } from '../../../shared/apps.js';
import { emulatedClient, speaksModernEra, type ClientEmulation } from '../../../shared/client-emulation.js';
import type { JsonObject } from '../../../shared/mcp.js';
import { MODERN_PROTOCOL_VERSION, type ProtocolEraSetting } from '../../../shared/server-config.js';

/**
 * What Loupe offers servers: sampling (with tools, 2025-11-25), both elicitation modes, roots,
 * and the MCP Apps extension (servers may offer their app tools only to hosts that render them).
 */
export const CLIENT_CAPABILITIES = {
  sampling: { tools: {} },
  elicitation: { form: {}, url: {} },
  roots: { listChanged: true },
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [APP_MIME_TYPE] } },
};

/**
 * How long a stdio server gets to answer the `server/discover` probe before it is taken for a
 * 2025 server. Some 2025 servers never answer unknown requests sent before `initialize`, so the
 * full connect timeout would stall every connect to them.
 */
export const STDIO_PROBE_TIMEOUT_MS = 10_000;

export function negotiationMode(setting: ProtocolEraSetting): VersionNegotiationMode {
  if (setting === 'modern') return { pin: MODERN_PROTOCOL_VERSION };
  return setting;
}

/**
 * The SDK client's options. With a client to emulate, its capabilities and protocol revisions
 * replace Loupe's (the first 2025 revision is what `initialize` offers), and a client that does
 * not speak 2026-07-28 never probes with `server/discover`, whatever the era setting.
 */
export function clientOptions(setting: ProtocolEraSetting, probeTimeoutMs: number, emulation?: ClientEmulation): ClientOptions {
  const client = emulation ? emulatedClient(emulation) : undefined;
  const mode = client && !speaksModernEra(client) ? 'legacy' : setting;
  return {
    capabilities: clientCapabilitiesFor(emulation),
    ...(client ? { supportedProtocolVersions: [...client.protocolVersions] } : {}),
    versionNegotiation: { mode: negotiationMode(mode), probe: { timeoutMs: probeTimeoutMs } },
    // Loupe runs the multi-round-trip rounds itself, so each embedded request waits in Approvals
    // and each round is its own group in the traffic log.
    inputRequired: { autoFulfill: false },
  };
}

/** The `clientInfo` a server is shown: the emulated client's, else Loupe's own. */
export function clientInfoFor(emulation: ClientEmulation | undefined, own: { name: string; version: string }): { name: string; version: string; title?: string } {
  return emulation ? { ...emulatedClient(emulation).clientInfo } : own;
}

/** The capabilities a client declares in `initialize`: the emulated client's, else Loupe's own. */
export function clientCapabilitiesFor(emulation: ClientEmulation | undefined): JsonObject {
  return emulation ? emulatedClient(emulation).capabilities : CLIENT_CAPABILITIES;
}
