import type { ApprovalDecision, ApprovalKind, ApprovalStatus } from '../../../shared/approvals.js';
import type { JsonObject } from '../../../shared/mcp.js';
import { LoupeError } from '../../../shared/wire.js';
import { isObject } from '../../../shared/is-object.js';

/** The JSON-RPC error code a rejection carries when the person does not choose one. */
export const DEFAULT_REJECT_CODE = -1;

/** What goes back to the server: a result, or a JSON-RPC error. */
export type Reply = { result: JsonObject } | { error: { code: number; message: string } };

export interface Outcome {
  status: Extract<ApprovalStatus, 'approved' | 'rejected' | 'dismissed'>;
  reply: Reply;
}

function invalid(message: string): LoupeError {
  return new LoupeError(message, 'invalid-params');
}

/** Reads a decision from the UI (trusted less than the core) into an ApprovalDecision. */
export function parseDecision(value: unknown): ApprovalDecision {
  if (!isObject(value)) throw invalid('The decision must be an object with an action.');
  const decision = value;
  switch (decision.action) {
    case 'approve':
      if (!isObject(decision.result)) throw invalid('An approval needs the result to send, as an object (a CreateMessageResult).');
      return { action: 'approve', result: decision.result };
    case 'reject': {
      if (typeof decision.message !== 'string') throw invalid('A rejection needs the error message to send, as text.');
      const code = decision.code;
      if (code !== undefined && !Number.isSafeInteger(code)) throw invalid('The error code of a rejection must be a whole number.');
      return { action: 'reject', message: decision.message, ...(code !== undefined ? { code: code as number } : {}) };
    }
    case 'accept':
      if (decision.content !== undefined && !isObject(decision.content)) throw invalid('The content of an accepted elicitation must be an object.');
      return { action: 'accept', ...(decision.content !== undefined ? { content: decision.content } : {}) };
    case 'decline':
    case 'cancel':
      return { action: decision.action };
    default:
      throw invalid('The decision action must be one of approve, reject, accept, decline or cancel.');
  }
}

function samplingOutcome(decision: ApprovalDecision): Outcome {
  switch (decision.action) {
    case 'approve':
      // Sent as the person wrote it, even if it breaks the schema: odd replies are how servers get debugged.
      return { status: 'approved', reply: { result: decision.result } };
    case 'reject':
      return { status: 'rejected', reply: { error: { code: decision.code ?? DEFAULT_REJECT_CODE, message: decision.message } } };
    default:
      throw invalid(`A sampling request is answered with approve or reject, not ${decision.action}.`);
  }
}

function elicitationOutcome(kind: 'elicitation-form' | 'elicitation-url', decision: ApprovalDecision): Outcome {
  switch (decision.action) {
    case 'accept':
      if (kind === 'elicitation-form') {
        if (!decision.content) throw invalid('Accepting a form elicitation needs the content the person entered, as an object.');
        return { status: 'approved', reply: { result: { action: 'accept', content: decision.content } } };
      }
      if (decision.content !== undefined) throw invalid('A URL-mode elicitation is accepted without content.');
      return { status: 'approved', reply: { result: { action: 'accept' } } };
    case 'decline':
      return { status: 'rejected', reply: { result: { action: 'decline' } } };
    case 'cancel':
      return { status: 'dismissed', reply: { result: { action: 'cancel' } } };
    default:
      throw invalid(`An elicitation is answered with accept, decline or cancel, not ${decision.action}.`);
  }
}

/** What a decision sends for a request of this kind; a decision that does not fit the kind is refused. */
export function outcomeOf(kind: ApprovalKind, decision: ApprovalDecision): Outcome {
  return kind === 'sampling' ? samplingOutcome(decision) : elicitationOutcome(kind, decision);
}
