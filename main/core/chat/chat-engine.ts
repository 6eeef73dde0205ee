import { randomUUID } from 'node:crypto';
import {
  DEFAULT_CHAT_STEP_LIMIT,
  type ChatContextSource,
  type ChatConversation,
  type ChatCreateParams,
  type ChatEvent,
  type ChatSettings,
  type ChatStatus,
  type ChatSummary,
  type ChatTurn,
} from '../../../shared/chat.js';
import { addTokenUsage, type ModelRef } from '../../../shared/models.js';
import { LoupeError } from '../../../shared/wire.js';
import { readContext, type ContextReaders } from './chat-context.js';
import { runChat, type ChatRunDeps, type NewTurn, type RunTarget } from './chat-run.js';
import { summaryOf, type ChatStore } from './chat-store.js';
import { capTurn } from './turn-cap.js';

/** A conversation has at most this many turns, and this much JSON; past either it is started afresh, or again from an earlier turn. */
export const MAX_TURNS = 2_000;
export const MAX_CONVERSATION_CHARS = 64 * 1024 * 1024;
/** Unsaved, idle conversations kept in memory beyond this many are forgotten, oldest first. */
const MAX_LIVE = 100;
const EXPORT_FORMAT = 'mcp-loupe-chat';

export interface ChatEngineDeps extends ChatRunDeps, ContextReaders {
  store: ChatStore;
  emit(event: ChatEvent): void;
  /** Checks the model's provider exists (a sentence when not). */
  requireProvider(providerId: string): void;
}

interface Live {
  conversation: ChatConversation;
  run?: { controller: AbortController; done: Promise<void> } | undefined;
  /** The turns' JSON length, kept as they are added. */
  chars?: number;
}

