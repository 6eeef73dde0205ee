import { describe, expect, it } from 'vitest';
import { argumentsToSend, missingRequired, promptMessagesOf } from '../../renderer/src/features/prompts/prompt-messages.js';

describe('promptMessagesOf', () => {
  it('lists the messages with their roles and the description', () => {
    const result = promptMessagesOf({
      description: 'A prompt',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Hi' } },
        { role: 'assistant', content: { type: 'text', text: 'Hello' } },
      ],
    });
    expect(result).toEqual({
      ok: true,
      description: 'A prompt',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Hi' } },
        { role: 'assistant', content: { type: 'text', text: 'Hello' } },
      ],
    });
  });

  it('keeps malformed messages, each with what is wrong with it', () => {
    const result = promptMessagesOf({ messages: [{ content: 'x' }, { role: 'system', content: {} }, 'oops', { role: 'user' }] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.messages.map((message) => message.problem)).toEqual([
      'This message breaks the spec: it has no role.',
      'This message breaks the spec: its role “system” is neither user nor assistant.',
      'This message is not an object.',
      'This message breaks the spec: it has no content.',
    ]);
    expect(result.messages[1]!.role).toBe('system');
    expect(result.messages[2]!.content).toBe('oops');
  });

  it('says why there are no messages', () => {
    expect(promptMessagesOf(null)).toEqual({ ok: false, problem: 'The reply is not an object.' });
    expect(promptMessagesOf({ description: 'd' })).toEqual({ ok: false, problem: 'The reply has no messages.', description: 'd' });
    expect(promptMessagesOf({ messages: {} })).toEqual({ ok: false, problem: 'The reply’s messages is not a list.' });
  });
});

describe('prompt arguments', () => {
  const args = [{ name: 'topic', required: true }, { name: 'limit' }, { name: 'style', required: false }];

  it('sends only filled-in fields of this prompt', () => {
    expect(argumentsToSend({ topic: 'x', limit: '', other: 'y' }, ['topic', 'limit', 'style'])).toEqual({ topic: 'x' });
  });

  it('names the required arguments left empty', () => {
    expect(missingRequired({}, args)).toEqual(['topic']);
    expect(missingRequired({ topic: '' }, args)).toEqual(['topic']);
    expect(missingRequired({ topic: 'x' }, args)).toEqual([]);
  });
});
