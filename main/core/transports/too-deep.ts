import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { MAX_MESSAGE_DEPTH } from '../base/message-depth.js';
import type { MessageClass } from '../traffic/classify-message.js';

/** The JSON-RPC code for "internal error": the reply exists, but the client cannot use it. */
const INTERNAL_ERROR = -32603;

/**
 * What the SDK gets in place of a message nested too deep to process (its parsers recurse): for a
 * response, an error response with the same id, so the call ends at once instead of timing out;
 * anything else is not delivered. The traffic record keeps the message as it came.
 */
export function standInForTooDeep(cls: MessageClass): JSONRPCMessage | undefined {
  if ((cls.kind !== 'response' && cls.kind !== 'error') || cls.id === undefined) return undefined;
  return {
    jsonrpc: '2.0',
    id: cls.id,
    error: { code: INTERNAL_ERROR, message: `The reply is nested more than ${MAX_MESSAGE_DEPTH} levels deep; Loupe keeps it as text in the traffic log.` },
  };
}
