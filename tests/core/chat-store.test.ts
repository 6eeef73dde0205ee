import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatConversation } from '../../shared/chat.js';
import type { Notice } from '../../shared/contract.js';
import { ChatStore } from '../../main/core/chat/chat-store.js';

function conversation(id: string): ChatConversation {
  return {
    id,
    title: 'Saved chat',
    createdAt: 1,
    updatedAt: 2,
    settings: { model: { providerId: 'p', modelId: 'm' }, serverIds: [], askBeforeToolCalls: true, stepLimit: 10 },
    turns: [{ type: 'user', index: 0, at: 1, text: 'hello' }],
    usage: { totalTokens: 3 },
    status: 'running',
    saved: false,
  };
}

describe('saved chats', () => {
  it('are read back after a restart, idle and marked saved; removed ones are gone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-chats-'));
    const id = '0b9a5f0e-4f3c-4d9a-9d55-0a1c2b3c4d5e';
    const store = await ChatStore.open(dataDir, () => {});
    expect(await store.save(conversation(id))).toMatchObject({ id, title: 'Saved chat', turns: 1, saved: true, status: 'idle' });

    const reopened = await ChatStore.open(dataDir, () => {});
    expect(reopened.list().map((summary) => summary.id)).toEqual([id]);
    expect(await reopened.load(id)).toEqual({ ...conversation(id), status: 'idle', saved: true });
    await reopened.remove(id);
    expect(reopened.list()).toEqual([]);
    expect((await ChatStore.open(dataDir, () => {})).list()).toEqual([]);
  });

  it('never turns a conversation id into a path, and says which file cannot be read', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-chats-'));
    const store = await ChatStore.open(dataDir, () => {});
    await expect(store.load('../../etc/passwd')).rejects.toThrow('"../../etc/passwd" is not a conversation id.');
    const id = '1b9a5f0e-4f3c-4d9a-9d55-0a1c2b3c4d5e';
    await store.save(conversation(id));
    writeFileSync(join(dataDir, 'chats', `${id}.json`), '{ half');
    await expect(store.load(id)).rejects.toThrow(new RegExp(`^The saved conversation .*${id}\\.json is not valid JSON`));
  });

  it('a corrupt index is moved aside with a notice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-chats-'));
    await ChatStore.open(dataDir, () => {});
    writeFileSync(join(dataDir, 'chats', 'index.json'), 'nope');
    const notices: Notice[] = [];
    const store = await ChatStore.open(dataDir, (notice) => notices.push(notice));
    expect(store.list()).toEqual([]);
    expect(notices[0]?.message).toMatch(/^The saved chats index .*index\.json was not loaded because it is not valid JSON/);
  });
});
