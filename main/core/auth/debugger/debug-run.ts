import { DpopSession, type FetchLike } from '@modelcontextprotocol/client';
import {
  DEBUG_STEP_TITLES,
  OAUTH_DEBUG_LIMITS,
  type DebugCheckLevel,
  type DebugRequestEdit,
  type DebugRunStatus,
  type DebugStep,
  type OAuthDebugMode,
  type OAuthDebugRun,
  type OAuthSpecVersion,
} from '../../../../shared/oauth-debugger.js';
import { LoupeError } from '../../../../shared/wire.js';
import type { WireReport } from '../../traffic/traffic-log.js';
import { oauthErrorText } from '../auth-steps.js';
import { chooseDpopAlg, decodeDpopProof } from '../dpop.js';
import { AUTHORIZATION_WAIT_MS, LoopbackRedirect } from '../loopback-redirect.js';
import { DebugHttp, type ReadResponse, type SentRequest } from './debug-http.js';
import { applyEdit, requestView, type PreparedRequest } from './debug-request.js';
import { explain } from './explanations.js';
import type { FlowContext } from './flow-context.js';
import { sequenceDiagram } from './sequence-diagram.js';
import { specRules, type SpecRules } from './spec-rules.js';
import type { StepHandler, StepIo, StepOutcome } from './step.js';
import { authorizationServerStep } from './steps/authorization-server-step.js';
import { authorizationRedirectStep, authorizationRequestStep } from './steps/authorization-steps.js';
import { challengeStep } from './steps/challenge-step.js';
import { authenticatedRequestStep, tokenRevocationStep } from './steps/final-steps.js';
import { registrationStep } from './steps/registration-step.js';
import { resourceMetadataStep } from './steps/resource-metadata-step.js';
import { tokenRefreshStep, tokenRequestStep } from './steps/token-steps.js';

/** The steps in the order a run takes them (shared/oauth-debugger.ts DEBUG_STEP_ORDER). */
const HANDLERS: readonly StepHandler[] = [
  challengeStep,
  resourceMetadataStep,
  authorizationServerStep,
  registrationStep,
  authorizationRequestStep,
  authorizationRedirectStep,
  tokenRequestStep,
  tokenRefreshStep,
  authenticatedRequestStep,
  tokenRevocationStep,
];

export interface DebugRunOptions {
  runId: string;
  serverId: string;
  mode: OAuthDebugMode;
  /** The flow's starting point: version, server, settings, Loupe's redirect URI (its port reserved). */
  context: FlowContext;
  recorder: WireReport;
  secretNames: ReadonlySet<string>;
  onChange: (run: OAuthDebugRun) => void;
  openInBrowser: (url: string) => void;
  /** Secrets the run learns (codes, tokens, client secrets), for export redaction. */
  remember: (...values: Array<string | undefined>) => void;
  fetch?: FetchLike;
  redirectWaitMs?: number;
}

interface StepRecord {
  view: DebugStep;
  handler: StepHandler;
  /** The flow as it was before this step was prepared: what "Continue from here" restores. */
  before: FlowContext;
  /** The request with its real values (the view shows it redacted). */
  request?: PreparedRequest;
}

