/**
 * Client emulation: which client Loupe presents itself as to a server (its `clientInfo`, the
 * capabilities it declares and the protocol revisions it offers). A server's `client` setting
 * (shared/server-config.ts) names a preset or gives a custom client; absent, Loupe is itself.
 *
 * Where each preset's values come from is in docs/client-emulation.md; a value no source gave is
 * said there too (nothing here is guessed without saying so).
 */
import type { JsonObject } from './mcp.js';
import { MODERN_PROTOCOL_VERSION, type ProtocolEraSetting } from './protocol-era.js';

export type ClientPresetId = 'claude-desktop' | 'claude-code' | 'vscode' | 'cursor' | 'chatgpt';
export const CLIENT_PRESET_IDS: readonly ClientPresetId[] = ['claude-desktop', 'claude-code', 'vscode', 'cursor', 'chatgpt'];

/** What a server sees of its client. */
export interface EmulatedClient {
  clientInfo: { name: string; version: string; title?: string };
  capabilities: JsonObject;
  /**
   * The revisions the client offers, the one it sends in `initialize` first; it speaks the
   * 2026-07-28 era (`server/discover`) only when `MODERN_PROTOCOL_VERSION` is among them.
   */
  protocolVersions: string[];
}

export interface ClientPreset extends EmulatedClient {
  id: ClientPresetId;
  label: string;
  /** How the real client opens a connection: `legacy` never probes with `server/discover`. */
  era: ProtocolEraSetting;
  /** Where the values were seen, in one sentence (the details are in docs/client-emulation.md). */
  source: string;
}

/** A server's client setting: a preset, or a client given in full. */
export type ClientEmulation = { preset: ClientPresetId } | { custom: EmulatedClient };

/** The MCP Apps extension as the clients that render apps declare it. */
const MCP_APPS = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };

export const CLIENT_PRESETS: readonly ClientPreset[] = [
  {
    id: 'claude-desktop',
    label: 'Claude Desktop',
    clientInfo: { name: 'claude-ai', version: '0.1.0' },
    capabilities: { extensions: MCP_APPS },
    protocolVersions: ['2025-11-25', '2025-06-18', '2025-03-26'],
    era: 'legacy',
    source: 'A stdio wire capture of Claude Desktop (October 2026) and MCPJam\'s probed host catalog.',
  },
  {
    id: 'claude-code',
    label: 'Claude Code',
    clientInfo: { name: 'claude-code', title: 'Claude Code', version: '2.1.237' },
    capabilities: { roots: { listChanged: true }, elicitation: {} },
    protocolVersions: ['2025-11-25', '2025-06-18', '2025-03-26', MODERN_PROTOCOL_VERSION],
    era: 'auto',
    source: 'MCPJam\'s probed host catalog (clientInfo, capabilities) and stdio wire captures of Claude Code 2.1.281 and 2.1.287 (server/discover first).',
  },
  {
    id: 'vscode',
    label: 'VS Code',
    clientInfo: { name: 'Visual Studio Code', version: '1.130.0' },
    capabilities: {
      roots: { listChanged: true },
      sampling: {},
      elicitation: { form: {}, url: {} },
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
      extensions: MCP_APPS,
    },
    protocolVersions: ['2025-11-25'],
    era: 'legacy',
    source: 'MCPJam\'s probed host catalog (VS Code 1.130.0); VS Code\'s source names the client after the product (nameLong).',
  },
  {
    id: 'cursor',
    label: 'Cursor',
    clientInfo: { name: 'cursor-vscode', version: '1.0.0' },
    capabilities: { extensions: MCP_APPS, elicitation: { form: {} }, roots: { listChanged: false } },
    protocolVersions: ['2025-11-25'],
    era: 'legacy',
    source: 'MCPJam\'s probed host catalog (Cursor 3.14).',
  },
  {
    id: 'chatgpt',
    label: 'ChatGPT',
    clientInfo: { name: 'openai-mcp', version: '1.0.0' },
    capabilities: { extensions: MCP_APPS, experimental: { 'openai/visibility': { enabled: true } } },
    protocolVersions: ['2025-11-25', '2025-06-18', '2025-03-26', MODERN_PROTOCOL_VERSION],
    era: 'auto',
    source: 'MCPJam\'s probed host catalog; which revision ChatGPT puts in initialize is not in it (Loupe offers the newest listed).',
  },
];

export function findClientPreset(id: string): ClientPreset | undefined {
  return CLIENT_PRESETS.find((preset) => preset.id === id);
}

/** The client a setting stands for (a preset's values, or the custom client as given). */
export function emulatedClient(emulation: ClientEmulation): EmulatedClient {
  if ('custom' in emulation) return emulation.custom;
  const preset = findClientPreset(emulation.preset);
  if (!preset) throw new Error(`Unknown client preset "${emulation.preset}".`);
  return preset;
}

/** Whether the client speaks the 2026-07-28 era (else it connects with `initialize` only). */
export function speaksModernEra(client: EmulatedClient): boolean {
  return client.protocolVersions.includes(MODERN_PROTOCOL_VERSION);
}

/** A short name for the setting, e.g. "Claude Desktop" or "my-client 1.0 (custom)". */
export function describeClientEmulation(emulation: ClientEmulation | undefined): string {
  if (!emulation) return 'MCP Loupe';
  if ('custom' in emulation) return `${emulation.custom.clientInfo.name} ${emulation.custom.clientInfo.version} (custom)`;
  return findClientPreset(emulation.preset)?.label ?? emulation.preset;
}
