/**
 * Compare (issue 30, item 2): the same server connected as two clients, and what it offered each.
 * The core opens two temporary sessions apart from the server's own connection, lists everything
 * each was offered, closes them, and returns both sides with the differences between them.
 */
import { CLIENT_PRESET_IDS, type ClientPresetId } from './client-emulation.js';
import type { JsonObject } from './mcp.js';

/** Who a side presents itself as: the server's saved client setting, Loupe itself, or a preset. */
export type CompareClientId = 'saved' | 'loupe' | ClientPresetId;
export const COMPARE_CLIENT_IDS: readonly CompareClientId[] = ['saved', 'loupe', ...CLIENT_PRESET_IDS];

export interface CompareParams {
  serverId: string;
  a: CompareClientId;
  b: CompareClientId;
}

export const COMPARE_LIMITS = {
  /** Items kept per list per side; a server that offers more is compared on the first ones, and told so. */
  maxItemsPerList: 2_000,
  /** Characters of instructions kept per side. */
  maxInstructionsChars: 20_000,
} as const;

/** The lists a comparison collects (all pages of each, within the limits). */
export const COMPARED_LISTS = ['tools', 'resources', 'resourceTemplates', 'prompts'] as const;
export type ComparedList = (typeof COMPARED_LISTS)[number];

/** What one session was offered. */
export interface CompareSide {
  client: CompareClientId;
  /** The client's name as shown, e.g. "Claude Desktop" or "MCP Loupe". */
  label: string;
  clientInfo: { name: string; version: string; title?: string };
  /** The capabilities this side's client declared in `initialize`. */
  clientCapabilities: JsonObject;
  /** The temporary session's id: its entries in the traffic log carry it. */
  connectionId: string;
  /** Why the session did not connect; then nothing below is present. */
  failure?: string;
  server?: { name: string; version: string; title?: string; protocolVersion: string; era: string; instructions?: string };
  /** The server's capabilities exactly as announced to this client. */
  capabilities?: JsonObject;
  /** Each list as offered (key-sorted items, sorted by name/uri); empty where not offered, absent where it failed. */
  lists?: Partial<Record<ComparedList, JsonObject[]>>;
  /** A list that failed, was cut at the limit, or broke the schema, in one sentence each. */
  problems: string[];
}

export type CompareDifferenceKind = 'only-a' | 'only-b' | 'differs';

export interface CompareDifference {
  kind: CompareDifferenceKind;
  /** What differs: `server`, `capability tools`, `tool echo`, `resource file:///a`, `template …`, `prompt greet`. */
  subject: string;
  /** Where inside it (a JSON Pointer), empty for the whole item. */
  path: string;
  /** One sentence, naming side A and side B by their clients. */
  message: string;
}

export interface CompareResult {
  sides: [CompareSide, CompareSide];
  differences: CompareDifference[];
  /** Milliseconds from the first connect to the last close. */
  tookMs: number;
}