/** A `use_dpop_nonce` answer (RFC 9449 §8 at the token endpoint, §9 at the resource server) that names a nonce. */
function isNonceChallenge(response: ReadResponse): boolean {
  if (!response.headers.get('dpop-nonce')) return false;
  if (response.status === 400) return oauthErrorText(response.text)?.startsWith('use_dpop_nonce') === true;
  return response.status === 401 && /use_dpop_nonce/.test(response.headers.get('www-authenticate') ?? '');
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * One debug run: the flow's steps, one at a time or all, with edits and "continue from here".
 * Every operation that awaits checks the run's generation afterwards: a continue-from or a stop
 * in the meantime makes what a stale step learned count for nothing.
 */
export class OAuthDebugRunner {
  private ctx: FlowContext;
  private readonly rules: SpecRules;
  private readonly records: StepRecord[] = [];
  private status: DebugRunStatus = 'paused';
  private failure: string | undefined;
  private generation = 0;
  private abort = new AbortController();
  private http: DebugHttp;
  private redirect: LoopbackRedirect | undefined;
  private dpopSession: Promise<DpopSession> | undefined;
  private authorizationUrl: string | undefined;
  private readonly startedAt = Date.now();
  private settledWaiters: Array<() => void> = [];

  constructor(private readonly options: DebugRunOptions) {
    this.ctx = structuredClone(options.context);
    this.rules = specRules(options.context.version);
    this.http = this.newHttp();
  }

  get runId(): string {
    return this.options.runId;
  }

  get serverId(): string {
    return this.options.serverId;
  }

  get busy(): boolean {
    return this.status === 'running' || this.status === 'waiting-for-browser';
  }

  get version(): OAuthSpecVersion {
    return this.rules.version;
  }

  /** Prepares the first step; in `all` mode runs on in the background. */
  async start(): Promise<OAuthDebugRun> {
    await this.prepareFrom(0);
    if (this.options.mode === 'all' && this.status === 'paused') void this.advance(this.generation);
    return this.view();
  }

  /** Sends the pending step; resolves once it is done (or waits for the browser). In `all` mode the run goes on. */
  async next(): Promise<OAuthDebugRun> {
    if (this.status !== 'paused' || !this.pending()) throw new LoupeError(this.status === 'done' ? 'The run is over: continue from a step to run it again.' : `No step is waiting to be sent (the run is ${this.status}).`, 'not-ready');
    const settled = this.whenSettled();
    void this.advance(this.generation);
    await settled;
    return this.view();
  }

  /** Changes the pending step's request before it is sent; its checks are judged again. */
  edit(edit: DebugRequestEdit, stepIndex?: number): OAuthDebugRun {
    const record = this.pending();
    if (!record || this.status !== 'paused') throw new LoupeError('No step is waiting to be sent: continue from a step to edit its request.', 'not-ready');
    if (stepIndex !== undefined && stepIndex !== record.view.index) throw new LoupeError(`Step ${stepIndex} is not the one waiting to be sent (step ${record.view.index} is): continue from it to edit it.`, 'not-ready');
    if (!record.request) throw new LoupeError(`"${record.view.title}" sends no request of its own to edit.`, 'not-supported');
    try {
      record.request = applyEdit(record.request, edit);
    } catch (error) {
      throw new LoupeError(reasonOf(error), 'invalid-params');
    }
    record.view.request = requestView(record.request);
    record.view.edited = true;
    record.view.checks = this.requestChecks(record);
    this.emit();
    return this.view();
  }

  /** Runs again from a step, keeping the steps before it (and what they learned); an edit applies to it first. */
  async continueFrom(stepIndex: number, edit?: DebugRequestEdit): Promise<OAuthDebugRun> {
    const record = this.records[stepIndex];
    if (!record) throw new LoupeError(`The run has no step ${stepIndex}.`, 'invalid-params');
    this.interrupt();
    this.ctx = structuredClone(record.before);
    this.records.length = stepIndex;
    this.status = 'paused';
    this.failure = undefined;
    await this.prepareFrom(HANDLERS.indexOf(record.handler));
    if (edit && this.status === 'paused') this.edit(edit);
    if (this.options.mode === 'all' && this.status === 'paused') void this.advance(this.generation);
    return this.view();
  }

  stop(): OAuthDebugRun {
    if (this.status === 'done' || this.status === 'stopped') return this.view();
    this.interrupt();
    for (const record of this.records) if (record.view.status === 'running' || record.view.status === 'waiting') record.view.status = 'failed';
    this.status = 'stopped';
    this.failure = 'Stopped.';
    this.emit();
    return this.view();
  }

  /** Frees the listener and what is in flight (the run is being dropped). */
  dispose(): void {
    this.interrupt();
  }

  view(): OAuthDebugRun {
    const steps = this.records.map((record) => ({ ...record.view, exchanges: [...record.view.exchanges], checks: [...record.view.checks] }));
    const counts: Record<DebugCheckLevel, number> = { ok: 0, warning: 0, error: 0 };
    for (const step of steps) for (const item of step.checks) counts[item.level]++;
    return {
      runId: this.options.runId,
      serverId: this.options.serverId,
      serverUrl: this.ctx.serverUrl,
      version: this.rules.version,
      mode: this.options.mode,
      status: this.status,
      steps,
      diagram: sequenceDiagram(steps),
      ...(this.status === 'waiting-for-browser' && this.authorizationUrl ? { authorizationUrl: this.authorizationUrl } : {}),
      ...(this.failure ? { failure: this.failure } : {}),
      counts,
      startedAt: this.startedAt,
    };
  }

  // ── Inside ───────────────────────────────────────────────────────────────────────────────

  private newHttp(): DebugHttp {
    return new DebugHttp({
      serverUrl: new URL(this.ctx.serverUrl),
      recorder: this.options.recorder,
      secretNames: this.options.secretNames,
      signal: this.abort.signal,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
  }

  /** Cancels what is in flight and starts a new generation. */
  private interrupt(): void {
    this.generation++;
    this.abort.abort(new Error('The run was stopped or continued from an earlier step.'));
    this.abort = new AbortController();
    this.http = this.newHttp();
    this.redirect?.fail(new Error('The run was stopped or continued from an earlier step.'));
    this.redirect = undefined;
    this.authorizationUrl = undefined;
  }

  private pending(): StepRecord | undefined {
    const last = this.records.at(-1);
    return last?.view.status === 'pending' ? last : undefined;
  }

  private requestChecks(record: StepRecord): DebugStep['checks'] {
    return record.request && record.handler.requestChecks ? record.handler.requestChecks(this.ctx, this.rules, record.request) : [];
  }

  /** Adds the steps from HANDLERS[from] on: the skipped ones as such, up to the first that applies (left pending). */
  private async prepareFrom(from: number): Promise<boolean> {
    const generation = this.generation;
    for (let at = from; at < HANDLERS.length; at++) {
      const handler = HANDLERS[at]!;
      const before = structuredClone(this.ctx);
      const view: DebugStep = { index: this.records.length, kind: handler.kind, title: DEBUG_STEP_TITLES[handler.kind], status: 'pending', explanation: explain(handler.kind, this.rules), summary: '', exchanges: [], checks: [] };
      const record: StepRecord = { view, handler, before };
      const skip = handler.skip(this.ctx, this.rules);
      if (skip !== undefined) {
        view.status = 'skipped';
        view.summary = skip;
        this.records.push(record);
        continue;
      }
      try {
        const request = await handler.prepare(this.ctx, this.rules);
        if (generation !== this.generation) return false;
        if (request) {
          record.request = request;
          view.request = requestView(request);
        }
        view.summary = request ? `Ready to send ${request.method} ${view.request!.url}.` : (handler.idle?.(this.ctx) ?? 'Ready: this step sends nothing of its own.');
        view.checks = this.requestChecks(record);
      } catch (error) {
        if (generation !== this.generation) return false;
        view.status = 'failed';
        view.summary = `The request could not be built: ${reasonOf(error)}`;
        this.records.push(record);
        this.finish('failed', `Stopped at "${view.title}": ${view.summary}`);
        return false;
      }
      this.records.push(record);
      this.emit();
      return true;
    }
    this.finish('done');
    return false;
  }

  /** Runs the pending step, prepares the next; in `all` mode until the end. */
  private async advance(generation: number): Promise<void> {
    try {
      do {
        const record = this.pending();
        if (!record || generation !== this.generation) return;
        const goOn = await this.execute(record, generation);
        if (!goOn || generation !== this.generation) return;
        const more = await this.prepareFrom(HANDLERS.indexOf(record.handler) + 1);
        if (!more || generation !== this.generation) return;
      } while (this.options.mode === 'all');
      this.status = 'paused';
      this.emit();
    } catch (error) {
      // Runs in the background: whatever went wrong ends the run with its sentence.
      if (generation === this.generation) this.finish('failed', `The run broke off: ${reasonOf(error)}`);
    }
  }

  /** Runs one step; false when the run stops there. */
  private async execute(record: StepRecord, generation: number): Promise<boolean> {
    const { view } = record;
    view.status = 'running';
    view.startedAt = Date.now();
    this.status = 'running';
    this.emit();
    let outcome: StepOutcome;
    try {
      outcome = await record.handler.run(this.ctx, this.rules, record.request, this.io(record, generation));
    } catch (error) {
      outcome = { ok: false, summary: reasonOf(error), checks: [] };
    }
    if (generation !== this.generation) return false;
    view.checks = [...this.requestChecks(record), ...outcome.checks];
    const blocked = view.checks.some((item) => item.blocking);
    view.status = outcome.ok && !blocked ? 'ok' : 'failed';
    view.summary = outcome.summary;
    view.endedAt = Date.now();
    if (view.status === 'failed' && (blocked || outcome.stopsRun !== false)) {
      const why = view.checks.find((item) => item.blocking)?.sentence ?? outcome.summary;
      this.finish('failed', `Stopped at "${view.title}": ${why}`);
      return false;
    }
    this.emit();
    return true;
  }

  private io(record: StepRecord, generation: number): StepIo {
    const addExchange = (sent: SentRequest) => {
      if (record.view.exchanges.length < OAUTH_DEBUG_LIMITS.maxExchangesPerStep) record.view.exchanges.push(sent.exchange);
    };
    return {
      send: async (request, enough) => {
        let sent = await this.http.send(await this.withProof(request, record), enough);
        addExchange(sent);
        if (request.dpop && sent.response) {
          const nonce = sent.response.headers.get('dpop-nonce');
          if (nonce) (await this.dpop()).rememberNonce(request.url, nonce);
          if (isNonceChallenge(sent.response) && generation === this.generation) {
            sent = await this.http.send(await this.withProof(request, record), enough);
            addExchange(sent);
          }
        }
        return sent;
      },
      recordMessage: (direction, value, text) => {
        this.options.recorder.message(direction, value, Buffer.byteLength(text), text);
      },
      listenForRedirect: async (state) => {
        this.redirect?.fail(new Error('A newer authorization request replaced this one.'));
        const port = Number(new URL(this.ctx.redirectUri).port);
        const redirect = new LoopbackRedirect(port, state, this.options.redirectWaitMs ?? AUTHORIZATION_WAIT_MS);
        await redirect.listen();
        this.redirect = redirect;
      },
      authorizeWith: this.ctx.settings.authorizeWith ?? 'browser',
      openInBrowser: (url) => {
        this.authorizationUrl = url;
        this.options.openInBrowser(url);
      },
      awaitRedirect: async () => {
        const redirect = this.redirect;
        if (!redirect) throw new Error('No authorization request is waiting for its redirect.');
        // Followed without a browser, the redirect has reached the listener already: nobody is waited for.
        const person = this.ctx.settings.authorizeWith !== 'http-get';
        if (person) {
          record.view.status = 'waiting';
          this.status = 'waiting-for-browser';
          this.emit();
        }
        try {
          return await redirect.callback;
        } finally {
          if (generation === this.generation) {
            record.view.status = 'running';
            this.status = 'running';
          }
        }
      },
      remember: (...values) => this.options.remember(...values),
    };
  }

  /** The request with a fresh DPoP proof, when it asks for one and the person did not write their own. */
  private async withProof(request: PreparedRequest, record: StepRecord): Promise<PreparedRequest> {
    if (!request.dpop || request.headers.dpop !== undefined) return request;
    const proof = await (await this.dpop()).buildProof({ htm: request.method, htu: request.url, ...(request.dpop.accessToken ? { accessToken: request.dpop.accessToken } : {}) });
    (record.view.dpopProofs ??= []).push(decodeDpopProof(proof));
    return { ...request, headers: { ...request.headers, dpop: proof } };
  }

  /** The run's DPoP key (RFC 9449): one per run, made the first time a proof is needed, never stored. */
  private dpop(): Promise<DpopSession> {
    this.dpopSession ??= DpopSession.create({ alg: chooseDpopAlg(this.ctx.authorizationServerMetadata?.dpop_signing_alg_values_supported) ?? 'ES256' });
    return this.dpopSession;
  }

  private finish(status: 'done' | 'failed', failure?: string): void {
    this.status = status;
    this.failure = failure;
    this.redirect?.fail(new Error('The run ended.'));
    this.redirect = undefined;
    this.emit();
  }

  /** Resolves the next time the run is not running (paused, waiting for the browser, or over). */
  private whenSettled(): Promise<void> {
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  private emit(): void {
    if (this.status !== 'running') {
      const waiters = this.settledWaiters;
      this.settledWaiters = [];
      for (const resolve of waiters) resolve();
    }
    this.options.onChange(this.view());
  }
}
