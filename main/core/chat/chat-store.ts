import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatConversation, ChatSummary } from '../../../shared/chat.js';
import type { Notice } from '../../../shared/contract.js';
import { isObject } from '../../../shared/is-object.js';
import { LoupeError } from '../../../shared/wire.js';
import { writeFileAtomic } from '../base/atomic-write.js';
import { StateFile } from '../config/state-file.js';
import { capTurn } from './turn-cap.js';

export const CHATS_FOLDER = 'chats';
const INDEX_FILE = 'index.json';
const FILE_VERSION = 1;
/** A saved conversation larger than this is not read back (a conversation is kept within 64 MB of JSON). */
const MAX_FILE_BYTES = 96 * 1024 * 1024;
const MAX_SAVED = 1_000;
/** Conversation ids are Loupe's own UUIDs; anything else never becomes a file name. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function summaryOf(conversation: ChatConversation): ChatSummary {
  return {
    id: conversation.id,
    title: conversation.title,
    updatedAt: conversation.updatedAt,
    model: conversation.settings.model,
    turns: conversation.turns.length,
    status: conversation.status,
    saved: conversation.saved,
    ...(conversation.compareId ? { compareId: conversation.compareId } : {}),
  };
}

function parseIndex(value: unknown): ChatSummary[] {
  if (!isObject(value) || !Array.isArray(value.conversations)) throw new Error('it has no "conversations" list');
  return value.conversations.filter((item): item is ChatSummary => isObject(item) && typeof item.id === 'string' && ID_PATTERN.test(item.id)).slice(0, MAX_SAVED);
}

function fileName(id: string): string {
  if (!ID_PATTERN.test(id)) throw new LoupeError(`"${id.slice(0, 60)}" is not a conversation id.`, 'invalid-params');
  return `${id}.json`;
}

/** Saved chat conversations: one JSON file each in `chats/` of the data folder, and an index of them. */
export class ChatStore {
  private constructor(
    private readonly folder: string,
    private readonly index: StateFile<ChatSummary[]>,
  ) {}

  static async open(dataDir: string, onNotice: (notice: Notice) => void): Promise<ChatStore> {
    const folder = join(dataDir, CHATS_FOLDER);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const index = await StateFile.open<ChatSummary[]>(
      {
        path: join(folder, INDEX_FILE),
        what: 'The saved chats index',
        empty: [],
        parse: parseIndex,
        serialize: (conversations) => `${JSON.stringify({ version: FILE_VERSION, conversations }, null, 2)}\n`,
      },
      onNotice,
    );
    return new ChatStore(folder, index);
  }

  list(): ChatSummary[] {
    return this.index.state;
  }

  has(id: string): boolean {
    return this.index.state.some((summary) => summary.id === id);
  }

  async save(conversation: ChatConversation): Promise<ChatSummary> {
    const summary = summaryOf({ ...conversation, status: 'idle', saved: true });
    if (!this.has(conversation.id) && this.index.state.length >= MAX_SAVED) {
      throw new LoupeError(`${MAX_SAVED} conversations are saved already: remove some first.`, 'too-many');
    }
    await writeFileAtomic(join(this.folder, fileName(conversation.id)), JSON.stringify({ version: FILE_VERSION, conversation: { ...conversation, status: 'idle', saved: true } }));
    return this.index.change((summaries) => ({ state: [...summaries.filter((item) => item.id !== summary.id), summary], value: summary }));
  }

  async load(id: string): Promise<ChatConversation> {
    const path = join(this.folder, fileName(id));
    let text: string;
    try {
      if ((await stat(path)).size > MAX_FILE_BYTES) throw new LoupeError(`The saved conversation ${path} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB, so Loupe does not open it.`, 'too-large');
      text = await readFile(path, 'utf8');
    } catch (error) {
      if (error instanceof LoupeError) throw error;
      throw new LoupeError(`The saved conversation ${path} could not be read: ${error instanceof Error ? error.message : String(error)}.`, 'unreadable');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new LoupeError(`The saved conversation ${path} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`, 'unreadable');
    }
    const conversation = isObject(parsed) ? parsed.conversation : undefined;
    if (!isObject(conversation) || conversation.id !== id || !Array.isArray(conversation.turns) || !isObject(conversation.settings)) {
      throw new LoupeError(`The saved conversation ${path} is not a conversation Loupe wrote.`, 'unreadable');
    }
    // A file written by an older version (or by hand) may hold more than a turn keeps now.
    const saved = conversation as unknown as ChatConversation;
    return { ...saved, turns: saved.turns.map((turn) => (isObject(turn) ? capTurn(turn) : turn)) };
  }

  async remove(id: string): Promise<void> {
    await rm(join(this.folder, fileName(id)), { force: true });
    await this.index.change((summaries) => ({ state: summaries.filter((item) => item.id !== id), value: undefined }));
  }
}
