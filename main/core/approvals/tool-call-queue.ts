import { randomUUID } from 'node:crypto';
import type { ToolCallApproval, ToolCallDecision } from '../../../shared/approvals.js';
import { isObject } from '../../../shared/is-object.js';
import type { JsonObject, SchemaValidation } from '../../../shared/mcp.js';
import { LoupeError } from '../../../shared/wire.js';
import { MAX_DECIDED_APPROVALS } from './limits.js';

/** What the chat learns once the person decided. */
export type ToolCallVerdict = { approvalId: string } & ({ action: 'send'; arguments: JsonObject; edited: boolean } | { action: 'refuse'; message: string });

/** A call to put before the person. */
export type ToolCallQuestion = Omit<ToolCallApproval, 'id' | 'kind' | 'status' | 'receivedAt'>;

export interface ToolCallQueueDeps {
  emit: (approval: ToolCallApproval) => void;
  validate: (schema: JsonObject, value: unknown) => Promise<SchemaValidation>;
}

interface Entry {
  approval: ToolCallApproval;
  settle?: ((verdict: ToolCallVerdict) => void) | undefined;
}

const MAX_LISTED_VIOLATIONS = 5;

/** A validation's failures in one sentence (or why the schema could not check them). */
export function describeViolations(validation: SchemaValidation): string {
  if (validation.schemaError) return validation.schemaError;
  const listed = validation.errors.slice(0, MAX_LISTED_VIOLATIONS).map((error) => `${error.path || '(the arguments)'} ${error.message}`);
  const more = validation.errors.length - listed.length;
  return `${listed.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

export const DEFAULT_REFUSAL = 'The person refused this tool call.';

/**
 * A chat's tool calls waiting for a person (Approvals' "tool call" kind): approve as proposed,
 * approve with edited arguments, or refuse. Arguments that are not a JSON object, or that break
 * the tool's input schema, are not sent unless the person says so (`sendInvalid`).
 */
export class ToolCallQueue {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly deps: ToolCallQueueDeps) {}

  list(): ToolCallApproval[] {
    return [...this.entries.values()].map((entry) => entry.approval);
  }

  /** Waits for the person; `signal` (Stop) withdraws the question. */
  ask(question: ToolCallQuestion, signal: AbortSignal): Promise<ToolCallVerdict> {
    const approval: ToolCallApproval = { ...question, id: randomUUID(), kind: 'tool-call', status: 'pending', receivedAt: Date.now() };
    const entry: Entry = { approval };
    this.entries.set(approval.id, entry);
    return new Promise<ToolCallVerdict>((resolve, reject) => {
      const onAbort = () => {
        if (!entry.settle) return;
        entry.settle = undefined;
        this.update(entry, { status: 'cancelled', decidedAt: Date.now(), problem: 'The chat was stopped before this call was answered.' });
        reject(new LoupeError('Stopped.', 'stopped'));
      };
      entry.settle = (verdict) => {
        signal.removeEventListener('abort', onAbort);
        resolve(verdict);
      };
      this.trim();
      this.deps.emit(approval);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  async decide(id: string, decision: ToolCallDecision): Promise<ToolCallApproval> {
    const entry = this.entries.get(id);
    if (!entry) throw new LoupeError(`There is no tool call with id "${id}"; it may have left the history.`, 'unknown-approval');
    if (!entry.settle) throw new LoupeError(entry.approval.status === 'cancelled' ? entry.approval.problem ?? 'This call was withdrawn.' : 'This tool call was already answered.', 'not-pending');
    if (decision.action === 'refuse') {
      const message = decision.message?.trim() || DEFAULT_REFUSAL;
      this.settle(entry, { status: 'refused', problem: message }, { approvalId: id, action: 'refuse', message });
      return entry.approval;
    }
    const { approval } = entry;
    const edited = decision.arguments !== undefined;
    const args = decision.arguments ?? approval.arguments;
    if (!isObject(args)) throw new LoupeError(`${approval.argumentsProblem ?? 'The arguments are not a JSON object.'} Edit them into a JSON object to send the call.`, 'invalid-arguments');
    const validation = edited ? (approval.inputSchema ? await this.deps.validate(approval.inputSchema, args) : undefined) : approval.validation;
    if (validation && !validation.valid && decision.sendInvalid !== true) {
      throw new LoupeError(`The arguments break the tool's input schema: ${describeViolations(validation)}. Fix them, or send anyway.`, 'invalid-arguments');
    }
    if (!entry.settle) throw new LoupeError('This tool call was answered or withdrawn meanwhile.', 'not-pending');
    this.settle(entry, { status: 'approved', sent: args, ...(edited ? { edited: true } : {}) }, { approvalId: id, action: 'send', arguments: args, edited });
    return entry.approval;
  }

  private settle(entry: Entry, patch: Partial<ToolCallApproval>, verdict: ToolCallVerdict): void {
    const settle = entry.settle;
    entry.settle = undefined;
    this.update(entry, { ...patch, decidedAt: Date.now() });
    settle?.(verdict);
  }

  private update(entry: Entry, patch: Partial<ToolCallApproval>): void {
    entry.approval = { ...entry.approval, ...patch };
    this.deps.emit(entry.approval);
  }

  /** Decided calls are kept up to the approvals' history size; pending ones always. */
  private trim(): void {
    let decided = [...this.entries.values()].filter((entry) => !entry.settle).length;
    for (const [id, entry] of this.entries) {
      if (decided <= MAX_DECIDED_APPROVALS) break;
      if (entry.settle) continue;
      this.entries.delete(id);
      decided -= 1;
    }
  }
}
