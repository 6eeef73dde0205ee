/**
 * What each MCP content block is, checked field by field: servers send blocks that are missing
 * fields or of types MCP does not define, and each of those is shown for what it is.
 */
import type { JsonObject } from '../../../../shared/mcp.js';
import { isObject } from '../../../../shared/is-object.js';

export type ContentView =
  | { kind: 'text'; text: string }
  | { kind: 'image'; data: string; mimeType: string }
  | { kind: 'audio'; data: string; mimeType: string }
  | { kind: 'resource'; uri: string; mimeType?: string; text?: string; blob?: string }
  | { kind: 'resource_link'; uri: string; name?: string; title?: string; description?: string; mimeType?: string; size?: number }
  /** A `type` MCP does not define: shown raw. */
  | { kind: 'unknown'; type: string }
  /** Not a content block at all, or a known type missing what it needs. */
  | { kind: 'malformed'; problem: string };

export interface ClassifiedBlock {
  view: ContentView;
  /** The block exactly as sent. */
  raw: unknown;
  annotations?: JsonObject;
  meta?: JsonObject;
}

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function withOptional<T extends object>(base: T, extra: Record<string, unknown>): T {
  const result: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) result[key] = value;
  return result as T;
}

function classifyView(block: JsonObject): ContentView {
  const type = block.type;
  if (typeof type !== 'string') return { kind: 'malformed', problem: 'This block has no “type”.' };
  switch (type) {
    case 'text':
      return typeof block.text === 'string' ? { kind: 'text', text: block.text } : { kind: 'malformed', problem: 'This text block has no “text” string.' };
    case 'image':
    case 'audio':
      if (typeof block.data !== 'string') return { kind: 'malformed', problem: `This ${type} block has no base64 “data”.` };
      if (typeof block.mimeType !== 'string') return { kind: 'malformed', problem: `This ${type} block has no “mimeType”.` };
      return { kind: type, data: block.data, mimeType: block.mimeType };
    case 'resource': {
      const resource = block.resource;
      if (!isObject(resource) || typeof resource.uri !== 'string') {
        return { kind: 'malformed', problem: 'This embedded resource has no “resource” with a “uri”.' };
      }
      if (typeof resource.text !== 'string' && typeof resource.blob !== 'string') {
        return { kind: 'malformed', problem: 'This embedded resource has neither “text” nor “blob”.' };
      }
      return withOptional(
        { kind: 'resource' as const, uri: resource.uri },
        { mimeType: optionalString(resource.mimeType), text: optionalString(resource.text), blob: optionalString(resource.blob) },
      );
    }
    case 'resource_link':
      if (typeof block.uri !== 'string') return { kind: 'malformed', problem: 'This resource link has no “uri”.' };
      return withOptional(
        { kind: 'resource_link' as const, uri: block.uri },
        {
          name: optionalString(block.name),
          title: optionalString(block.title),
          description: optionalString(block.description),
          mimeType: optionalString(block.mimeType),
          size: typeof block.size === 'number' ? block.size : undefined,
        },
      );
    default:
      return { kind: 'unknown', type };
  }
}

export function classifyBlock(block: unknown): ClassifiedBlock {
  if (!isObject(block)) return { view: { kind: 'malformed', problem: 'This content item is not an object.' }, raw: block };
  return withOptional(
    { view: classifyView(block), raw: block },
    { annotations: isObject(block.annotations) ? block.annotations : undefined, meta: isObject(block._meta) ? block._meta : undefined },
  );
}

export type ContentList = { ok: true; blocks: ClassifiedBlock[] } | { ok: false; problem: string };

const describeJsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);

/** A result's `content`: must be an array of blocks (semem sends a string). */
export function classifyContent(content: unknown): ContentList {
  if (content === undefined) return { ok: false, problem: 'There is no “content”.' };
  if (!Array.isArray(content)) return { ok: false, problem: `“content” is ${describeJsonType(content)}, not an array of content blocks.` };
  return { ok: true, blocks: content.map(classifyBlock) };
}
