import type { AssistantContent, ModelMessage, ToolResultPart } from 'ai';
import { isObject } from '../../../shared/is-object.js';
import type { JsonObject } from '../../../shared/mcp.js';
import { LoupeError } from '../../../shared/wire.js';
import { toolOutput, userPart, type UserPart } from './mcp-content.js';
import type { StepResult, StepTool } from './model-step.js';

/** What a sampling request asks of a model, in the SDK's terms. */
export interface SamplingCall {
  system?: string;
  messages: ModelMessage[];
  maxOutputTokens: number;
  temperature?: number;
  stopSequences?: string[];
  tools?: Record<string, StepTool>;
  toolChoice?: 'auto' | 'required' | 'none';
}

function blocksOf(content: unknown): unknown[] {
  return Array.isArray(content) ? content : [content];
}

function invalid(message: string): LoupeError {
  return new LoupeError(message, 'invalid-content');
}

/** The assistant's turn: text, tool uses, and media as files. */
function assistantContent(blocks: unknown[], where: string, toolNames: Map<string, string>): AssistantContent {
  return blocks.map((block, index) => {
    const at = `${where}.content[${index}]`;
    if (isObject(block) && block.type === 'tool_use') {
      if (typeof block.id !== 'string' || typeof block.name !== 'string') throw invalid(`${at} is a tool_use without an id and a name.`);
      toolNames.set(block.id, block.name);
      return { type: 'tool-call' as const, toolCallId: block.id, toolName: block.name, input: isObject(block.input) ? block.input : {} };
    }
    const part = userPart(block, at);
    if (part.type === 'image') return { type: 'file' as const, data: part.image as Uint8Array, mediaType: part.mediaType ?? 'image/*' };
    return part;
  });
}

/** A user turn may carry tool results (2025-11-25): they become a tool message, the rest a user message after it. */
function userMessages(blocks: unknown[], where: string, toolNames: Map<string, string>, mediaInToolResults: boolean): ModelMessage[] {
  const results: ToolResultPart[] = [];
  const parts: UserPart[] = [];
  blocks.forEach((block, index) => {
    const at = `${where}.content[${index}]`;
    if (isObject(block) && block.type === 'tool_result') {
      if (typeof block.toolUseId !== 'string') throw invalid(`${at} is a tool_result without a toolUseId.`);
      const toolName = toolNames.get(block.toolUseId);
      if (!toolName) throw invalid(`${at} answers the tool use "${block.toolUseId.slice(0, 80)}", which no earlier message made.`);
      results.push({ type: 'tool-result', toolCallId: block.toolUseId, toolName, output: toolOutput(block, mediaInToolResults) });
    } else parts.push(userPart(block, at));
  });
  return [...(results.length > 0 ? [{ role: 'tool' as const, content: results }] : []), ...(parts.length > 0 ? [{ role: 'user' as const, content: parts }] : [])];
}

function samplingTools(value: unknown): Record<string, StepTool> | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const tools: Record<string, StepTool> = {};
  value.forEach((tool, index) => {
    if (!isObject(tool) || typeof tool.name !== 'string' || tool.name === '') throw invalid(`tools[${index}] has no name.`);
    const schema = isObject(tool.inputSchema) ? tool.inputSchema : { type: 'object' };
    tools[tool.name] = { inputSchema: schema, ...(typeof tool.description === 'string' ? { description: tool.description } : {}) };
  });
  return tools;
}

/**
 * A `sampling/createMessage` request's params (2025 or a 2026-07-28 input round: the same shape)
 * as a model call: its messages (text, images and audio as bytes, tool uses and results), system
 * prompt, max tokens, temperature, stop sequences, and tools with the tool choice (2025-11-25).
 * `mediaInToolResults`: the API takes images in tool results (Anthropic's does).
 */
export function samplingCall(params: JsonObject, mediaInToolResults: boolean): SamplingCall {
  if (!Array.isArray(params.messages)) throw invalid('The request has no list of messages.');
  const toolNames = new Map<string, string>();
  const messages: ModelMessage[] = [];
  params.messages.forEach((message, index) => {
    const where = `messages[${index}]`;
    if (!isObject(message)) throw invalid(`${where} is not a message.`);
    const blocks = blocksOf(message.content);
    if (message.role === 'assistant') messages.push({ role: 'assistant', content: assistantContent(blocks, where, toolNames) });
    else messages.push(...userMessages(blocks, where, toolNames, mediaInToolResults));
  });
  const maxTokens = params.maxTokens;
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1) throw invalid('The request\'s maxTokens is not a positive whole number.');
  const call: SamplingCall = { messages, maxOutputTokens: maxTokens };
  if (typeof params.systemPrompt === 'string' && params.systemPrompt !== '') call.system = params.systemPrompt;
  if (typeof params.temperature === 'number') call.temperature = params.temperature;
  if (Array.isArray(params.stopSequences)) call.stopSequences = params.stopSequences.filter((stop): stop is string => typeof stop === 'string');
  const tools = samplingTools(params.tools);
  if (tools) {
    call.tools = tools;
    const mode = isObject(params.toolChoice) ? params.toolChoice.mode : undefined;
    if (mode === 'auto' || mode === 'required' || mode === 'none') call.toolChoice = mode;
  }
  return call;
}

/** The SDK's finish reason as a CreateMessageResult stopReason. */
function stopReason(step: StepResult): string {
  switch (step.finishReason) {
    case 'stop':
      return step.rawFinishReason === 'stop_sequence' ? 'stopSequence' : 'endTurn';
    case 'length':
      return 'maxTokens';
    case 'tool-calls':
      return 'toolUse';
    default:
      return step.rawFinishReason ?? step.finishReason;
  }
}

/**
 * The model's answer as a CreateMessageResult: a text block, or (when it asked for tools) a list
 * with its text and a `tool_use` block per call.
 */
export function samplingResult(step: StepResult): JsonObject {
  const toolUses = step.toolCalls.map((call) => ({ type: 'tool_use', id: call.toolCallId, name: call.toolName, input: isObject(call.input) ? call.input : {} }));
  const text = { type: 'text', text: step.text };
  const content = toolUses.length > 0 ? [...(step.text !== '' ? [text] : []), ...toolUses] : text;
  return { role: 'assistant', content, model: step.modelName, stopReason: stopReason(step) };
}

