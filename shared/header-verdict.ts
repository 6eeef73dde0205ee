/**
 * The verdict on a 2026-07-28 Streamable HTTP exchange's mirrored headers (`MCP-Protocol-Version`,
 * `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`) against its JSON-RPC body, and on how the server answered
 * them. Set as `headerVerdict` on the `http` traffic entry of the POST (and, through `traffic.get`, on
 * its JSON-RPC request entry); absent on 2025 traffic, which mirrors nothing.
 */
export interface HeaderVerdict {
  ok: boolean;
  /** One sentence: what was checked and matches (✓), or the first thing wrong. */
  sentence: string;
  /** Every problem, one sentence each; empty when `ok`. */
  problems: string[];
  /** The headers the check covered, as sent. */
  checked: string[];
  /** Whose fault a violation is: the request's headers, or the server's answer to them. */
  side?: 'request' | 'reply';
}
