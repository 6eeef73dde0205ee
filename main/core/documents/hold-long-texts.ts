import { LARGE_TEXT_CHARS } from '../../../shared/document/large-text.js';
import { isObject } from '../../../shared/is-object.js';
import { withValueAtPath, type PathSegment } from '../../../shared/json-pointer.js';
import type { HeldText, RpcOutcome } from '../../../shared/mcp.js';

/** Characters of a held text that go with the result, to show while its document is prepared. */
const HEAD_CHARS = 2000;

/** Keeps a text where documents of it can be opened; returns its key. */
export type HoldText = (text: string) => number;

/** The methods whose results may hold long texts, and where. */
export type HoldingMethod = 'tools/call' | 'resources/read' | 'prompts/get';

const isLong = (text: unknown): text is string => typeof text === 'string' && text.length >= LARGE_TEXT_CHARS;

/** A long text of a result, and its place. */
interface LongText {
  path: PathSegment[];
  text: string;
}

/** A content block's long texts: a text block's `text`, an embedded resource's `text`. */
function blockTexts(block: unknown, path: PathSegment[]): LongText[] {
  if (!isObject(block)) return [];
  if (block.type === 'text' && isLong(block.text)) return [{ path: [...path, 'text'], text: block.text }];
  if (block.type === 'resource' && isObject(block.resource) && isLong(block.resource.text)) {
    return [{ path: [...path, 'resource', 'text'], text: block.resource.text }];
  }
  return [];
}

const listed = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The long texts of a method's result, where they are. */
function longTexts(method: HoldingMethod, result: Record<string, unknown>): LongText[] {
  switch (method) {
    case 'tools/call':
      return listed(result.content).flatMap((block, index) => blockTexts(block, ['content', index]));
    case 'resources/read':
      return listed(result.contents).flatMap((item, index) => (isObject(item) && isLong(item.text) ? [{ path: ['contents', index, 'text'], text: item.text }] : []));
    case 'prompts/get':
      return listed(result.messages).flatMap((message, index) => {
        if (!isObject(message)) return [];
        // A message holds one content block; some servers send a list.
        if (Array.isArray(message.content)) return message.content.flatMap((block, at) => blockTexts(block, ['messages', index, 'content', at]));
        return blockTexts(message.content, ['messages', index, 'content']);
      });
  }
}

/**
 * The outcome with the long texts of its result held back in the core: each place holds '' and
 * is named in `heldTexts`. The server's result object is not changed (the traffic log keys its
 * wire text by it). A reply that breaks the schema, or a failure, is sent as it is.
 */
export function withHeldTexts(outcome: RpcOutcome, hold: HoldText, method: HoldingMethod): RpcOutcome {
  const result = outcome.result;
  if (outcome.failure || outcome.violations.length > 0 || !isObject(result)) return outcome;
  const texts = longTexts(method, result);
  if (texts.length === 0) return outcome;
  try {
    const heldTexts: HeldText[] = texts.map(({ path, text }) => ({ path, key: hold(text), chars: text.length, head: text.slice(0, HEAD_CHARS) }));
    // The server's object stays as it was: only the containers on the way to each text are copied.
    return { ...outcome, result: texts.reduce<unknown>((copy, { path }) => withValueAtPath(copy, path, ''), result), heldTexts };
  } catch (error) {
    // No document thread: the result goes whole, as it would have without holding.
    console.error('Could not hold long texts in the core; the result is sent whole:', error);
    return outcome;
  }
}
