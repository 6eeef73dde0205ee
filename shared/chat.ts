/**
 * The chat playground's conversations: a model, the connected servers whose tools it may call
 * (each call goes through Loupe's connection, so it is in the traffic log), and the turns.
 */
import type { JsonObject } from './mcp.js';
import type { ModelRef, TokenUsage } from './models.js';

export const DEFAULT_CHAT_STEP_LIMIT = 10;
export const MAX_CHAT_STEP_LIMIT = 100;
/**
 * The most text one turn keeps (a model's answer, a notice; a person's message is refused past the
 * same length). More than any model writes in one step (1 M characters are about 250 K tokens), and
 * small enough that a conversation of many such turns stays within the 64 MB a conversation keeps
 * and a window shows it at once. The rest is dropped and counted (`textNotKept`).
 */
export const MAX_TURN_TEXT_CHARS = 1_000_000;

export interface ChatSettings {
  model: ModelRef;
  /** The servers whose tools the model sees (they must be connected when a message is sent). */
  serverIds: string[];
  system?: string | undefined;
  /** Each tool call waits in Approvals until the person approves, edits or refuses it. On unless turned off. */
  askBeforeToolCalls: boolean;
  /** The most model steps one message may take (each tool round is a step); a looping model stops there. */
  stepLimit: number;
  temperature?: number | undefined;
  maxOutputTokens?: number | undefined;
}

/** What `chat.create` takes: settings left out take their defaults. */
export interface ChatCreateParams {
  title?: string | undefined;
  model: ModelRef;
  serverIds?: string[] | undefined;
  system?: string | undefined;
  askBeforeToolCalls?: boolean | undefined;
  stepLimit?: number | undefined;
  temperature?: number | undefined;
  maxOutputTokens?: number | undefined;
}

interface TurnBase {
  /** Its place in the conversation, from 0. */
  index: number;
  at: number;
  /** Its text was longer than MAX_TURN_TEXT_CHARS: this many characters more were not kept. */
  textNotKept?: number;
}

export interface ChatUserTurn extends TurnBase {
  type: 'user';
  text: string;
}

/** A resource or a prompt the person added to the context by hand (read through the server's connection). */
export interface ChatContextTurn extends TurnBase {
  type: 'context';
  serverId: string;
  serverName: string;
  source: { kind: 'resource'; uri: string } | { kind: 'prompt'; name: string; arguments: Record<string, string> };
  /** What the model is given: MCP content blocks (the resource's contents or the prompt's messages, as text and images). */
  content: JsonObject[];
  /** The request in the traffic log. */
  requestSeq?: number;
}

export interface ChatToolCall {
  toolCallId: string;
  serverId: string;
  /** The tool's name on its server. */
  tool: string;
  /** The name the model used (server tools are offered under names a model accepts). */
  modelToolName: string;
  /** As the model sent them: an object, or its text when it was not JSON. */
  arguments: unknown;
}

/** One model step: its text and the tools it asked for. */
export interface ChatAssistantTurn extends TurnBase {
  type: 'assistant';
  step: number;
  model: ModelRef;
  /** The model as the provider named it in its answer. */
  modelName?: string;
  text: string;
  toolCalls: ChatToolCall[];
  usage: TokenUsage;
  /** How long the step took, from sending to the last byte. */
  durationMs: number;
  finishReason: string;
  /** The `http` traffic entries of the step's exchange with the provider. */
  trafficSeqs: number[];
  /** The step failed; what arrived before the failure is in `text`. */
  failure?: string;
  /** What the SDK could not pass on to this model (a setting it does not take), one sentence each. */
  warnings?: string[];
}

export type ChatToolStatus =
  /** Sent; the server answered (`result`, which may have `isError`). */
  | 'done'
  /** Sent; the request failed (`failure`). */
  | 'failed'
  /** The person refused it. */
  | 'refused'
  /** Not sent: stopped, or the server is not connected (`failure`). */
  | 'not-sent';

export interface ChatToolTurn extends TurnBase {
  type: 'tool';
  toolCallId: string;
  serverId: string;
  tool: string;
  /** The arguments sent (after the person's edit), or proposed when not sent. */
  arguments: unknown;
  status: ChatToolStatus;
  /** The CallToolResult as the server sent it (bounded; `resultClipped` says when it was cut). */
  result?: unknown;
  resultClipped?: boolean;
  failure?: string;
  /** The `tools/call` request in the traffic log. */
  requestSeq?: number;
  durationMs?: number;
  /** The tool has an MCP App: the window renders it inline for this result (`apps.open` on the uri). */
  app?: { resourceUri: string };
  /** The tool-call approval it waited for. */
  approvalId?: string;
  edited?: boolean;
}

/** Something about the run in one sentence: the step limit, a failure, a stop. */
export interface ChatNoticeTurn extends TurnBase {
  type: 'notice';
  level: 'info' | 'warning' | 'error';
  text: string;
}

export type ChatTurn = ChatUserTurn | ChatContextTurn | ChatAssistantTurn | ChatToolTurn | ChatNoticeTurn;

export type ChatStatus = 'idle' | 'running' | 'waiting-for-approval';

export interface ChatConversation {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  settings: ChatSettings;
  turns: ChatTurn[];
  /** Every step's tokens added up. */
  usage: TokenUsage;
  status: ChatStatus;
  /** Saved in the data folder (it survives a restart). */
  saved: boolean;
  /** Set on the two conversations of one Compare. */
  compareId?: string;
  /** Started again from a turn of another conversation. */
  restartedFrom?: { conversationId: string; turnIndex: number };
}

export interface ChatSummary {
  id: string;
  title: string;
  updatedAt: number;
  model: ModelRef;
  turns: number;
  status: ChatStatus;
  saved: boolean;
  compareId?: string;
}

export type ChatFinish =
  /** The model answered without asking for more tools. */
  | 'answered'
  | 'stopped'
  | 'step-limit'
  | 'failed';

/** A conversation's progress, as `chat.event` events. */
export type ChatEvent =
  | { conversationId: string; type: 'status'; status: ChatStatus }
  | { conversationId: string; type: 'step-start'; step: number; model: ModelRef; at: number }
  /** More of the step's text (deltas arriving together are sent as one). */
  | { conversationId: string; type: 'text-delta'; step: number; text: string }
  /** A turn was added (or, for the same index, completed). */
  | { conversationId: string; type: 'turn'; turn: ChatTurn }
  /** The run ended: why, with one sentence for anything but an answer, and the conversation's tokens so far. */
  | { conversationId: string; type: 'finished'; reason: ChatFinish; message?: string; usage: TokenUsage };

/** Context added by hand: a resource of a server, or one of its prompts with arguments. */
export type ChatContextSource = { kind: 'resource'; uri: string } | { kind: 'prompt'; name: string; arguments: Record<string, string> };
