import { isObject } from './is-object.js';
import { preview } from './check-label.js';

/** The first text content of a tool result, quoted and shortened (`"a is required"`), or undefined when it has none. */
export function quotedFirstText(result: unknown): string | undefined {
  const content = isObject(result) && Array.isArray(result.content) ? result.content : [];
  const text = content.find((block) => isObject(block) && typeof block.text === 'string') as { text: string } | undefined;
  return text ? preview(text.text) : undefined;
}
