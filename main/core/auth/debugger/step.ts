import type { DebugCheck, DebugStepKind } from '../../../../shared/oauth-debugger.js';
import type { SentRequest } from './debug-http.js';
import type { PreparedRequest } from './debug-request.js';
import type { FlowContext } from './flow-context.js';
import type { SpecRules } from './spec-rules.js';

/** What a step's run hands back; the runner adds the request's checks and decides the status. */
export interface StepOutcome {
  ok: boolean;
  /** A failed step stops the run unless this says it need not (the run still cleans up after it). */
  stopsRun?: boolean;
  /** One sentence: what happened. */
  summary: string;
  checks: DebugCheck[];
}

/** What the run lends a step while it runs. */
export interface StepIo {
  /**
   * Sends a request (signing a DPoP proof when it asks for one, retrying once with the server's
   * nonce), records it, and adds its exchange to the step.
   */
  send(request: PreparedRequest, enough?: (textSoFar: string) => boolean): Promise<SentRequest>;
  /** Records a JSON-RPC message of the MCP endpoint in the traffic log. */
  recordMessage(direction: 'in' | 'out', value: unknown, text: string): void;
  /** Starts Loupe's loopback listener for the redirect, expecting this state. */
  listenForRedirect(state: string): Promise<void>;
  /** How the authorization page is followed: the person in a browser, or the core with GETs (test servers). */
  authorizeWith: 'browser' | 'http-get';
  /** Has the shell open the authorization page in the system browser (or the window a tab). */
  openInBrowser(url: string): void;
  /** Waits for the redirect to reach the listener (the run shows it is waiting for the browser); resolves with its query. */
  awaitRedirect(): Promise<URLSearchParams>;
  /** A secret the step learned: remembered so exports redact it. */
  remember(...values: Array<string | undefined>): void;
}

/** One kind of step: when it applies, the request it sends, and what it makes of the answer. */
export interface StepHandler {
  kind: DebugStepKind;
  /** What the step does while pending, when it sends no request of its own. */
  idle?(ctx: FlowContext): string;
  /** Why the step does not apply to this run (version, grant, what came before), or undefined. */
  skip(ctx: FlowContext, rules: SpecRules): string | undefined;
  /** The request it will send; undefined for a step without HTTP of its own. Throws a sentence when it cannot be built. */
  prepare(ctx: FlowContext, rules: SpecRules): Promise<PreparedRequest | undefined>;
  /** Checks of the request itself, before it is sent (and again after an edit). */
  requestChecks?(ctx: FlowContext, rules: SpecRules, request: PreparedRequest): DebugCheck[];
  run(ctx: FlowContext, rules: SpecRules, request: PreparedRequest | undefined, io: StepIo): Promise<StepOutcome>;
}

/** A one-sentence failure for a request that got no answer. */
export function noAnswer(what: string, sent: SentRequest): StepOutcome {
  return { ok: false, summary: `${what}: ${sent.error ?? 'no answer'}`, checks: [] };
}
