import { describe, expect, it } from 'vitest';
import { isSafeIconUrl, pickIconSource } from '../../renderer/src/ui/item-icon/icon-source.js';
import { isTextMimeType, textOfBlob } from '../../renderer/src/ui/content/text-blob.js';
import { classifyResourceContent, looksLikeJson, resourceContentsOf } from '../../renderer/src/features/resources/resource-content.js';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('classifyResourceContent', () => {
  it('shows text as text, JSON mimeTypes with JSON highlighting', () => {
    expect(classifyResourceContent({ uri: 'a', mimeType: 'text/plain', text: 'hi' })).toEqual({
      kind: 'text',
      uri: 'a',
      mimeType: 'text/plain',
      text: 'hi',
      language: 'plain',
      fromBlob: false,
    });
    expect(classifyResourceContent({ uri: 'a', mimeType: 'application/json; charset=utf-8', text: '{}' })).toMatchObject({ language: 'json' });
    expect(classifyResourceContent({ uri: 'a', mimeType: 'application/vnd.api+json', text: '{}' })).toMatchObject({ language: 'json' });
    expect(classifyResourceContent({ uri: 'a', text: '{}' })).toMatchObject({ kind: 'text', language: 'plain' });
  });

  it('renders image and audio blobs, and gives other blobs their size', () => {
    expect(classifyResourceContent({ uri: 'i', mimeType: 'image/png', blob: 'iVBORw0KGgo=' })).toMatchObject({ kind: 'image', bytes: 8 });
    expect(classifyResourceContent({ uri: 's', mimeType: 'audio/wav', blob: 'UklGRg==' })).toMatchObject({ kind: 'audio', bytes: 4 });
    const blob = base64('Resource 44: This is a base64 blob');
    expect(classifyResourceContent({ uri: 'b', mimeType: 'application/octet-stream', blob })).toEqual({
      kind: 'binary',
      uri: 'b',
      mimeType: 'application/octet-stream',
      base64: blob,
      bytes: 34,
    });
    expect(classifyResourceContent({ uri: 'b', blob })).toMatchObject({ kind: 'binary' });
  });

  it('decodes a blob with a text mimeType as UTF-8 text, unless it is not UTF-8', () => {
    expect(classifyResourceContent({ uri: 't', mimeType: 'text/plain', blob: base64('héllo') })).toMatchObject({
      kind: 'text',
      text: 'héllo',
      fromBlob: true,
    });
    const notUtf8 = Buffer.from([0xff, 0xfe, 0x00]).toString('base64');
    expect(classifyResourceContent({ uri: 't', mimeType: 'text/plain', blob: notUtf8 })).toMatchObject({ kind: 'binary', bytes: 3 });
  });

  it('explains items it cannot show instead of throwing', () => {
    expect(classifyResourceContent(null)).toEqual({ kind: 'invalid', reason: 'This item is not an object.' });
    expect(classifyResourceContent('text')).toMatchObject({ kind: 'invalid' });
    expect(classifyResourceContent({ uri: 'x' })).toMatchObject({ kind: 'invalid', reason: 'It has neither text nor blob.' });
    expect(classifyResourceContent({ uri: 'x', text: 42 })).toMatchObject({ kind: 'invalid', reason: 'Its text is not a string.' });
    expect(classifyResourceContent({ uri: 'x', mimeType: 'image/png', blob: '<svg onload=alert(1)>' })).toMatchObject({
      kind: 'invalid',
      reason: 'Its blob is not valid base64.',
    });
  });
});

describe('resourceContentsOf', () => {
  it('finds the contents list or says what is wrong', () => {
    expect(resourceContentsOf({ contents: [1] })).toEqual({ items: [1] });
    expect(resourceContentsOf({})).toEqual({ problem: 'The reply has no contents.' });
    expect(resourceContentsOf({ contents: 'x' })).toEqual({ problem: 'The reply’s contents is not a list.' });
    expect(resourceContentsOf(null)).toEqual({ problem: 'The reply has no contents.' });
  });
});

describe('helpers', () => {
  it('spots text that is plainly a JSON object or array', () => {
    expect(looksLikeJson('  {"a": 1}\n')).toBe(true);
    expect(looksLikeJson('[1, 2]')).toBe(true);
    expect(looksLikeJson('{ not closed')).toBe(false);
    expect(looksLikeJson('plain text')).toBe(false);
    expect(looksLikeJson('')).toBe(false);
  });

  it('knows text mimeTypes', () => {
    expect(isTextMimeType('text/markdown')).toBe(true);
    expect(isTextMimeType('application/xml')).toBe(true);
    expect(isTextMimeType('image/svg+xml')).toBe(true);
    expect(isTextMimeType('application/octet-stream')).toBe(false);
    expect(isTextMimeType(undefined)).toBe(false);
  });
});

describe('icons', () => {
  it('accepts only https: and data:image URLs', () => {
    expect(isSafeIconUrl('https://example.com/i.png')).toBe(true);
    expect(isSafeIconUrl('data:image/png;base64,AAAA')).toBe(true);
    expect(isSafeIconUrl('data:image/svg+xml,<svg/>')).toBe(true);
    expect(isSafeIconUrl('http://example.com/i.png')).toBe(false);
    expect(isSafeIconUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeIconUrl('data:text/html,<script>alert(1)</script>')).toBe(false);
    expect(isSafeIconUrl('file:///etc/passwd')).toBe(false);
    expect(isSafeIconUrl('/relative.png')).toBe(false);
  });

  it('prefers the icon made for the theme, then one for any theme', () => {
    const icons = [
      { src: 'http://insecure/x.png' },
      { src: 'https://a/light.png', theme: 'light' as const },
      { src: 'https://a/dark.png', theme: 'dark' as const },
      { src: 'https://a/any.png' },
    ];
    expect(pickIconSource(icons, 'dark')).toBe('https://a/dark.png');
    expect(pickIconSource(icons, 'light')).toBe('https://a/light.png');
    expect(pickIconSource([{ src: 'https://a/dark.png', theme: 'dark' }], 'light')).toBe('https://a/dark.png');
    expect(pickIconSource([{ src: 'javascript:x' }], 'light')).toBeUndefined();
    expect(pickIconSource(undefined, 'light')).toBeUndefined();
  });
});

describe('textOfBlob: one rule for tool results and resource reads', () => {
  it('decodes a text blob, and leaves binary, invalid UTF-8 and non-text types alone', () => {
    expect(textOfBlob(base64('hello'), 'text/plain')).toBe('hello');
    expect(textOfBlob(base64('{"a":1}'), 'application/json')).toBe('{"a":1}');
    expect(textOfBlob(Buffer.from([0xff, 0xfe, 0x00]).toString('base64'), 'text/plain')).toBeNull();
    expect(textOfBlob(base64('hello'), 'application/octet-stream')).toBeNull();
    expect(textOfBlob(base64('hello'), undefined)).toBeNull();
  });
});
