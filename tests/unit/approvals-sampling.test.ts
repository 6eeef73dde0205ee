import { describe, expect, test } from 'vitest';
import {
  buildReply,
  contentTypeForMime,
  DEFAULT_MODEL,
  draftFromResult,
  initialDraft,
  resultPreview,
  splitDataUrl,
} from '../../renderer/src/features/approvals/sampling-reply.js';
import { parameterText, readSamplingRequest } from '../../renderer/src/features/approvals/sampling-request.js';

describe('reading a sampling request', () => {
  test('every part of a 2025-11-25 request is read: messages, prompt, parameters, preferences, tools', () => {
    const view = readSamplingRequest({
      messages: [
        { role: 'user', content: { type: 'text', text: 'hi' } },
        { role: 'assistant', content: [{ type: 'image', data: 'AA', mimeType: 'image/png' }, { type: 'audio', data: 'BB', mimeType: 'audio/wav' }] },
      ],
      systemPrompt: 'Be brief.',
      includeContext: 'allServers',
      maxTokens: 64,
      temperature: 0.2,
      stopSequences: ['END', '\n\n'],
      metadata: { trace: 7 },
      modelPreferences: { hints: [{ name: 'claude-3-5' }, { nope: 1 }, { name: 'gpt' }], costPriority: 0.25, speedPriority: 1, intelligencePriority: 2 },
      tools: [{ name: 'get_weather', description: 'Weather', inputSchema: { type: 'object' } }, 'odd'],
      toolChoice: { mode: 'auto' },
      task: { ttl: 1 },
    });
    expect(view.messages).toEqual([
      { role: 'user', blocks: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', blocks: [{ type: 'image', data: 'AA', mimeType: 'image/png' }, { type: 'audio', data: 'BB', mimeType: 'audio/wav' }] },
    ]);
    expect(view.systemPrompt).toBe('Be brief.');
    expect(view.parameters).toEqual([
      { name: 'maxTokens', value: 64 },
      { name: 'temperature', value: 0.2 },
      { name: 'includeContext', value: 'allServers' },
    ]);
    expect(view.stopSequences).toEqual(['END', '\n\n']);
    expect(view.metadata).toEqual({ trace: 7 });
    expect(view.hints).toEqual(['claude-3-5', 'gpt']);
    // Out-of-range priorities are kept raw, to be shown as what the server sent.
    expect(view.priorities).toEqual([
      { key: 'costPriority', label: 'Cost', value: 0.25 },
      { key: 'speedPriority', label: 'Speed', value: 1 },
      { key: 'intelligencePriority', label: 'Intelligence', raw: 2 },
    ]);
    expect(view.tools).toEqual([{ name: 'get_weather', description: 'Weather', inputSchema: { type: 'object' } }, { name: 'odd' }]);
    expect(view.toolChoice).toEqual({ mode: 'auto' });
    expect(view.other).toEqual({ task: { ttl: 1 } });
  });

  test('odd shapes never throw: a missing list, a non-object message, an odd role', () => {
    expect(readSamplingRequest({}).messages).toEqual([]);
    expect(readSamplingRequest({ messages: [42, { role: 7 }] }).messages).toEqual([
      { role: 'unknown', blocks: [42] },
      { role: 'unknown', blocks: [] },
    ]);
    expect(readSamplingRequest({ modelPreferences: 'fast' }).other).toEqual({ modelPreferences: 'fast' });
  });

  test('parameter values read as text', () => {
    expect(parameterText('thisServer')).toBe('thisServer');
    expect(parameterText(0.7)).toBe('0.7');
    expect(parameterText({ a: [1] })).toBe('{"a":[1]}');
  });
});

describe('building the reply', () => {
  test('a fresh draft is an assistant text reply named after the first model hint', () => {
    expect(initialDraft(['claude-3-sonnet', 'x'])).toMatchObject({ role: 'assistant', contentKind: 'text', model: 'claude-3-sonnet', stopReason: 'endTurn' });
    expect(initialDraft().model).toBe(DEFAULT_MODEL);
  });

  test('a text reply becomes a CreateMessageResult', () => {
    const draft = { ...initialDraft(), text: 'Hello', model: ' m1 ', role: 'user' as const };
    expect(buildReply(draft)).toEqual({ ok: true, result: { role: 'user', content: { type: 'text', text: 'Hello' }, model: 'm1', stopReason: 'endTurn' } });
  });

  test('an image or audio file goes as base64 with its MIME type, and a custom stop reason as typed', () => {
    const draft = {
      ...initialDraft(),
      contentKind: 'file' as const,
      file: { type: 'audio' as const, data: 'UklGRg==', mimeType: 'audio/wav', name: 'a.wav' },
      stopReason: 'custom' as const,
      customStopReason: 'refusal',
    };
    expect(buildReply(draft)).toEqual({
      ok: true,
      result: { role: 'assistant', content: { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' }, model: DEFAULT_MODEL, stopReason: 'refusal' },
    });
  });

  test('sampling with tools: a model draft keeps its tool_use blocks after the text, and a reply of tool uses alone needs no text', () => {
    const toolUse = { type: 'tool_use', id: 'call-1', name: 'get-weather', input: { city: 'Lyon' } };
    const drafted = draftFromResult({ role: 'assistant', content: [{ type: 'text', text: 'Let me look.' }, toolUse], model: 'm1', stopReason: 'toolUse' }, initialDraft());
    expect(drafted).toMatchObject({ contentKind: 'text', text: 'Let me look.', toolUses: [toolUse], stopReason: 'toolUse' });
    expect(buildReply(drafted)).toEqual({
      ok: true,
      result: { role: 'assistant', content: [{ type: 'text', text: 'Let me look.' }, toolUse], model: 'm1', stopReason: 'toolUse' },
    });
    const onlyTools = draftFromResult({ role: 'assistant', content: [toolUse], model: 'm1', stopReason: 'toolUse' }, { ...initialDraft(), text: 'old text' });
    expect(onlyTools.text).toBe('');
    expect(buildReply(onlyTools)).toMatchObject({ ok: true, result: { content: [toolUse] } });
    // A later draft without tool uses drops them.
    expect(draftFromResult({ role: 'assistant', content: { type: 'text', text: 'Plain' } }, drafted).toolUses).toBeUndefined();
  });

  test('what is missing is named field by field', () => {
    expect(buildReply({ ...initialDraft(), text: '  ', model: '', stopReason: 'custom', customStopReason: ' ' })).toEqual({
      ok: false,
      errors: {
        text: 'Write the reply text, or reject the request.',
        model: 'Name the model that produced the reply.',
        stopReason: 'Enter the custom stop reason.',
      },
    });
    expect(buildReply({ ...initialDraft(), contentKind: 'file' })).toEqual({ ok: false, errors: { file: 'Choose an image or audio file to send.' } });
  });

  test('a template fills the draft, and a built reply round-trips through a template', () => {
    const base = { ...initialDraft(), text: 'draft' };
    const built = buildReply({ ...base, text: 'From template', model: 'tmpl', stopReason: 'maxTokens' });
    if (!built.ok) throw new Error('expected a reply');
    expect(buildReply(draftFromResult(built.result, initialDraft()))).toEqual(built);

    const custom = draftFromResult({ role: 'user', content: [{ type: 'image', data: 'AA', mimeType: 'image/png' }], stopReason: 'weird' }, base);
    expect(custom).toMatchObject({ role: 'user', contentKind: 'file', file: { type: 'image', data: 'AA', mimeType: 'image/png' }, stopReason: 'custom', customStopReason: 'weird' });
    expect(custom.model).toBe(base.model);
  });

  test('files: only images and audio, read from data URLs', () => {
    expect(contentTypeForMime('image/png')).toBe('image');
    expect(contentTypeForMime('audio/mpeg')).toBe('audio');
    expect(contentTypeForMime('application/pdf')).toBeUndefined();
    expect(splitDataUrl('data:image/png;base64,iVBORw0KGgo=')).toEqual({ mimeType: 'image/png', data: 'iVBORw0KGgo=' });
    expect(splitDataUrl('data:;base64,QQ==')).toEqual({ mimeType: 'application/octet-stream', data: 'QQ==' });
    expect(splitDataUrl('data:text/plain,hello')).toBeUndefined();
  });

  test('template previews show the text or the content type, and the model', () => {
    expect(resultPreview({ content: { type: 'text', text: 'Hi\nthere' }, model: 'm' })).toBe('“Hi there” · m');
    expect(resultPreview({ content: { type: 'image', mimeType: 'image/png', data: '' } })).toBe('image (image/png)');
    expect(resultPreview({})).toBe('no content');
  });
});
