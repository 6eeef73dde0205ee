/**
 * Long texts of tool results held in the core: the Tools tab's calls get them as documents the
 * core's thread prepares, not as megabytes over the bridge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentInfo } from '../../shared/document/document-core.js';
import type { TreeRow } from '../../shared/document/json-tree-model.js';
import type { TextSegment } from '../../shared/document/text-segments.js';
import { DocumentHost } from '../../main/core/documents/document-host.js';
import { MAX_OPEN_DOCUMENTS } from '../../main/core/documents/held-text-limits.js';
import { fixture, startCore, type TestCore } from './helpers.js';

const textOf = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0]!.text;

describe('a tool result’s long texts, held in the core', () => {
  let test: TestCore;
  let serverId: string;
  beforeAll(async () => {
    test = await startCore();
    serverId = (await test.add('big', fixture())).id;
    expect((await test.core.handlers['connections.connect']({ serverId })).status).toBe('connected');
    await test.core.handlers['tools.list']({ serverId });
  });
  afterAll(async () => {
    await test.core.dispose();
  });

  const call = (callId: string, mb: number, kind: 'json' | 'text', holdLongTexts?: boolean) =>
    test.core.handlers['tools.call']({ serverId, name: 'big', arguments: { mb, kind }, callId, ...(holdLongTexts === undefined ? {} : { holdLongTexts }) });

  it('come back as held texts: the result keeps its shape with an empty text, and the text opens as a document', async () => {
    const whole = await call('whole', 1, 'json');
    expect(whole.heldTexts).toBeUndefined();
    const text = textOf(whole.result);
    expect(text.length).toBeGreaterThan(1_000_000);

    const held = await call('held', 1, 'json', true);
    expect(textOf(held.result)).toBe('');
    expect(held.heldTexts).toEqual([{ path: ['content', 0, 'text'], key: expect.any(Number), chars: text.length, head: text.slice(0, 2000) }]);
    expect(held.responseSize).toBe(whole.responseSize);

    const key = held.heldTexts![0]!.key;
    const opened = await test.core.handlers['documents.open']({ key });
    // The thread shows the tree before it has parsed the whole text, and says when it has.
    expect(opened.info).toMatchObject({ tree: true, checking: true, raw: { bytes: Buffer.byteLength(text) } });
    const rows = (await test.core.handlers['documents.command']({ documentId: opened.documentId, command: { type: 'rows', start: 0, end: 3 } })) as TreeRow[];
    expect(rows.map((row) => [row.key, row.kind])).toEqual([[null, 'array'], [0, 'object'], [1, 'object']]);
    const checked = (await test.core.handlers['documents.command']({ documentId: opened.documentId, command: { type: 'check' } })) as DocumentInfo;
    expect(checked).toMatchObject({ tree: true, rowCount: opened.info.rowCount });
    expect(checked).not.toHaveProperty('checking');
    expect(await test.core.handlers['documents.text']({ key })).toBe(text);
    expect(await test.core.handlers['documents.command']({ documentId: opened.documentId, command: { type: 'copy' } })).toBe(text);

    await test.core.handlers['documents.command']({ documentId: opened.documentId, command: { type: 'close' } });
    await expect(test.core.handlers['documents.command']({ documentId: opened.documentId, command: { type: 'rows', start: 0, end: 1 } })).rejects.toThrow(/closed/);
  });

  it('a plain text is segmented, and short texts are never held', async () => {
    const held = await call('text', 0.5, 'text', true);
    const opened = await test.core.handlers['documents.open']({ key: held.heldTexts![0]!.key });
    expect((opened.info as DocumentInfo).tree).toBe(false);
    const segments = (await test.core.handlers['documents.command']({ documentId: opened.documentId, command: { type: 'segments', start: 0, end: 2 } })) as TextSegment[];
    expect(segments[0]!.text).toContain('quick brown fox');

    const small = await call('small', 0.01, 'text', true);
    expect(small.heldTexts).toBeUndefined();
    expect(textOf(small.result).length).toBeGreaterThan(10_000);
  });
});

describe('the core’s document thread', () => {
  it('closes the oldest document when too many are open, and forgets every text when it stops', async () => {
    const host = new DocumentHost();
    const key = host.hold(JSON.stringify([1, 2, 3]));
    const opened = [];
    for (let count = 0; count <= MAX_OPEN_DOCUMENTS; count++) opened.push(await host.open(key));
    await expect(host.command(opened[0]!.documentId, { type: 'rows', start: 0, end: 1 })).rejects.toThrow(/closed/);
    expect(await host.command(opened[1]!.documentId, { type: 'rows', start: 0, end: 1 })).toHaveLength(1);

    await host.close();
    // A key of the stopped thread is gone at once (not awaited as if still on its way, which would hang the test).
    await expect(host.open(key)).rejects.toThrow(/no longer kept/);
    const again = host.hold('"a new thread"');
    expect(await host.text(again)).toBe('"a new thread"');
    await host.close();
  });

  it('keeps each text exactly, whichever way it travels: Latin-1 in shared memory, wider or back-to-back ones as messages', async () => {
    const host = new DocumentHost();
    const everyLatin1 = Array.from({ length: 256 }, (_, code) => String.fromCharCode(code)).join('');
    const texts = [everyLatin1.repeat(2_000), `${everyLatin1} again`, `東京 🙂 ${'wide '.repeat(1_000)}`];
    const keys = texts.map((text) => host.hold(text));
    expect(await Promise.all(keys.map((key) => host.text(key)))).toEqual(texts);
    const later = host.hold('after the others, café');
    expect(await host.text(later)).toBe('after the others, café');
    await host.close();
  });

  it('answers at once for a key it never gave out (a page still showing an earlier core process’s results)', async () => {
    const host = new DocumentHost();
    const key = host.hold('[1]');
    const other = new DocumentHost();
    await expect(other.open(key)).rejects.toThrow(/no longer kept/);
    await expect(host.open(key + 1)).rejects.toThrow(/no longer kept/);
    expect((await host.open(key)).info).toMatchObject({ tree: true });
    await host.close();
    await other.close();
  });
});