function jsonLength(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 60)}…` : line || 'New chat';
}

/**
 * The chat playground's conversations: each runs one message at a time (model steps and tool
 * calls, see chat-run.ts), streams its progress as `chat.event`s, can be stopped, saved,
 * exported, started again from any turn, or run beside another model's (Compare).
 */
export class ChatEngine {
  private readonly live = new Map<string, Live>();

  constructor(private readonly deps: ChatEngineDeps) {}

  create(params: ChatCreateParams, extra: Pick<ChatConversation, 'compareId' | 'restartedFrom'> = {}): ChatConversation {
    this.deps.requireProvider(params.model.providerId);
    const now = Date.now();
    const settings: ChatSettings = {
      model: params.model,
      serverIds: params.serverIds ?? [],
      askBeforeToolCalls: params.askBeforeToolCalls ?? true,
      stepLimit: params.stepLimit ?? DEFAULT_CHAT_STEP_LIMIT,
      ...(params.system !== undefined ? { system: params.system } : {}),
      ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
      ...(params.maxOutputTokens !== undefined ? { maxOutputTokens: params.maxOutputTokens } : {}),
    };
    const conversation: ChatConversation = {
      id: randomUUID(),
      title: params.title ?? 'New chat',
      createdAt: now,
      updatedAt: now,
      settings,
      turns: [],
      usage: {},
      status: 'idle',
      saved: false,
      ...extra,
    };
    this.live.set(conversation.id, { conversation });
    this.forgetOld();
    return conversation;
  }

  async get(id: string): Promise<ChatConversation> {
    return (await this.open(id)).conversation;
  }

  list(): ChatSummary[] {
    const live = [...this.live.values()].map((entry) => summaryOf(entry.conversation));
    const saved = this.deps.store.list().filter((summary) => !this.live.has(summary.id));
    return [...live, ...saved].sort((a, b) => b.updatedAt - a.updatedAt);
  }

  async update(id: string, changes: { [K in keyof ChatSettings]?: ChatSettings[K] | undefined } & { title?: string | undefined }): Promise<ChatConversation> {
    const entry = await this.idle(id);
    const { title, ...settings } = changes;
    if (settings.model) this.deps.requireProvider(settings.model.providerId);
    const defined = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as Partial<ChatSettings>;
    entry.conversation = { ...entry.conversation, ...(title ? { title } : {}), settings: { ...entry.conversation.settings, ...defined }, updatedAt: Date.now() };
    return entry.conversation;
  }

  /** Adds the person's message and starts the model on it; resolves at once (progress comes as events). */
  async send(id: string, text: string): Promise<ChatConversation> {
    const entry = await this.idle(id);
    // Titled after the person's first message (context added by hand may come before it).
    const first = !entry.conversation.turns.some((turn) => turn.type === 'user');
    if (first && entry.conversation.title === 'New chat') entry.conversation.title = titleFrom(text);
    this.append(entry, { type: 'user', text });
    this.start(entry);
    return entry.conversation;
  }

  stop(id: string): void {
    const entry = this.live.get(id);
    if (!entry?.run) throw new LoupeError('This conversation is not running.', 'not-running');
    entry.run.controller.abort();
  }

  /** Reads a resource or gets a prompt through the server's connection and adds it to the context. */
  async addContext(id: string, serverId: string, source: ChatContextSource): Promise<ChatTurn> {
    const entry = await this.idle(id);
    const { content, requestSeq } = await readContext(this.deps, serverId, source);
    return this.append(entry, { type: 'context', serverId, serverName: this.deps.serverName(serverId), source, content, ...(requestSeq !== undefined ? { requestSeq } : {}) });
  }

  async save(id: string): Promise<ChatSummary> {
    const entry = await this.open(id);
    const summary = await this.deps.store.save(entry.conversation);
    entry.conversation = { ...entry.conversation, saved: true };
    return summary;
  }

  async remove(id: string): Promise<void> {
    const entry = this.live.get(id);
    entry?.run?.controller.abort();
    this.live.delete(id);
    if (this.deps.store.has(id)) await this.deps.store.remove(id);
  }

  /** The conversation as a JSON document (its turns, settings and the traffic seqs they link to). */
  async export(id: string): Promise<string> {
    const { conversation } = await this.open(id);
    return `${JSON.stringify({ format: EXPORT_FORMAT, version: 1, exportedAt: new Date().toISOString(), conversation }, null, 2)}\n`;
  }

  /**
   * A new conversation with the turns before `turnIndex`, then: `text` sent, or else the turn at
   * `turnIndex` sent again when it is the person's message, or else the model run from there.
   */
  async restart(id: string, turnIndex: number, text?: string): Promise<ChatConversation> {
    const source = (await this.open(id)).conversation;
    if (turnIndex > source.turns.length) throw new LoupeError(`The conversation has ${source.turns.length} turns; there is no turn ${turnIndex}.`, 'invalid-params');
    const copy = this.create({ ...source.settings, title: `${source.title} (again from turn ${turnIndex + 1})` }, { restartedFrom: { conversationId: id, turnIndex } });
    const entry = this.live.get(copy.id)!;
    for (const turn of source.turns.slice(0, turnIndex)) this.append(entry, turn, false);
    const atTurn = source.turns[turnIndex];
    const again = text ?? (atTurn?.type === 'user' ? (atTurn).text : undefined);
    if (again !== undefined) return this.send(copy.id, again);
    this.start(entry);
    return entry.conversation;
  }

  /** The same message to two models side by side: two conversations, run together. */
  async compare(params: Omit<ChatCreateParams, 'model'>, models: [ModelRef, ModelRef], text: string): Promise<ChatConversation[]> {
    for (const model of models) this.deps.requireProvider(model.providerId);
    const compareId = randomUUID();
    const conversations = models.map((model) => this.create({ ...params, model, title: params.title ?? titleFrom(text) }, { compareId }));
    return Promise.all(conversations.map((conversation) => this.send(conversation.id, text)));
  }

  /** Waits for a conversation's run to end (tests, and the core's shutdown). */
  async settled(id: string): Promise<void> {
    await this.live.get(id)?.run?.done;
  }

  async dispose(): Promise<void> {
    const runs = [...this.live.values()].flatMap((entry) => (entry.run ? [entry.run] : []));
    for (const run of runs) run.controller.abort();
    await Promise.all(runs.map((run) => run.done));
  }

  private async open(id: string): Promise<Live> {
    const known = this.live.get(id);
    if (known) return known;
    if (!this.deps.store.has(id)) throw new LoupeError(`There is no conversation with id "${id.slice(0, 60)}".`, 'unknown-conversation');
    const entry: Live = { conversation: await this.deps.store.load(id) };
    this.live.set(id, entry);
    this.forgetOld();
    return entry;
  }

  private async idle(id: string): Promise<Live> {
    const entry = await this.open(id);
    if (entry.run) throw new LoupeError('The conversation is still running: wait for it, or stop it.', 'running');
    return entry;
  }

  private append(entry: Live, turn: NewTurn, announce = true): ChatTurn {
    const conversation = entry.conversation;
    if (conversation.turns.length >= MAX_TURNS) {
      throw new LoupeError(`This conversation has ${MAX_TURNS} turns, the most Loupe keeps: start a new one, or start again from an earlier turn.`, 'too-long');
    }
    const full = capTurn({ ...turn, index: conversation.turns.length, at: Date.now() });
    const chars = (entry.chars ??= jsonLength(conversation.turns)) + jsonLength(full);
    if (chars > MAX_CONVERSATION_CHARS) {
      throw new LoupeError(`This conversation has grown past ${MAX_CONVERSATION_CHARS / 1024 / 1024} MB, the most Loupe keeps: start a new one, or start again from an earlier turn.`, 'too-long');
    }
    entry.chars = chars;
    conversation.turns.push(full);
    conversation.updatedAt = full.at;
    if (full.type === 'assistant') conversation.usage = addTokenUsage(conversation.usage, full.usage);
    if (announce) this.deps.emit({ conversationId: conversation.id, type: 'turn', turn: full });
    return full;
  }

  private setStatus(entry: Live, status: ChatStatus): void {
    if (entry.conversation.status === status) return;
    entry.conversation.status = status;
    this.deps.emit({ conversationId: entry.conversation.id, type: 'status', status });
  }

  private start(entry: Live): void {
    const controller = new AbortController();
    const id = entry.conversation.id;
    const target: RunTarget = {
      get conversation() {
        return entry.conversation;
      },
      add: (turn) => this.append(entry, turn),
      setStatus: (status) => this.setStatus(entry, status),
      emit: (event) => this.deps.emit(event),
    };
    this.setStatus(entry, 'running');
    const done = runChat(target, this.deps, controller.signal)
      .catch((error: unknown) => ({ reason: 'failed' as const, message: error instanceof Error ? error.message : String(error) }))
      .then(async (outcome) => {
        if (outcome.message && outcome.reason !== 'stopped') {
          try {
            this.append(entry, { type: 'notice', level: outcome.reason === 'failed' ? 'error' : 'warning', text: outcome.message });
          } catch {
            // The conversation is full: the finished event still says why.
          }
        }
        entry.run = undefined;
        this.setStatus(entry, 'idle');
        this.deps.emit({ conversationId: id, type: 'finished', reason: outcome.reason, ...(outcome.message ? { message: outcome.message } : {}), usage: entry.conversation.usage });
        if (entry.conversation.saved) await this.deps.store.save(entry.conversation).catch(() => undefined);
      });
    entry.run = { controller, done };
  }

  private forgetOld(): void {
    if (this.live.size <= MAX_LIVE) return;
    const idle = [...this.live.values()].filter((entry) => !entry.run).sort((a, b) => a.conversation.updatedAt - b.conversation.updatedAt);
    for (const entry of idle) {
      if (this.live.size <= MAX_LIVE) break;
      // Saved ones are read back from disk when asked for; unsaved ones are gone.
      this.live.delete(entry.conversation.id);
    }
  }
}
