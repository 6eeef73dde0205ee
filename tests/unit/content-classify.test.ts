import { describe, expect, test } from 'vitest';
import {
  base64DataUrl,
  base64DecodedSize,
  cleanMimeType,
  isBase64,
  suggestFileName,
} from '../../renderer/src/ui/content/binary.js';
import { classifyBlock, classifyContent } from '../../renderer/src/ui/content/classify.js';
import { formatBytes } from '../../renderer/src/ui/format.js';

describe('content classification', () => {
  test('each MCP content type is recognized with its fields', () => {
    const blocks = [
      { type: 'text', text: 'hello', annotations: { audience: ['user'] } },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' } },
      { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAEC' } },
      { type: 'resource_link', uri: 'demo://resource/1', name: 'one', title: 'Resource 1', size: 42, _meta: { x: 1 } },
    ];
    const list = classifyContent(blocks);
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    expect(list.blocks.map((block) => block.view)).toEqual([
      { kind: 'text', text: 'hello' },
      { kind: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { kind: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { kind: 'resource', uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' },
      { kind: 'resource', uri: 'file:///b.bin', blob: 'AAEC' },
      { kind: 'resource_link', uri: 'demo://resource/1', name: 'one', title: 'Resource 1', size: 42 },
    ]);
    expect(list.blocks[0]!.annotations).toEqual({ audience: ['user'] });
    expect(list.blocks[5]!.meta).toEqual({ x: 1 });
    expect(list.blocks[1]!.raw).toBe(blocks[1]);
  });

  test('unknown types and broken blocks are reported, not dropped', () => {
    expect(classifyBlock({ type: 'hologram', data: 'AAEC' }).view).toEqual({ kind: 'unknown', type: 'hologram' });
    expect(classifyBlock({ type: 'text' }).view).toEqual({ kind: 'malformed', problem: 'This text block has no “text” string.' });
    expect(classifyBlock({ type: 'image', data: 'AA==' }).view.kind).toBe('malformed');
    expect(classifyBlock({ type: 'resource', resource: { uri: 'x:' } }).view.kind).toBe('malformed');
    expect(classifyBlock('just a string').view).toEqual({ kind: 'malformed', problem: 'This content item is not an object.' });
    expect(classifyBlock({ text: 'no type' }).view).toEqual({ kind: 'malformed', problem: 'This block has no “type”.' });
  });

  test('a content that is not an array (semem) is a problem of the whole result', () => {
    expect(classifyContent('plain string')).toEqual({ ok: false, problem: '“content” is a string, not an array of content blocks.' });
    expect(classifyContent(null)).toEqual({ ok: false, problem: '“content” is null, not an array of content blocks.' });
    expect(classifyContent(undefined)).toEqual({ ok: false, problem: 'There is no “content”.' });
    expect(classifyContent([])).toEqual({ ok: true, blocks: [] });
  });
});

describe('binary payloads and sizes', () => {
  test('decoded size of base64 without decoding', () => {
    expect(base64DecodedSize(btoa('hello world'))).toBe(11);
    expect(base64DecodedSize(btoa('ab'))).toBe(2);
    expect(base64DecodedSize(btoa('abc'))).toBe(3);
    expect(base64DecodedSize('')).toBe(0);
  });

  test('data URLs only for clean MIME types and real base64', () => {
    expect(base64DataUrl('image/png', 'iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(base64DataUrl('IMAGE/PNG; charset=x', 'AA==')).toBe('data:image/png;base64,AA==');
    expect(base64DataUrl('image/png"><script>', 'AA==')).toBeNull();
    expect(base64DataUrl('image/png', 'not base64 <img>')).toBeNull();
    expect(cleanMimeType('text/html')).toBe('text/html');
    expect(cleanMimeType('nonsense')).toBeNull();
    expect(isBase64('AAEC\nAAEC')).toBe(true);
  });

  test('file names for saving', () => {
    expect(suggestFileName('image', 'image/png')).toBe('image.png');
    expect(suggestFileName('resource', 'application/octet-stream', 'file:///tmp/report%20final.pdf')).toBe('report_final.pdf');
    expect(suggestFileName('resource', 'text/plain', 'demo://resource/dynamic/text/1')).toBe('1.txt');
    expect(suggestFileName('content', undefined)).toBe('content.bin');
  });

  test('sizes read as people read them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(5.25 * 1024 * 1024)).toBe('5.3 MB');
    expect(formatBytes(-1)).toBe('—');
  });
});
