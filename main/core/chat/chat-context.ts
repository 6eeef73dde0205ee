import type { ChatContextSource } from '../../../shared/chat.js';
import { isObject } from '../../../shared/is-object.js';
import type { JsonObject, RpcOutcome } from '../../../shared/mcp.js';
import { LoupeError } from '../../../shared/wire.js';
import { MAX_TOOL_RESULT_CHARS } from '../models/mcp-content.js';

/** Images kept in the context up to this size of base64 data; a larger one is named instead. */
const MAX_IMAGE_CHARS = 4 * 1024 * 1024;
const MAX_BLOCKS = 100;

export interface ContextReaders {
  readResource(serverId: string, uri: string): Promise<RpcOutcome>;
  getPrompt(serverId: string, name: string, args: Record<string, string>): Promise<RpcOutcome>;
}

function clip(text: string): string {
  return text.length > MAX_TOOL_RESULT_CHARS ? `${text.slice(0, MAX_TOOL_RESULT_CHARS)}… (cut: ${text.length} characters in all)` : text;
}

/** A content block kept as text, or as an image when it is one of a reasonable size. */
function keptBlock(block: unknown): JsonObject {
  if (!isObject(block)) return { type: 'text', text: '' };
  if (block.type === 'text') return { type: 'text', text: clip(typeof block.text === 'string' ? block.text : '') };
  if (block.type === 'image' && typeof block.data === 'string' && block.data.length <= MAX_IMAGE_CHARS) return { type: 'image', data: block.data, mimeType: block.mimeType };
  if (block.type === 'resource' && isObject(block.resource)) return resourceBlock(block.resource);
  return { type: 'text', text: `[${String(block.type)} content${typeof block.mimeType === 'string' ? ` (${block.mimeType})` : ''}]` };
}

/** One `contents` item of a resources/read result. */
function resourceBlock(contents: JsonObject): JsonObject {
  const uri = typeof contents.uri === 'string' ? contents.uri : '';
  if (typeof contents.text === 'string') return { type: 'text', text: clip(contents.text) };
  const mimeType = typeof contents.mimeType === 'string' ? contents.mimeType : undefined;
  if (typeof contents.blob === 'string' && mimeType?.startsWith('image/') && contents.blob.length <= MAX_IMAGE_CHARS) return { type: 'image', data: contents.blob, mimeType };
  return { type: 'text', text: `[binary content of ${uri}${mimeType ? ` (${mimeType})` : ''}]` };
}

function failed(outcome: RpcOutcome, what: string): LoupeError {
  return new LoupeError(`Could not add ${what} to the context: ${outcome.failure?.message ?? 'the server sent no result.'}`, 'context-failed');
}

/**
 * Reads a resource or gets a prompt through the server's connection (so it is in the traffic
 * log), as content blocks for the model: texts (bounded), images, and names for what a model
 * cannot take.
 */
export async function readContext(readers: ContextReaders, serverId: string, source: ChatContextSource): Promise<{ content: JsonObject[]; requestSeq?: number }> {
  if (source.kind === 'resource') {
    const outcome = await readers.readResource(serverId, source.uri);
    if (outcome.failure || !isObject(outcome.result)) throw failed(outcome, `the resource ${source.uri}`);
    const contents = Array.isArray(outcome.result.contents) ? outcome.result.contents : [];
    const content = contents.slice(0, MAX_BLOCKS).map((item) => (isObject(item) ? resourceBlock(item) : { type: 'text', text: '' }));
    return { content, ...(outcome.requestSeq !== undefined ? { requestSeq: outcome.requestSeq } : {}) };
  }
  const outcome = await readers.getPrompt(serverId, source.name, source.arguments);
  if (outcome.failure || !isObject(outcome.result)) throw failed(outcome, `the prompt "${source.name}"`);
  const messages = Array.isArray(outcome.result.messages) ? outcome.result.messages : [];
  const content: JsonObject[] = [];
  for (const message of messages.slice(0, MAX_BLOCKS)) {
    if (!isObject(message)) continue;
    content.push({ type: 'text', text: `(${String(message.role)})` }, keptBlock(message.content));
  }
  return { content, ...(outcome.requestSeq !== undefined ? { requestSeq: outcome.requestSeq } : {}) };
}
