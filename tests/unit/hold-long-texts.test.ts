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
    const outcome = withHeldTexts(outcomeOf(result), hold);
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

  it('sends a reply that breaks the schema, a failure, or one without long texts as it is', () => {
    const { held, hold } = holder();
    const broken = outcomeOf({ content: [{ type: 'text', text: LONG }] }, { violations: [{ path: '/x', message: 'bad' }] });
    expect(withHeldTexts(broken, hold)).toBe(broken);
    const failed = outcomeOf(undefined, { failure: { kind: 'timeout', message: 'late' } });
    expect(withHeldTexts(failed, hold)).toBe(failed);
    const plain = outcomeOf({ content: [{ type: 'text', text: 'hi' }] });
    expect(withHeldTexts(plain, hold)).toBe(plain);
    expect(held).toEqual([]);
  });

  it('sends the result whole when the texts cannot be held', () => {
    const outcome = outcomeOf({ content: [{ type: 'text', text: LONG }] });
    const unavailable = () => {
      throw new Error('no thread');
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(withHeldTexts(outcome, unavailable)).toBe(outcome);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('sent whole'), expect.any(Error));
    logged.mockRestore();
  });
});
