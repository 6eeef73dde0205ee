import { isObject } from '../../../shared/is-object.js';
import { MAX_TOOL_RESULT_CHARS } from '../models/mcp-content.js';

/** A tool result kept whole in a conversation up to this size (as JSON); the traffic log keeps every result whole. */
export const MAX_KEPT_RESULT_CHARS = 1024 * 1024;
/** An image kept in a clipped result up to this size of base64 data. */
const MAX_KEPT_IMAGE_CHARS = 256 * 1024;

function size(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Infinity;
  }
}

function clipBlock(block: unknown): unknown {
  if (!isObject(block)) return block;
  if (block.type === 'text' && typeof block.text === 'string' && block.text.length > MAX_TOOL_RESULT_CHARS) {
    return { ...block, text: `${block.text.slice(0, MAX_TOOL_RESULT_CHARS)}… (cut: ${block.text.length} characters in all)` };
  }
  if ((block.type === 'image' || block.type === 'audio') && typeof block.data === 'string' && block.data.length > MAX_KEPT_IMAGE_CHARS) {
    return { type: 'text', text: `[${block.type} of ${block.data.length} base64 characters, too large to keep in the conversation]` };
  }
  if (block.type === 'resource' && isObject(block.resource) && size(block.resource) > MAX_TOOL_RESULT_CHARS) {
    return { type: 'text', text: `[embedded resource ${String(block.resource.uri)}, too large to keep in the conversation]` };
  }
  return block;
}

/**
 * A server's tool result as a conversation keeps it: whole up to MAX_KEPT_RESULT_CHARS; past that,
 * long texts are cut (to what a model is given anyway), large images named, `structuredContent`
 * left out. The model is given the kept result, so what it saw is what the conversation shows.
 */
export function clipToolResult(result: unknown): { result: unknown; clipped: boolean } {
  if (size(result) <= MAX_KEPT_RESULT_CHARS) return { result, clipped: false };
  if (!isObject(result)) return { result: { content: [{ type: 'text', text: '[a result too large to keep in the conversation]' }] }, clipped: true };
  const content = Array.isArray(result.content) ? result.content.slice(0, 100).map(clipBlock) : [];
  const kept: Record<string, unknown> = { content, ...(result.isError === true ? { isError: true } : {}) };
  if (size(kept) > MAX_KEPT_RESULT_CHARS) return { result: { content: [{ type: 'text', text: '[a result too large to keep in the conversation]' }] }, clipped: true };
  return { result: kept, clipped: true };
}
