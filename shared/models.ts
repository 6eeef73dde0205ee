/**
 * Model providers (OpenAI, Anthropic, any OpenAI-compatible server such as Ollama or LM Studio),
 * the rules that pick a model for a sampling request, and drafts: a model's answer to a pending
 * sampling request, streamed to the window for a person to edit and approve.
 */
import type { JsonObject } from './mcp.js';

export type ModelProviderKind = 'openai' | 'anthropic' | 'openai-compatible';
export const MODEL_PROVIDER_KINDS: readonly ModelProviderKind[] = ['openai', 'anthropic', 'openai-compatible'];

/** Where each kind's API is when the provider gives no base URL (an OpenAI-compatible one must give one). */
export const DEFAULT_BASE_URLS: Readonly<Record<Exclude<ModelProviderKind, 'openai-compatible'>, string>> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
};

/** What every model feature says while no provider is set up (the core's, and the window's). */
export const NO_PROVIDER_SENTENCE = 'No model provider is set up: add one in Models settings (OpenAI, Anthropic, or an OpenAI-compatible server such as Ollama or LM Studio).';

/** A provider as the window sees it: its key stays in the core's secret store. */
export interface ModelProvider {
  id: string;
  name: string;
  kind: ModelProviderKind;
  /** The API's base URL (e.g. `http://localhost:11434/v1` for Ollama); absent means the vendor's own. */
  baseUrl?: string;
  /** A key is stored for it (in the OS keychain, or Loupe's private secrets file). */
  hasKey: boolean;
  /** The model used when a request names none and no rule picks one. */
  defaultModel?: string;
}

/** What the user edits. */
export interface ModelProviderInput {
  name: string;
  kind: ModelProviderKind;
  baseUrl?: string | undefined;
  defaultModel?: string | undefined;
  /** A new key; `null` removes the stored one; absent keeps it. */
  apiKey?: string | null | undefined;
}

/** One model of one provider. */
export interface ModelRef {
  providerId: string;
  modelId: string;
}

export interface ModelInfo {
  id: string;
  /** A display name, when the provider gives one. */
  name?: string;
}

export interface ModelList {
  providerId: string;
  models: ModelInfo[];
  fetchedAt: number;
}

/** The answer to "test the connection": one sentence, and what it found. */
export interface ModelConnectionTest {
  ok: boolean;
  message: string;
  /** How many models the provider lists, when it listed them. */
  models?: number;
  durationMs: number;
}

export type ModelPriorityName = 'cost' | 'speed' | 'intelligence';

/**
 * One rule that turns a sampling request's `modelPreferences` into a model. A rule has a hint or
 * a priority condition: a hint rule matches a hint whose name contains its text (case-insensitive,
 * as the spec describes hints); a priority rule matches when the request's priority is at least
 * its value.
 */
export interface ModelPreferenceRule {
  id: string;
  hint?: string;
  priority?: { name: ModelPriorityName; atLeast: number };
  use: ModelRef;
}

/**
 * The rules, in order. Hints are tried in the request's order (its first hint first), each
 * against the hint rules in order; then the priority rules; then `defaultModel`; then the first
 * provider's default model.
 */
export interface ModelPreferences {
  rules: ModelPreferenceRule[];
  defaultModel?: ModelRef;
}

/** The model chosen for a request, and why, in one sentence. */
export interface ModelChoice {
  model: ModelRef;
  why: string;
}

/** Tokens as the provider counted them (a provider that reports none leaves them out). */
export interface TokenUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

/** A conversation's usage with one more step's: the one sum the core keeps and the window shows while a run goes on. */
export function addTokenUsage(total: TokenUsage, step: TokenUsage): TokenUsage {
  const sum = (a?: number, b?: number) => (a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0));
  const next: TokenUsage = {};
  const input = sum(total.inputTokens, step.inputTokens);
  const output = sum(total.outputTokens, step.outputTokens);
  const all = sum(total.totalTokens, step.totalTokens);
  if (input !== undefined) next.inputTokens = input;
  if (output !== undefined) next.outputTokens = output;
  if (all !== undefined) next.totalTokens = all;
  return next;
}

/**
 * Marks a traffic entry as a model provider's HTTP exchange. Such entries also carry the pseudo
 * server id `model:<providerId>` (see `modelTrafficServerId`), so the log's server filter and
 * column tell them apart from MCP servers' traffic.
 */
export interface ModelTrafficTag {
  providerId: string;
  providerName: string;
  modelId?: string;
  /** What the exchange was for. */
  purpose: 'draft' | 'auto-reply' | 'chat' | 'test' | 'list-models';
  /** The sampling approval a draft or auto-reply answers. */
  approvalId?: string;
  /** The chat conversation a chat step belongs to. */
  conversationId?: string;
}

export const MODEL_TRAFFIC_PREFIX = 'model:';

/** The pseudo server id of a provider's traffic entries. */
export function modelTrafficServerId(providerId: string): string {
  return `${MODEL_TRAFFIC_PREFIX}${providerId}`;
}

/** What `models.draft` answered: the draft runs on, and its `models.draft` events follow. */
export interface DraftStarted {
  draftId: string;
  approvalId: string;
  model: ModelRef;
  providerName: string;
  /** How the model was chosen, in one sentence (the person's pick, a rule, a default). */
  why: string;
}

interface DraftEventBase {
  draftId: string;
  approvalId: string;
}

/** A draft's progress, streamed to the window as `models.draft` events. */
export type DraftEvent =
  /** More text of the reply (deltas arriving together are sent as one). */
  | (DraftEventBase & { type: 'delta'; text: string })
  /**
   * The draft is ready: `result` is a CreateMessageResult to edit and approve; `modelName` is the
   * model as the provider named it, `trafficSeqs` the exchange's `http` entries.
   */
  | (DraftEventBase & { type: 'done'; result: JsonObject; modelName: string; usage: TokenUsage; durationMs: number; trafficSeqs: number[]; warnings: string[] })
  /** The model could not draft: one sentence; the text that arrived before the failure is kept. */
  | (DraftEventBase & { type: 'failed'; message: string; partialText: string; trafficSeqs: number[] })
  /** Stopped by the person (`models.draftStop`) or because the request left the queue. */
  | (DraftEventBase & { type: 'stopped'; partialText: string });

/** Auto-reply rules that answer with a model, this many tokens per session unless the rule says otherwise. */
export const DEFAULT_RULE_TOKEN_CAP = 20_000;

/** A rule's model: a fixed one, or (without `model`) the one the preference rules choose. */
export interface AutoReplyModel {
  model?: ModelRef;
  /**
   * The most tokens (input and output, as the provider counts them) the rule may spend in one
   * Loupe session. Each reply's output is capped at what is left, so it is never passed by more
   * than one reply's input.
   */
  tokenCapPerSession: number;
}

/** What an auto-reply rule has spent with a model in this session (since the core started), for the window to show beside it. */
export interface RuleSpend {
  ruleId: string;
  /** Tokens spent (input and output, as the provider counted them), with what replies still running may yet write. */
  spentTokens: number;
  /** Of `spentTokens`, the output allowance of replies still running (settled to their real cost when they end). */
  reservedTokens: number;
  /** Sampling requests the rule left to the person because its cap was spent. */
  heldBack: number;
}
