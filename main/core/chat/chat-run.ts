import { randomUUID } from 'node:crypto';
import { MAX_TURN_TEXT_CHARS, type ChatConversation, type ChatEvent, type ChatFinish, type ChatStatus, type ChatToolCall, type ChatToolTurn, type ChatTurn } from '../../../shared/chat.js';
import { isObject } from '../../../shared/is-object.js';
import type { JsonObject, RpcOutcome, SchemaValidation, ToolCallParams } from '../../../shared/mcp.js';
import type { ModelProviderKind } from '../../../shared/models.js';
import { toolAppResourceUri } from '../../../shared/tool-ui.js';
import type { ToolCallQueue } from '../approvals/tool-call-queue.js';
import type { ModelClients } from '../models/model-client.js';
import { describeModelFailure, StepFailure } from '../models/model-failure.js';
import { runModelStep, type StepToolCall } from '../models/model-step.js';
import { TextDeltas } from '../models/text-deltas.js';
import { clipToolResult } from './clip-tool-result.js';
import { modelMessages } from './model-messages.js';
import { offeredTools, type OfferedTool, type ServerTools } from './offered-tools.js';

/** A turn before it takes its place (the conversation numbers it). */
export type NewTurn = ChatTurn extends infer T ? (T extends ChatTurn ? Omit<T, 'index' | 'at'> : never) : never;

/** The conversation a run works on. */
export interface RunTarget {
  readonly conversation: ChatConversation;
  add(turn: NewTurn): ChatTurn;
  setStatus(status: ChatStatus): void;
  emit(event: ChatEvent): void;
}

export interface ChatRunDeps {
  clients: ModelClients;
  providerKind(providerId: string): ModelProviderKind;
  /** The tools of the chat's servers; throws a sentence when one is not connected. */
  serverTools(serverIds: readonly string[]): Promise<ServerTools[]>;
  callTool(params: ToolCallParams): Promise<RpcOutcome>;
  cancelCall(callId: string): void;
  validate(schema: JsonObject, value: unknown): Promise<SchemaValidation>;
  toolApprovals: ToolCallQueue;
  serverName(serverId: string): string;
}

export interface RunOutcome {
  reason: ChatFinish;
  message?: string;
}

function stopped(signal: AbortSignal): boolean {
  return signal.aborted;
}

/**
 * One message's run: model steps until the model answers without asking for tools, the person
 * stops it, a step fails, or the step limit is reached (a model that keeps calling tools). Each
 * tool call goes through the approvals queue unless asking is off and its arguments are valid,
 * then to the server through Loupe's connection (`tools.call`: a normal traffic entry).
 */
