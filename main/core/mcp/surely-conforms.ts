/**
 * A quick look that recognises the common, plainly well-formed tool result, so the full MCP schema
 * check (zod) runs only when this look is unsure. It answers true only where both eras' schemas
 * accept the result for certain; false means "ask the schema", never "broken", so the verdict is the
 * schema's either way (tests/unit/surely-conforms.test.ts compares the two).
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ type: 'text', text }`, with no annotations or `_meta` (those are left to the schema). */
function isPlainTextBlock(block: unknown): boolean {
  return isPlainObject(block) && block.type === 'text' && typeof block.text === 'string' && block.annotations === undefined && block._meta === undefined;
}

/**
 * A `tools/call` result of text blocks: `content` (absent, or text blocks only), `isError` absent or
 * a boolean, `structuredContent` absent or an object, no `_meta`. Other fields are allowed by the
 * schemas of both eras (results are loose objects).
 */
function isPlainToolResult(result: unknown): boolean {
  if (!isPlainObject(result) || result._meta !== undefined) return false;
  const { content, isError, structuredContent } = result;
  if (isError !== undefined && typeof isError !== 'boolean') return false;
  if (structuredContent !== undefined && !isPlainObject(structuredContent)) return false;
  if (content === undefined) return true;
  if (!Array.isArray(content)) return false;
  for (const block of content) {
    if (!isPlainTextBlock(block)) return false;
  }
  return true;
}

const QUICK_LOOKS = new Map<string, (result: unknown) => boolean>([['tools/call', isPlainToolResult]]);

/** True when `result` certainly satisfies the MCP schema for `method` (of either era); false when unsure. */
export function surelyConforms(method: string, result: unknown): boolean {
  return QUICK_LOOKS.get(method)?.(result) ?? false;
}
