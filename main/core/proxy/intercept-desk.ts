/**
 * The core's side of intercept: the rules (handed to every live proxy, which pauses matching
 * messages itself, on its byte path), the messages paused now and lately decided, and the
 * person's decisions, passed back to the proxy that holds the message.
 */
import { randomUUID } from 'node:crypto';
import type { InterceptDecision, InterceptRule, PausedMessage } from '../../../shared/proxy.js';
import { LoupeError } from '../../../shared/wire.js';
import { ruleProblems } from './intercept-rules.js';
import type { CoreToProxy } from './link-messages.js';

/** Decided messages kept for the desk's history. */
const MAX_DECIDED = 200;
/** Paused messages at once, across sessions: more are released by the proxy's own timeout anyway. */
const MAX_PAUSED = 1000;

export interface InterceptDeskOptions {
  emit(message: PausedMessage): void;
  /** Sends a message to one live proxy; false when it is gone. */
  send(sessionId: string, message: CoreToProxy): boolean;
  /** Sends a message to every live proxy. */
  broadcast(message: CoreToProxy): void;
}

const DECIDED_STATUS = { forward: 'forwarded', edit: 'edited', answer: 'answered', drop: 'dropped' } as const;

export class InterceptDesk {
  private rules: InterceptRule[] = [];
  /** Paused and decided messages by id, oldest first. */
  private readonly messages = new Map<string, PausedMessage & { proxyId: string }>();

  constructor(private readonly options: InterceptDeskOptions) {}

  listRules(): InterceptRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** Replaces the rules (ids are given to new ones); every live proxy gets them at once. */
  setRules(rules: ReadonlyArray<Omit<InterceptRule, 'id'> & { id?: string | undefined }>): InterceptRule[] {
    const withIds = rules.map((rule) => ({ ...rule, id: rule.id ?? randomUUID() }));
    const problems = ruleProblems(withIds);
    if (problems.length > 0) throw new LoupeError(problems.join(' '), 'invalid-params');
    this.rules = withIds;
    this.options.broadcast({ t: 'rules', rules: this.listRules() });
    return this.listRules();
  }

  list(): PausedMessage[] {
    return [...this.messages.values()].map(({ proxyId: _proxyId, ...message }) => message);
  }

  /** A proxy paused a message. */
  paused(sessionId: string, serverId: string, pause: { id: string; direction: PausedMessage['direction']; ruleId: string; deadline: number; method?: string }, text: string): void {
    if ([...this.messages.values()].filter((message) => message.status === 'paused').length >= MAX_PAUSED) {
      this.options.send(sessionId, { t: 'decide', id: pause.id, decision: { action: 'forward' } });
      return;
    }
    const message: PausedMessage & { proxyId: string } = {
      id: `${sessionId}:${pause.id}`,
      proxyId: pause.id,
      sessionId,
      serverId,
      direction: pause.direction,
      text,
      ...(pause.method !== undefined ? { method: pause.method } : {}),
      ruleId: pause.ruleId,
      pausedAt: Date.now(),
      deadline: pause.deadline,
      status: 'paused',
    };
    this.messages.set(message.id, message);
    this.trim();
    this.changed(message);
  }

  /** A proxy let a paused message go by itself (timeout, ending). */
  released(sessionId: string, proxyId: string, status: 'timed-out' | 'released'): void {
    const message = this.messages.get(`${sessionId}:${proxyId}`);
    if (!message || message.status !== 'paused') return;
    message.status = status;
    this.changed(message);
  }

  /** The session's proxy is gone: its paused messages went on without a decision (the proxy fails open). */
  sessionGone(sessionId: string): void {
    for (const message of this.messages.values()) {
      if (message.sessionId === sessionId && message.status === 'paused') {
        message.status = 'released';
        this.changed(message);
      }
    }
  }

  decide(id: string, decision: InterceptDecision): PausedMessage {
    const message = this.messages.get(id);
    if (!message) throw new LoupeError('There is no such paused message (it may have been let go already).', 'not-found');
    if (message.status !== 'paused') throw new LoupeError(`This message was already ${message.status}.`, 'invalid');
    if (decision.action === 'answer' && message.direction !== 'out') throw new LoupeError('Only a message from the client can be answered; forward, edit or drop this one.', 'invalid-params');
    if ((decision.action === 'edit' || decision.action === 'answer') && /[\r\n]/.test(decision.text)) {
      throw new LoupeError('The text must be one line: stdio carries one message per line.', 'invalid-params');
    }
    if (!this.options.send(message.sessionId, { t: 'decide', id: message.proxyId, decision })) {
      throw new LoupeError('The proxy holding this message has gone; the message went on without a decision.', 'not-connected');
    }
    message.status = DECIDED_STATUS[decision.action];
    if (decision.action === 'edit' || decision.action === 'answer') message.sentText = decision.text;
    this.changed(message);
    const { proxyId: _proxyId, ...shown } = message;
    return shown;
  }

  private changed(message: PausedMessage & { proxyId: string }): void {
    const { proxyId: _proxyId, ...shown } = message;
    this.options.emit(shown);
  }

  private trim(): void {
    let decided = [...this.messages.values()].filter((message) => message.status !== 'paused').length;
    for (const [id, message] of this.messages) {
      if (decided <= MAX_DECIDED) return;
      if (message.status === 'paused') continue;
      this.messages.delete(id);
      decided--;
    }
  }
}