export async function runChat(target: RunTarget, deps: ChatRunDeps, signal: AbortSignal): Promise<RunOutcome> {
  const { settings } = target.conversation;
  const withMedia = deps.providerKind(settings.model.providerId) === 'anthropic';
  for (let step = 1; ; step++) {
    if (stopped(signal)) return { reason: 'stopped', message: 'Stopped.' };
    let servers: ServerTools[];
    try {
      servers = await deps.serverTools(settings.serverIds);
    } catch (error) {
      return { reason: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    const offered = offeredTools(servers);
    if (step === 1 && offered.leftOut > 0) {
      target.add({ type: 'notice', level: 'warning', text: `The servers offer ${offered.byModelName.size + offered.leftOut} tools; the model is given the first ${offered.byModelName.size}.` });
    }
    const started = performance.now();
    target.emit({ conversationId: target.conversation.id, type: 'step-start', step, model: settings.model, at: Date.now() });
    const deltas = new TextDeltas((text) => target.emit({ conversationId: target.conversation.id, type: 'text-delta', step, text }));
    let trafficSeqs: number[] = [];
    try {
      const session = await deps.clients.open(settings.model.providerId, { purpose: 'chat', conversationId: target.conversation.id, modelId: settings.model.modelId });
      trafficSeqs = session.trafficSeqs;
      const result = await runModelStep({
        session,
        modelId: settings.model.modelId,
        system: settings.system,
        messages: modelMessages(target.conversation.turns, withMedia),
        tools: Object.keys(offered.specs).length > 0 ? offered.specs : undefined,
        maxOutputTokens: settings.maxOutputTokens,
        temperature: settings.temperature,
        signal,
        onText: (text) => deltas.push(text),
        maxTextChars: MAX_TURN_TEXT_CHARS,
      });
      deltas.flush();
      const toolCalls = result.toolCalls.map((call): ChatToolCall => {
        const known = offered.byModelName.get(call.toolName);
        return { toolCallId: call.toolCallId, serverId: known?.serverId ?? '', tool: known?.tool.name ?? call.toolName, modelToolName: call.toolName, arguments: call.input };
      });
      target.add({
        type: 'assistant',
        step,
        model: settings.model,
        modelName: result.modelName,
        text: result.text,
        ...(result.textNotKept > 0 ? { textNotKept: result.textNotKept } : {}),
        toolCalls,
        usage: result.usage,
        durationMs: result.durationMs,
        finishReason: result.finishReason,
        trafficSeqs: [...trafficSeqs],
        ...(result.warnings.length > 0 ? { warnings: result.warnings } : {}),
      });
      if (result.toolCalls.length === 0) return { reason: 'answered' };
      if (step >= settings.stepLimit) {
        const message = `The model was still calling tools after ${step} step${step === 1 ? '' : 's'}, the step limit, so Loupe stopped it there. Send a message to let it go on, or raise the step limit.`;
        for (const call of result.toolCalls) target.add(notSent(call, offered.byModelName.get(call.toolName), 'Not made: the chat reached its step limit.'));
        return { reason: 'step-limit', message };
      }
      for (const call of result.toolCalls) {
        const known = offered.byModelName.get(call.toolName);
        if (stopped(signal)) target.add(notSent(call, known, 'Not made: the chat was stopped.'));
        else target.add(await runToolCall(target, deps, call, known, signal));
      }
    } catch (error) {
      deltas.flush();
      const failure = error instanceof StepFailure ? error : undefined;
      const message = failure?.message ?? describeModelFailure(error, { providerName: settings.model.providerId, baseUrl: '', modelId: settings.model.modelId });
      if (stopped(signal)) {
        if (failure?.partialText) target.add(failedStep(step, target, failure, 'Stopped.', performance.now() - started, trafficSeqs));
        return { reason: 'stopped', message: 'Stopped.' };
      }
      target.add(failedStep(step, target, failure, message, performance.now() - started, trafficSeqs));
      return { reason: 'failed', message };
    }
  }
}

/** A step that failed (or was stopped), with the text that arrived before: `stepFailure` when the step itself said so. */
function failedStep(step: number, target: RunTarget, stepFailure: StepFailure | undefined, failure: string, durationMs: number, trafficSeqs: number[]): NewTurn {
  const { model } = target.conversation.settings;
  const text = stepFailure?.partialText ?? '';
  const notKept = stepFailure?.textNotKept ?? 0;
  return { type: 'assistant', step, model, text, ...(notKept > 0 ? { textNotKept: notKept } : {}), toolCalls: [], usage: {}, durationMs, finishReason: 'error', trafficSeqs: [...trafficSeqs], failure };
}

function notSent(call: StepToolCall, known: OfferedTool | undefined, failure: string, args: unknown = call.input): NewTurn {
  return { type: 'tool', toolCallId: call.toolCallId, serverId: known?.serverId ?? '', tool: known?.tool.name ?? call.toolName, arguments: args, status: 'not-sent', failure };
}

/** Asks the person when it must (asking on, or arguments that are not valid), then calls the tool. */
async function runToolCall(target: RunTarget, deps: ChatRunDeps, call: StepToolCall, known: OfferedTool | undefined, signal: AbortSignal): Promise<NewTurn> {
  if (!known) return notSent(call, undefined, `Not made: no server of this chat offers a tool named "${call.toolName.slice(0, 100)}".`);
  const { serverId, tool } = known;
  const argumentsProblem = call.invalid ?? (isObject(call.input) ? undefined : 'The model\'s arguments are not a JSON object.');
  const validation = !argumentsProblem && tool.inputSchema ? await deps.validate(tool.inputSchema, call.input) : undefined;
  const valid = !argumentsProblem && (validation?.valid ?? true);
  let args = call.input as JsonObject;
  let edited = false;
  let approvalId: string | undefined;
  if (target.conversation.settings.askBeforeToolCalls || !valid) {
    target.setStatus('waiting-for-approval');
    try {
      const verdict = await deps.toolApprovals.ask(
        {
          conversationId: target.conversation.id,
          serverId,
          serverName: deps.serverName(serverId),
          tool: tool.name,
          toolCallId: call.toolCallId,
          arguments: call.input,
          ...(argumentsProblem ? { argumentsProblem } : {}),
          ...(validation ? { validation } : {}),
          ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
          held: valid ? 'ask-before-call' : 'invalid-arguments',
        },
        signal,
      );
      approvalId = verdict.approvalId;
      if (verdict.action === 'refuse') {
        return { type: 'tool', toolCallId: call.toolCallId, serverId, tool: tool.name, arguments: call.input, status: 'refused', failure: verdict.message, ...(approvalId ? { approvalId } : {}) };
      }
      args = verdict.arguments;
      edited = verdict.edited;
    } catch {
      return notSent(call, known, 'Not made: the chat was stopped.');
    } finally {
      target.setStatus('running');
    }
  }
  const callId = randomUUID();
  const onStop = () => deps.cancelCall(callId);
  signal.addEventListener('abort', onStop, { once: true });
  const started = performance.now();
  let outcome: RpcOutcome;
  try {
    outcome = await deps.callTool({ serverId, name: tool.name, arguments: args, callId });
  } catch (error) {
    return notSent(call, known, `Not made: ${error instanceof Error ? error.message : String(error)}`, args);
  } finally {
    signal.removeEventListener('abort', onStop);
  }
  const app = toolAppResourceUri(tool);
  const base: Omit<ChatToolTurn, 'index' | 'at' | 'status'> = {
    type: 'tool',
    toolCallId: call.toolCallId,
    serverId,
    tool: tool.name,
    arguments: args,
    durationMs: performance.now() - started,
    ...(outcome.requestSeq !== undefined ? { requestSeq: outcome.requestSeq } : {}),
    ...(approvalId ? { approvalId } : {}),
    ...(edited ? { edited: true } : {}),
    ...(app ? { app: { resourceUri: app } } : {}),
  };
  if (outcome.failure) return { ...base, status: 'failed', failure: outcome.failure.message };
  const kept = clipToolResult(outcome.result);
  return { ...base, status: 'done', result: kept.result, ...(kept.clipped ? { resultClipped: true } : {}) };
}
