import { LARGE_TEXT_CHARS } from '../../../shared/document/large-text.js';
import { isObject } from '../../../shared/is-object.js';
import type { PathSegment } from '../../../shared/json-pointer.js';
import type { HeldText, RpcOutcome } from '../../../shared/mcp.js';

/** Characters of a held text that go with the result, to show while its document is prepared. */
const HEAD_CHARS = 2000;

/** Keeps a text where documents of it can be opened; returns its key. */
export type HoldText = (text: string) => number;

const isLong = (text: unknown): text is string => typeof text === 'string' && text.length >= LARGE_TEXT_CHARS;

/**
 * The outcome with the long texts of its content blocks (a text block's `text`, an embedded
 * resource's `text`) held back in the core: each place holds '' and is named in `heldTexts`.
 * The server's result object is not changed (the traffic log keys its wire text by it). A
 * reply that breaks the schema, or a failure, is sent as it is.
 */
export function withHeldTexts(outcome: RpcOutcome, hold: HoldText): RpcOutcome {
  const result = outcome.result;
  if (outcome.failure || outcome.violations.length > 0 || !isObject(result) || !Array.isArray(result.content)) return outcome;
  const heldTexts: HeldText[] = [];
  const keep = (path: PathSegment[], text: string): '' => {
    heldTexts.push({ path, key: hold(text), chars: text.length, head: text.slice(0, HEAD_CHARS) });
    return '';
  };
  try {
    const content = result.content.map((block: unknown, index) => {
      if (!isObject(block)) return block;
      if (block.type === 'text' && isLong(block.text)) return { ...block, text: keep(['content', index, 'text'], block.text) };
      const resource = block.resource;
      if (block.type === 'resource' && isObject(resource) && isLong(resource.text)) {
        return { ...block, resource: { ...resource, text: keep(['content', index, 'resource', 'text'], resource.text) } };
      }
      return block;
    });
    if (heldTexts.length === 0) return outcome;
    return { ...outcome, result: { ...result, content }, heldTexts };
  } catch (error) {
    // No document thread: the result goes whole, as it would have without holding.
    console.error('Could not hold long texts in the core; the result is sent whole:', error);
    return outcome;
  }
}
