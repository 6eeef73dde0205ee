import type { ModelMessage, ToolSet } from 'ai';
import type { JsonObject } from '../../../shared/mcp.js';
import type { TokenUsage } from '../../../shared/models.js';
import { cutLength } from '../../../shared/text-cut.js';
import { describeModelFailure, endedEarly, StepFailure } from './model-failure.js';
import type { ModelSession } from './model-client.js';

/** A tool the model may call in this step: its description and input schema, as the server gave them. */
export interface StepTool {
  description?: string | undefined;
  inputSchema: JsonObject;
}

export interface StepRequest {
  session: ModelSession;
  modelId: string;
  system?: string | undefined;
  messages: ModelMessage[];
  tools?: Record<string, StepTool> | undefined;
  toolChoice?: 'auto' | 'required' | 'none' | undefined;
  maxOutputTokens?: number | undefined;
  temperature?: number | undefined;
  stopSequences?: string[] | undefined;
  signal: AbortSignal;
  /** Each piece of text as it streams in (within `maxTextChars`). */
  onText: (delta: string) => void;
  /** The most text kept (and passed to `onText`); the rest of the stream is read and counted, not kept. */
  maxTextChars?: number | undefined;
}

export interface StepToolCall {
  toolCallId: string;
  toolName: string;
  /** Parsed JSON, or the model's text when it was not JSON. */
  input: unknown;
  /** Set when the model's arguments could not be read as JSON (or named no tool offered), in one sentence. */
  invalid?: string;
}

export interface StepResult {
  text: string;
  /** Characters of text past `maxTextChars`, read but not kept. */
  textNotKept: number;
  toolCalls: StepToolCall[];
  /** The AI SDK's finish reason: stop, length, tool-calls, content-filter, error, other. */
  finishReason: string;
  /** As the provider said it (e.g. `end_turn`, `stop_sequence`), when it did. */
  rawFinishReason?: string;
  usage: TokenUsage;
  /** The model as the provider named it in its answer. */
  modelName: string;
  durationMs: number;
  /** What the SDK said it could not pass on (e.g. a setting the model does not take), one sentence each. */
  warnings: string[];
}

interface SdkUsage {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  totalTokens?: number | undefined;
}

function tokenUsage(usage: SdkUsage | undefined): TokenUsage {
  if (!usage) return {};
  return {
    ...(usage.inputTokens !== undefined ? { inputTokens: usage.inputTokens } : {}),
    ...(usage.outputTokens !== undefined ? { outputTokens: usage.outputTokens } : {}),
    ...(usage.totalTokens !== undefined
      ? { totalTokens: usage.totalTokens }
      : usage.inputTokens !== undefined && usage.outputTokens !== undefined
        ? { totalTokens: usage.inputTokens + usage.outputTokens }
        : {}),
  };
}

interface SdkWarning {
  type: string;
  feature?: string;
  details?: string;
  message?: string;
}

function warningText(warning: SdkWarning): string {
  if (warning.type === 'other') return warning.message ?? 'A warning without a message.';
  const what = warning.type === 'unsupported' ? 'is not supported by this model' : 'is used in a compatibility mode';
  return `${warning.feature ?? 'A setting'} ${what}${warning.details ? `: ${warning.details}` : '.'}`;
}

/** The SDK prints its warnings to the console unless told not to; Loupe shows them with the step instead. */
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

function invalidReason(error: unknown, input: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'AI_NoSuchToolError') return 'The model asked for a tool it was not offered.';
  return typeof input === 'string' ? 'The model\'s arguments are not valid JSON.' : 'The model\'s arguments could not be read.';
}

/** A streamed text kept up to `max` characters; what comes after is counted only. */
class KeptText {
  private pieces: string[] = [];
  private length = 0;
  notKept = 0;

  constructor(private readonly max: number) {}

  /** Keeps what fits of the piece and returns it; once a piece is cut, nothing more is kept. */
  add(piece: string): string {
    if (this.notKept > 0) {
      this.notKept += piece.length;
      return '';
    }
    const end = cutLength(piece, this.max - this.length);
    const fits = end === piece.length ? piece : piece.slice(0, end);
    this.notKept = piece.length - fits.length;
    if (fits !== '') {
      this.pieces.push(fits);
      this.length += fits.length;
    }
    return fits;
  }

