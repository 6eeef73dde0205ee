import type { JsonObject } from '../../../../shared/mcp.js';
import { isObject } from '../../../../shared/is-object.js';

/** The three model priorities of `modelPreferences`, each 0…1. */
export const PRIORITIES = [
  { key: 'costPriority', label: 'Cost' },
  { key: 'speedPriority', label: 'Speed' },
  { key: 'intelligencePriority', label: 'Intelligence' },
] as const;

export type PriorityKey = (typeof PRIORITIES)[number]['key'];

export interface PriorityView {
  key: PriorityKey;
  label: string;
  /** A number in 0…1 when the server sent one; otherwise what it sent, shown raw. */
  value?: number;
  raw?: unknown;
}

export interface SamplingMessageView {
  role: string;
  /** Always a list: a single content block is wrapped. */
  blocks: unknown[];
}

export interface SamplingToolView {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
}

/** A sampling request's params, read leniently: servers send odd shapes, nothing here throws. */
export interface SamplingRequestView {
  messages: SamplingMessageView[];
  systemPrompt?: string;
  /** Name → value of the simple parameters the server set (maxTokens, temperature, …). */
  parameters: Array<{ name: string; value: unknown }>;
  stopSequences?: unknown;
  metadata?: unknown;
  hints: string[];
  priorities: PriorityView[];
  /** 2025-11-25: tools the model may call, and how it must choose. */
  tools: SamplingToolView[];
  toolChoice?: unknown;
  /** Params this view does not know, e.g. `task` or `_meta`. */
  other: JsonObject;
}

const KNOWN = new Set([
  'messages',
  'systemPrompt',
  'includeContext',
  'maxTokens',
  'temperature',
  'stopSequences',
  'metadata',
  'modelPreferences',
  'tools',
  'toolChoice',
]);

function messagesOf(value: unknown): SamplingMessageView[] {
  if (!Array.isArray(value)) return [];
  return value.map((message) => {
    if (!isObject(message)) return { role: 'unknown', blocks: [message] };
    const content = message.content;
    return {
      role: typeof message.role === 'string' ? message.role : 'unknown',
      blocks: Array.isArray(content) ? content : content === undefined ? [] : [content],
    };
  });
}

function hintsOf(preferences: JsonObject): string[] {
  if (!Array.isArray(preferences.hints)) return [];
  return preferences.hints.flatMap((hint) => (isObject(hint) && typeof hint.name === 'string' ? [hint.name] : []));
}

function prioritiesOf(preferences: JsonObject): PriorityView[] {
  return PRIORITIES.flatMap(({ key, label }): PriorityView[] => {
    const raw = preferences[key];
    if (raw === undefined) return [];
    if (typeof raw === 'number' && Number.isFinite(raw) && raw >= 0 && raw <= 1) return [{ key, label, value: raw }];
    return [{ key, label, raw }];
  });
}

function toolsOf(value: unknown): SamplingToolView[] {
  if (!Array.isArray(value)) return [];
  return value.map((tool) => {
    if (!isObject(tool)) return { name: String(tool) };
    return {
      name: typeof tool.name === 'string' ? tool.name : '(unnamed tool)',
      ...(typeof tool.title === 'string' ? { title: tool.title } : {}),
      ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
      ...(tool.inputSchema !== undefined ? { inputSchema: tool.inputSchema } : {}),
    };
  });
}

export function readSamplingRequest(request: JsonObject): SamplingRequestView {
  const preferences = isObject(request.modelPreferences) ? request.modelPreferences : {};
  const parameters = (['maxTokens', 'temperature', 'includeContext'] as const)
    .filter((name) => request[name] !== undefined)
    .map((name) => ({ name, value: request[name] }));
  const other: JsonObject = {};
  for (const [key, value] of Object.entries(request)) if (!KNOWN.has(key)) other[key] = value;
  if (request.modelPreferences !== undefined && !isObject(request.modelPreferences)) other.modelPreferences = request.modelPreferences;
  return {
    messages: messagesOf(request.messages),
    ...(typeof request.systemPrompt === 'string' ? { systemPrompt: request.systemPrompt } : {}),
    parameters,
    ...(request.stopSequences !== undefined ? { stopSequences: request.stopSequences } : {}),
    ...(request.metadata !== undefined ? { metadata: request.metadata } : {}),
    hints: hintsOf(preferences),
    priorities: prioritiesOf(preferences),
    tools: toolsOf(request.tools),
    ...(request.toolChoice !== undefined ? { toolChoice: request.toolChoice } : {}),
    other,
  };
}

/** A parameter value as short text: strings as they are, anything else as JSON. */
export function parameterText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
