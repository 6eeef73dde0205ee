import { McpError } from '@modelcontextprotocol/sdk/types.js';

/**
 * An McpError whose message is exactly `message`. McpError prefixes its message with
 * "MCP error <code>: ", and the SDK puts `error.message` on the wire as is, so without this
 * the server would not receive the text the person typed.
 */
export function jsonRpcError(code: number, message: string): McpError {
  const error = new McpError(code, message);
  error.message = message;
  return error;
}
