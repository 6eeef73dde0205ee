import type { RequestHandlers } from '../../../shared/contract.js';
import type { ToolCallQueue } from '../approvals/tool-call-queue.js';
import type { ChatEngine } from '../chat/chat-engine.js';

type ChatHandlers = Pick<
  RequestHandlers,
  | 'chat.create'
  | 'chat.update'
  | 'chat.send'
  | 'chat.stop'
  | 'chat.addContext'
  | 'chat.get'
  | 'chat.list'
  | 'chat.save'
  | 'chat.remove'
  | 'chat.export'
  | 'chat.restart'
  | 'chat.compare'
  | 'approvals.toolCalls.list'
  | 'approvals.toolCalls.decide'
>;

export function chatHandlers(engine: ChatEngine, toolCalls: ToolCallQueue): ChatHandlers {
  return {
    'chat.create': async (params) => engine.create(params),
    'chat.update': async ({ conversationId, ...changes }) => engine.update(conversationId, changes),
    'chat.send': async (params) => engine.send(params.conversationId, params.text),
    'chat.stop': async (params) => engine.stop(params.conversationId),
    'chat.addContext': async (params) => engine.addContext(params.conversationId, params.serverId, params.source),
    'chat.get': async (params) => engine.get(params.conversationId),
    'chat.list': async () => engine.list(),
    'chat.save': async (params) => engine.save(params.conversationId),
    'chat.remove': async (params) => engine.remove(params.conversationId),
    'chat.export': async (params) => engine.export(params.conversationId),
    'chat.restart': async (params) => engine.restart(params.conversationId, params.turnIndex, params.text),
    'chat.compare': async ({ models, text, ...settings }) => engine.compare(settings, models, text),
    'approvals.toolCalls.list': async () => toolCalls.list(),
    'approvals.toolCalls.decide': async (params) => toolCalls.decide(params.id, params.decision),
  };
}
