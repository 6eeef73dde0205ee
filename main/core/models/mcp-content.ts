import type { FilePart, ImagePart, TextPart } from 'ai';
import { isObject } from '../../../shared/is-object.js';
import { LoupeError } from '../../../shared/wire.js';

/** What a model is given of one tool result, at most (the whole result is in the traffic log). */
export const MAX_TOOL_RESULT_CHARS = 100_000;

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

export type UserPart = TextPart | ImagePart | FilePart;

/**
 * Base64 data as bytes. A string is never handed to the SDK as it is: the SDK reads a string
 * that parses as a URL as one, and would fetch it (a server could point it anywhere).
 */
export function base64Bytes(data: unknown, where: string): Uint8Array {
  if (typeof data !== 'string' || !BASE64.test(data)) throw new LoupeError(`${where}.data is not base64 data, so Loupe cannot give it to a model.`, 'invalid-content');
  return new Uint8Array(Buffer.from(data, 'base64'));
}

function mimeType(block: Record<string, unknown>, where: string): string {
  if (typeof block.mimeType !== 'string' || !/^[\w.+-]+\/[\w.+-]+$/.test(block.mimeType)) {
    throw new LoupeError(`${where}.mimeType is missing or is not a media type, so Loupe cannot give it to a model.`, 'invalid-content');
  }
  return block.mimeType;
}

/** An embedded resource or a resource link as text (a blob is named, not sent). */
function resourceText(block: Record<string, unknown>): string {
  if (block.type === 'resource_link') return `[Resource link: ${String(block.uri)}${typeof block.name === 'string' ? ` (${block.name})` : ''}]`;
  const resource = isObject(block.resource) ? block.resource : {};
  if (typeof resource.text === 'string') return resource.text;
  return `[Binary resource ${String(resource.uri)}${typeof resource.mimeType === 'string' ? ` (${resource.mimeType})` : ''}]`;
}

/**
 * One MCP content block (text, image, audio, an embedded resource or a resource link) as a part
 * of a user message; anything else is refused with a sentence that names where it is.
 */
export function userPart(block: unknown, where: string): UserPart {
  if (!isObject(block)) throw new LoupeError(`${where} is not a content block.`, 'invalid-content');
  switch (block.type) {
    case 'text':
      return { type: 'text', text: typeof block.text === 'string' ? block.text : '' };
    case 'image':
      return { type: 'image', image: base64Bytes(block.data, where), mediaType: mimeType(block, where) };
    case 'audio':
      return { type: 'file', data: base64Bytes(block.data, where), mediaType: mimeType(block, where) };
    case 'resource':
    case 'resource_link':
      return { type: 'text', text: resourceText(block) };
    default:
      throw new LoupeError(`${where} is of type "${String(block.type).slice(0, 50)}", which Loupe cannot give a model.`, 'invalid-content');
  }
}

type ResultPart = { type: 'text'; text: string } | { type: 'image-data'; data: string; mediaType: string } | { type: 'file-data'; data: string; mediaType: string };

/** Cuts the texts of a result so the model gets at most MAX_TOOL_RESULT_CHARS of it. */
function clipTexts(parts: ResultPart[]): ResultPart[] {
  let left = MAX_TOOL_RESULT_CHARS;
  return parts.map((part) => {
    if (part.type !== 'text') return part;
    const kept = part.text.slice(0, Math.max(0, left));
    left -= part.text.length;
    return kept.length < part.text.length ? { type: 'text', text: `${kept}… (cut: the result has ${part.text.length} characters)` } : part;
  });
}

function asText(parts: ResultPart[]): string {
  return parts.map((part) => (part.type === 'text' ? part.text : `[${part.mediaType} data, ${Math.floor((part.data.length * 3) / 4)} bytes]`)).join('\n');
}

export type ToolOutput = { type: 'content'; value: ResultPart[] } | { type: 'text'; value: string } | { type: 'error-text'; value: string };

/**
 * A tool result (its content blocks, `structuredContent`, `isError`) as the SDK's tool output:
 * text as text, images and audio as data where the API takes them in a tool result (`withMedia`:
 * Anthropic's does, Chat Completions' takes text only, so there they are named); an error result
 * as error text.
 */
export function toolOutput(result: unknown, withMedia: boolean): ToolOutput {
  const fields = isObject(result) ? result : {};
  const blocks = Array.isArray(fields.content) ? fields.content : [];
  const parts: ResultPart[] = [];
  for (const block of blocks) {
    if (!isObject(block)) continue;
    if ((block.type === 'image' || block.type === 'audio') && typeof block.data === 'string' && typeof block.mimeType === 'string' && BASE64.test(block.data)) {
      parts.push({ type: block.type === 'image' ? 'image-data' : 'file-data', data: block.data.replace(/\s+/g, ''), mediaType: block.mimeType });
    } else if (block.type === 'text') parts.push({ type: 'text', text: typeof block.text === 'string' ? block.text : '' });
    else if (block.type === 'resource' || block.type === 'resource_link') parts.push({ type: 'text', text: resourceText(block) });
  }
  if (parts.length === 0 && fields.structuredContent !== undefined) parts.push({ type: 'text', text: JSON.stringify(fields.structuredContent) });
  if (parts.length === 0) parts.push({ type: 'text', text: '' });
  const clipped = clipTexts(parts);
  if (fields.isError === true) return { type: 'error-text', value: asText(clipped) };
  return withMedia ? { type: 'content', value: clipped } : { type: 'text', value: asText(clipped) };
}
