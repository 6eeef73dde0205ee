import { randomUUID } from 'node:crypto';
import type { Approval, ApprovalModelRecord } from '../../../shared/approvals.js';
import type { JsonObject } from '../../../shared/mcp.js';
import type { DraftEvent, DraftStarted, ModelChoice, ModelRef, ModelTrafficTag } from '../../../shared/models.js';
import type { DraftTarget, ModelRuleReply, RulePlan } from '../approvals/model-answers.js';
import { LoupeError } from '../../../shared/wire.js';
import type { ModelClients } from './model-client.js';
import { describeModelFailure, StepFailure } from './model-failure.js';
import { chooseModel } from './model-preferences.js';
import { runModelStep, type StepResult } from './model-step.js';
import type { ProviderStore } from './provider-store.js';
import type { RuleSpending } from './rule-spending.js';
import { samplingCall, samplingResult, type SamplingCall } from './sampling-prompt.js';
import { TextDeltas } from './text-deltas.js';

export interface DraftsDeps {
  target: DraftTarget;
  clients: ModelClients;
  store: ProviderStore;
  spending: RuleSpending;
  emit: (event: DraftEvent) => void;
}

interface Running {
  draftId: string;
  approvalId: string;
  controller: AbortController;
}

interface Prepared {
  choice: ModelChoice;
  providerName: string;
  call: SamplingCall;
}

/**
 * Drafts of sampling replies by a model: the request goes to the chosen model, the reply streams
 * to the window as `models.draft` events, and the approval keeps the record (model, tokens, the
 * exchange's traffic entries) beside the server's request and Loupe's response.
 */
export class Drafts {
  private readonly running = new Map<string, Running>();

  constructor(private readonly deps: DraftsDeps) {}

  /** Draft with model: the person's choice of model, or the one the preference rules pick. */
  async start(approvalId: string, model?: ModelRef): Promise<DraftStarted> {
    const approval = this.deps.target.pendingSampling(approvalId);
    const prepared = this.prepare(approval, model ? { model, why: 'You chose this model.' } : undefined);
    this.stopFor(approvalId);
    const draftId = randomUUID();
    void this.generate(approval, prepared, draftId, 'user', 'draft');
    return { draftId, approvalId, model: prepared.choice.model, providerName: prepared.providerName, why: prepared.choice.why };
  }

  stop(draftId: string): void {
    const running = this.running.get(draftId);
    if (!running) throw new LoupeError('That draft is no longer running.', 'not-running');
    running.controller.abort();
  }

  /** The approval left the queue (answered, cancelled, disconnected): its drafts stop. */
  approvalChanged(approval: Approval): void {
    if (approval.status !== 'pending') this.stopFor(approval.id);
  }

  /** For an auto-reply rule that answers with a model: within its token cap for the session. */
  planRule(approval: Approval, rule: ModelRuleReply): RulePlan {
    const by = `rule:${rule.ruleName}`;
    const cap = rule.answerWithModel.tokenCapPerSession;
    const left = this.deps.spending.left(rule.ruleId, cap);
    let prepared: Prepared;
    try {
      if (left === 0) {
        this.deps.spending.heldBack(rule.ruleId);
        throw new LoupeError(`The rule "${rule.ruleName}" has spent its ${cap.toLocaleString('en-US')} tokens for this session, so this request waits for you.`, 'token-cap');
      }
      const fixed = rule.answerWithModel.model;
      prepared = this.prepare(approval, fixed ? { model: fixed, why: `The rule "${rule.ruleName}" answers with this model.` } : undefined);
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      const fixed = rule.answerWithModel.model;
      return { record: { ...(fixed ? { model: fixed } : {}), by, status: 'failed', why: `The rule "${rule.ruleName}" answers with a model.`, trafficSeqs: [], failure } };
    }
    const allowance = Math.min(prepared.call.maxOutputTokens, left);
    prepared.call.maxOutputTokens = allowance;
    this.deps.spending.reserve(rule.ruleId, allowance);
    const draftId = randomUUID();
    return {
      record: this.record(prepared, by, 'drafting'),
      run: async () => {
        const outcome = await this.generate(approval, prepared, draftId, by, 'auto-reply');
        this.deps.spending.settle(rule.ruleId, allowance, outcome.step?.usage, outcome.step !== undefined || outcome.partialText !== '');
        return outcome.result;
      },
    };
  }

  private prepare(approval: Approval, chosen: ModelChoice | undefined): Prepared {
    const { store } = this.deps;
    const choice = chosen ?? chooseModel(approval.request.modelPreferences, store.preferences(), store.providers());
    const provider = store.require(choice.model.providerId);
    const call = samplingCall(approval.request, provider.kind === 'anthropic');
    return { choice, providerName: provider.name, call };
  }

  private record(prepared: Prepared, by: string, status: ApprovalModelRecord['status'], extra: Partial<ApprovalModelRecord> = {}): ApprovalModelRecord {
    return { model: prepared.choice.model, providerName: prepared.providerName, by, status, why: prepared.choice.why, trafficSeqs: [], ...extra };
  }

  private stopFor(approvalId: string): void {
    for (const running of this.running.values()) if (running.approvalId === approvalId) running.controller.abort();
  }

  /** Runs the model on the request, streaming to the window; never throws. */
  private async generate(
    approval: Approval,
    prepared: Prepared,
    draftId: string,
    by: string,
    purpose: ModelTrafficTag['purpose'],
  ): Promise<{ result?: JsonObject; step?: StepResult; partialText: string }> {
    const { target, emit } = this.deps;
    const approvalId = approval.id;
    const controller = new AbortController();
    this.running.set(draftId, { draftId, approvalId, controller });
    const modelId = prepared.choice.model.modelId;
    const deltas = new TextDeltas((text) => emit({ draftId, approvalId, type: 'delta', text }));
    let trafficSeqs: number[] = [];
    const keep = (record: ApprovalModelRecord) => {
      try {
        target.setModelRecord(approvalId, record);
      } catch {
        // The approval left the history meanwhile: nothing to keep the record on.
      }
    };
    keep(this.record(prepared, by, 'drafting'));
    try {
      const session = await this.deps.clients.open(prepared.choice.model.providerId, { purpose, approvalId, modelId });
      trafficSeqs = session.trafficSeqs;
      const step = await runModelStep({ session, modelId, ...prepared.call, signal: controller.signal, onText: (text) => deltas.push(text) });
      deltas.flush();
      const result = samplingResult(step);
      keep(this.record(prepared, by, 'drafted', { modelName: step.modelName, usage: step.usage, trafficSeqs: [...trafficSeqs] }));
      emit({ draftId, approvalId, type: 'done', result, modelName: step.modelName, usage: step.usage, durationMs: step.durationMs, trafficSeqs: [...trafficSeqs], warnings: step.warnings });
      return { result, step, partialText: step.text };
    } catch (error) {
      deltas.flush();
      const partialText = error instanceof StepFailure ? error.partialText : '';
      if (controller.signal.aborted) {
        keep(this.record(prepared, by, 'stopped', { trafficSeqs: [...trafficSeqs] }));
        emit({ draftId, approvalId, type: 'stopped', partialText });
        return { partialText };
      }
      const message = error instanceof StepFailure ? error.message : describeModelFailure(error, { providerName: prepared.providerName, baseUrl: '', modelId });
      keep(this.record(prepared, by, 'failed', { failure: message, trafficSeqs: [...trafficSeqs] }));
      emit({ draftId, approvalId, type: 'failed', message, partialText, trafficSeqs: [...trafficSeqs] });
      return { partialText };
    } finally {
      this.running.delete(draftId);
    }
  }
}

