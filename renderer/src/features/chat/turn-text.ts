import { isObject } from '../../../../shared/is-object';

/** How much of a tool result the transcript shows (the whole result is in the traffic log). */
const MAX_RESULT_CHARS = 2_000;

/** A CallToolResult's text blocks, joined and clipped, for the transcript. */
export function toolResultText(result: unknown): string {
  if (!isObject(result) || !Array.isArray(result.content)) return '';
  const texts: string[] = [];
  for (const block of result.content) {
    if (isObject(block)) texts.push(block.type === 'text' && typeof block.text === 'string' ? block.text : `[${String(block.type)}]`);
  }
  const text = texts.join('\n');
  return text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}…` : text;
}

/** Arguments as one line of JSON (or the text the model sent when it was not JSON). */
export function argumentsText(args: unknown): string {
  return typeof args === 'string' ? args : JSON.stringify(args ?? {});
}
