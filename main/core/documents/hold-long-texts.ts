import { LARGE_TEXT_CHARS } from '../../../shared/document/large-text.js';
import { isObject } from '../../../shared/is-object.js';
import type { PathSegment } from '../../../shared/json-pointer.js';
import type { HeldText, RpcOutcome } from '../../../shared/mcp.js';

/** Characters of a held text that go with the result, to show while its document is prepared. */
const HEAD_CHARS = 2000;

/** Keeps a text where documents of it can be opened; returns its key. */
export type HoldText = (text: string) => number;

/** The methods whose results may hold long texts, and where. */
export type HoldingMethod = 'tools/call' | 'resources/read' | 'prompts/get';

const isLong = (text: unknown): text is string => typeof text === 'string' && text.length >= LARGE_TEXT_CHARS;

/** A content block's long texts: a text block's `text`, an embedded resource's `text`. */
function blockTexts(block: unknown, path: PathSegment[]): PathSegment[][] {
  if (!isObject(block)) return [];
  if (block.type === 'text' && isLong(block.text)) return [[...path, 'text']];
  if (block.type === 'resource' && isObject(block.resource) && isLong(block.resource.text)) return [[...path, 'resource', 'text']];
  return [];
}

const listed = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Where the long texts of a method's result are. */
function longTextPaths(method: HoldingMethod, result: Record<string, unknown>): PathSegment[][] {
  switch (method) {
    case 'tools/call':
      return listed(result.content).flatMap((block, index) => blockTexts(block, ['content', index]));
    case 'resources/read':
      return listed(result.contents).flatMap((item, index) => (isObject(item) && isLong(item.text) ? [['contents', index, 'text']] : []));
    case 'prompts/get':
      return listed(result.messages).flatMap((message, index) => {
        if (!isObject(message)) return [];
        // A message holds one content block; some servers send a list.
        if (Array.isArray(message.content)) return message.content.flatMap((block, at) => blockTexts(block, ['messages', index, 'content', at]));
        return blockTexts(message.content, ['messages', index, 'content']);
      });
  }
}

/** `value` with '' at `path`: each object or array on the way is copied, the rest shared. */
function withEmptyTextAt(value: unknown, path: PathSegment[]): unknown {
  if (path.length === 0) return '';
  const [segment, ...rest] = path as [PathSegment, ...PathSegment[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<PathSegment, unknown>;
  copy[segment] = withEmptyTextAt(copy[segment], rest);
  return copy;
}

const textAt = (value: unknown, path: PathSegment[]): string =>
  path.reduce<unknown>((inner, segment) => (inner as Record<PathSegment, unknown>)[segment], value) as string;

/**
 * The outcome with the long texts of its result held back in the core: each place holds '' and
 * is named in `heldTexts`. The server's result object is not changed (the traffic log keys its
 * wire text by it). A reply that breaks the schema, or a failure, is sent as it is.
 */
export function withHeldTexts(outcome: RpcOutcome, hold: HoldText, method: HoldingMethod): RpcOutcome {
  const result = outcome.result;
  if (outcome.failure || outcome.violations.length > 0 || !isObject(result)) return outcome;
  const paths = longTextPaths(method, result);
  if (paths.length === 0) return outcome;
  try {
    const heldTexts: HeldText[] = paths.map((path) => {
      const text = textAt(result, path);
      return { path, key: hold(text), chars: text.length, head: text.slice(0, HEAD_CHARS) };
    });
    return { ...outcome, result: paths.reduce<unknown>(withEmptyTextAt, result), heldTexts };
  } catch (error) {
    // No document thread: the result goes whole, as it would have without holding.
    console.error('Could not hold long texts in the core; the result is sent whole:', error);
    return outcome;
  }
}