  get text(): string {
    if (this.pieces.length > 1) this.pieces = [this.pieces.join('')];
    return this.pieces[0] ?? '';
  }
}

/**
 * Runs one model step, streaming: the text as it comes, the tools it asks for (never run by the
 * SDK: each goes back to the caller), the tokens used. Retries are left to the person. Any
 * failure is a StepFailure with one sentence and the text that arrived before it.
 */
export async function runModelStep(request: StepRequest): Promise<StepResult> {
  const { streamText, jsonSchema, tool } = await import('ai');
  const { session, modelId } = request;
  const started = performance.now();
  const model = await session.languageModel(modelId).catch((error: unknown) => {
    throw new StepFailure(describeModelFailure(error, session.failureContext(modelId)), '', session.trafficSeqs);
  });
  const tools = request.tools
    ? (Object.fromEntries(
        Object.entries(request.tools).map(([name, spec]) => [name, tool({ ...(spec.description ? { description: spec.description } : {}), inputSchema: jsonSchema(spec.inputSchema) })]),
      ) as ToolSet)
    : undefined;
  const kept = new KeptText(request.maxTextChars ?? Infinity);
  const warnings: string[] = [];
  let failure: unknown;
  let aborted = false;
  const toolCalls: StepToolCall[] = [];
  let finish: { reason: string; raw?: string | undefined; usage: TokenUsage; modelName: string } | undefined;
  try {
    const result = streamText({
      model,
      messages: request.messages,
      ...(request.system ? { system: request.system } : {}),
      ...(tools ? { tools } : {}),
      ...(request.toolChoice ? { toolChoice: request.toolChoice } : {}),
      ...(request.maxOutputTokens !== undefined ? { maxOutputTokens: request.maxOutputTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.stopSequences?.length ? { stopSequences: request.stopSequences } : {}),
      maxRetries: 0,
      abortSignal: request.signal,
      // Content reaches the model as bytes; nothing in a conversation makes Loupe fetch a URL.
      experimental_download: (wanted) => (wanted.length === 0 ? Promise.resolve([]) : Promise.reject(new Error('Loupe does not download URLs for a model.'))),
      // Failures come through the stream as parts; the SDK would also print them.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'text-delta': {
          const piece = kept.add(part.text);
          if (piece !== '') request.onText(piece);
          break;
        }
        case 'tool-call': {
          const invalid = (part as { invalid?: boolean; error?: unknown }).invalid ? invalidReason((part as { error?: unknown }).error, part.input) : undefined;
          toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, ...(invalid ? { invalid } : {}) });
          break;
        }
        case 'start-step':
          warnings.push(...(part.warnings as SdkWarning[]).map(warningText));
          break;
        case 'finish-step':
          finish = { reason: part.finishReason, raw: part.rawFinishReason, usage: tokenUsage(part.usage), modelName: part.response.modelId || modelId };
          break;
        case 'error':
          failure ??= part.error;
          break;
        case 'abort':
          aborted = true;
          break;
        default:
          break;
      }
    }
  } catch (error) {
    failure ??= error;
  }
  const { text, notKept } = kept;
  if (aborted || request.signal.aborted) throw new StepFailure('Stopped.', text, session.trafficSeqs, notKept);
  if (failure !== undefined) throw new StepFailure(describeModelFailure(failure, session.failureContext(modelId)), text, session.trafficSeqs, notKept);
  if (!finish || (finish.reason === 'other' && finish.raw === undefined)) {
    throw new StepFailure(endedEarly(session.provider.name), text, session.trafficSeqs, notKept);
  }
  return {
    text,
    textNotKept: notKept,
    toolCalls,
    finishReason: finish.reason,
    ...(finish.raw !== undefined ? { rawFinishReason: finish.raw } : {}),
    usage: finish.usage,
    modelName: finish.modelName,
    durationMs: performance.now() - started,
    warnings,
  };
}
