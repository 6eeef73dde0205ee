import { isObject } from '../../../../shared/is-object';
import { revealInvisible } from '../../../../shared/reveal-invisible';

/** How much of a tool result or a context the transcript shows until the person asks for all of it. */
export const MAX_SHOWN_CHARS = 2_000;

/** MCP content blocks' text, joined; other blocks as `[type]`. */
function blocksText(blocks: unknown[]): string {
  const texts: string[] = [];
  for (const block of blocks) {
    if (isObject(block)) texts.push(block.type === 'text' && typeof block.text === 'string' ? block.text : `[${String(block.type)}]`);
  }
  return texts.join('\n');
}

/** A CallToolResult's text blocks, joined, for the transcript (as the conversation keeps it: within 1 MB). */
export function toolResultText(result: unknown): string {
  if (!isObject(result) || !Array.isArray(result.content)) return '';
  return blocksText(result.content);
}

/** A context turn's content blocks (a resource's contents, a prompt's messages), joined. */
export function contextText(content: unknown[]): string {
  return blocksText(content);
}

/** Arguments as one line of JSON (or the text the model sent when it was not JSON), invisible characters revealed. */
export function argumentsText(args: unknown): string {
  return revealInvisible(typeof args === 'string' ? args : JSON.stringify(args ?? {}));
}
