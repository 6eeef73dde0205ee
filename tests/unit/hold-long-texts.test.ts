import { describe, expect, it, vi } from 'vitest';
import { withHeldTexts } from '../../main/core/documents/hold-long-texts.js';
import type { RpcOutcome } from '../../shared/mcp.js';

const LONG = 'x'.repeat(300 * 1024);
const outcomeOf = (result: unknown, extra: Partial<RpcOutcome> = {}): RpcOutcome => ({ result, violations: [], durationMs: 1, responseSize: 1, ...extra });

function holder() {
  const held: string[] = [];
  return { held, hold: (text: string) => held.push(text) };
}

describe('holding a result’s long texts in the core', () => {
  it('holds long text blocks and embedded resource texts, leaves short ones, and does not change the server’s object', () => {
    const result = {
      content: [
        { type: 'text', text: LONG },
        { type: 'text', text: 'short' },
        { type: 'resource', resource: { uri: 'file:///a', text: LONG + 'y' } },
        { type: 'image', data: LONG, mimeType: 'image/png' },
      ],
      structuredContent: { text: LONG },
    };
    const snapshot = structuredClone(result);
    const { held, hold } = holder();
    const outcome = withHeldTexts(outcomeOf(result), hold, 'tools/call');
    expect(result).toEqual(snapshot);
    expect(held).toEqual([LONG, LONG + 'y']);
    expect(outcome.heldTexts).toEqual([
      { path: ['content', 0, 'text'], key: 1, chars: LONG.length, head: LONG.slice(0, 2000) },
      { path: ['content', 2, 'resource', 'text'], key: 2, chars: LONG.length + 1, head: LONG.slice(0, 2000) },
    ]);
    expect(outcome.result).toEqual({
      ...snapshot,
      content: [{ type: 'text', text: '' }, snapshot.content[1], { type: 'resource', resource: { uri: 'file:///a', text: '' } }, snapshot.content[3]],
    });
  });

  it('holds the long texts of a resource read, and of a prompt’s messages (one block each, or a list)', () => {
    const read = { contents: [{ uri: 'a', text: 'short' }, { uri: 'b', mimeType: 'application/json', text: LONG }, { uri: 'c', blob: LONG }] };
    const readSnapshot = structuredClone(read);
    const first = holder();
    const heldRead = withHeldTexts(outcomeOf(read), first.hold, 'resources/read');
    expect(read).toEqual(readSnapshot);
    expect(first.held).toEqual([LONG]);
    expect(heldRead.heldTexts?.map((text) => text.path)).toEqual([['contents', 1, 'text']]);
    expect(heldRead.result).toEqual({ contents: [readSnapshot.contents[0], { uri: 'b', mimeType: 'application/json', text: '' }, readSnapshot.contents[2]] });

    const prompt = {
      description: LONG,
      messages: [
        { role: 'user', content: { type: 'text', text: LONG } },
        { role: 'assistant', content: [{ type: 'text', text: 'short' }, { type: 'resource', resource: { uri: 'r', text: LONG } }] },
        { role: 'user', content: { type: 'text', text: 'short' } },
      ],
    };
    const second = holder();
    const heldPrompt = withHeldTexts(outcomeOf(prompt), second.hold, 'prompts/get');
    expect(second.held).toEqual([LONG, LONG]);
    expect(heldPrompt.heldTexts?.map((text) => text.path)).toEqual([
      ['messages', 0, 'content', 'text'],
      ['messages', 1, 'content', 1, 'resource', 'text'],
    ]);
    expect(heldPrompt.result).toEqual({
      description: LONG,
      messages: [
        { role: 'user', content: { type: 'text', text: '' } },
        { role: 'assistant', content: [{ type: 'text', text: 'short' }, { type: 'resource', resource: { uri: 'r', text: '' } }] },
        prompt.messages[2],
      ],
    });
    // A tool's shape means nothing in a resource read, and the other way round.
    expect(withHeldTexts(outcomeOf({ content: [{ type: 'text', text: LONG }] }), second.hold, 'resources/read').heldTexts).toBeUndefined();
  });

  it('sends a reply that breaks the schema, a failure, or one without long texts as it is', () => {
    const { held, hold } = holder();
    const broken = outcomeOf({ content: [{ type: 'text', text: LONG }] }, { violations: [{ path: '/x', message: 'bad' }] });
    expect(withHeldTexts(broken, hold, 'tools/call')).toBe(broken);
    const failed = outcomeOf(undefined, { failure: { kind: 'timeout', message: 'late' } });
    expect(withHeldTexts(failed, hold, 'tools/call')).toBe(failed);
    const plain = outcomeOf({ content: [{ type: 'text', text: 'hi' }] });
    expect(withHeldTexts(plain, hold, 'tools/call')).toBe(plain);
    expect(held).toEqual([]);
  });

  it('sends the result whole when the texts cannot be held', () => {
    const outcome = outcomeOf({ content: [{ type: 'text', text: LONG }] });
    const unavailable = () => {
      throw new Error('no thread');
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(withHeldTexts(outcome, unavailable, 'tools/call')).toBe(outcome);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('sent whole'), expect.any(Error));
    logged.mockRestore();
  });
});
