/**
 * The OAuth debugger: an authorization flow run one step at a time against a server, under the
 * rules of one version of the MCP authorization spec, each step with its request and response,
 * an explanation and checks. The core runs it (main/core/auth/debugger/); the requests are
 * `oauthDebug.*` and the event `oauthDebug.changed` in contract.ts. A run is separate from the
 * server's sign-in: its client, tokens and key pair live in the core's memory only, and are
 * revoked (where the server allows) when the run ends.
 */
import type { HttpExchange } from './auth.js';

export const OAUTH_SPEC_VERSIONS = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type OAuthSpecVersion = (typeof OAUTH_SPEC_VERSIONS)[number];
export const LATEST_OAUTH_SPEC_VERSION: OAuthSpecVersion = '2026-07-28';

/** `all`: runs to the end (or the first blocking failure); `step`: stops before each step for `oauthDebug.next`. */
export type OAuthDebugMode = 'all' | 'step';

export type DebugStepKind =
  | 'unauthenticated-request'
  | 'resource-metadata'
  | 'authorization-server-metadata'
  | 'client-registration'
  | 'authorization-request'
  | 'authorization-redirect'
  | 'token-request'
  | 'token-refresh'
  | 'authenticated-request'
  | 'token-revocation';

/** The steps in the order a run takes them (a step that does not apply is `skipped`, with why). */
export const DEBUG_STEP_ORDER: readonly DebugStepKind[] = [
  'unauthenticated-request',
  'resource-metadata',
  'authorization-server-metadata',
  'client-registration',
  'authorization-request',
  'authorization-redirect',
  'token-request',
  'token-refresh',
  'authenticated-request',
  'token-revocation',
];

export const DEBUG_STEP_TITLES: Record<DebugStepKind, string> = {
  'unauthenticated-request': 'Request without a token (401 and WWW-Authenticate)',
  'resource-metadata': 'Protected resource metadata (RFC 9728)',
  'authorization-server-metadata': 'Authorization server metadata (RFC 8414 / OpenID)',
  'client-registration': 'Client registration',
  'authorization-request': 'Authorization request (PKCE S256, resource indicator)',
  'authorization-redirect': 'Redirect back to Loupe (code, state, iss)',
  'token-request': 'Token request',
  'token-refresh': 'Token refresh',
  'authenticated-request': 'Request with the access token',
  'token-revocation': 'Token revocation (RFC 7009)',
};

export type DebugCheckLevel = 'ok' | 'warning' | 'error';

/** One rule judged: its verdict in one sentence, and where the rule comes from. */
export interface DebugCheck {
  /** A stable name for the rule, e.g. `resource-match`, `iss`, `pkce-methods`. */
  id: string;
  level: DebugCheckLevel;
  sentence: string;
  /** Where the rule is written, e.g. "RFC 9728 §3.3" or "MCP 2025-11-25, Authorization Code Protection". */
  rule?: string;
  /** This verdict stopped the run: the chosen version says a client must not go on. */
  blocking?: true;
}

/** A request as the step will send it (or sent it); credentials shown as `[redacted]`. */
export interface DebugRequestView {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** How `params` of an edit apply: query parameters, form fields, or top-level JSON fields. */
  paramsIn: 'query' | 'form' | 'json';
  /** The parameters a person usually changes here (scope, redirect_uri, …); any other may be edited too. */
  suggestedParams: string[];
}

/**
 * A change to a step's request before it is sent. `params` set (a string) or remove (null) query
 * parameters of a GET, form fields of a form POST, or top-level fields of a JSON POST (where a
 * value that parses as a JSON array or object is used as such); `body` replaces the whole body.
 */
export interface DebugRequestEdit {
  url?: string | undefined;
  params?: Record<string, string | null> | undefined;
  headers?: Record<string, string | null> | undefined;
  body?: string | undefined;
}

/** An HTTP exchange of a step: as recorded in the traffic log (credentials redacted), with its entry's seq. */
export type DebugExchange = HttpExchange & { trafficSeq?: number };

/** A DPoP proof (RFC 9449) as sent: its JOSE header and claims; the signature is not shown. */
export interface DpopProofView {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

export type DebugStepStatus =
  /** Its request is built and may be edited; `oauthDebug.next` sends it. */
  | 'pending'
  | 'running'
  /** Waiting for the person to finish in the browser (the authorization redirect). */
  | 'waiting'
  | 'ok'
  | 'failed'
  /** The step does not apply to this run; `summary` says why. */
  | 'skipped';

export interface DebugStep {
  /** Its place in the run's steps (what `oauthDebug.continueFrom` takes). */
  index: number;
  kind: DebugStepKind;
  title: string;
  status: DebugStepStatus;
  /** What the step does and why, in a few sentences, under the run's spec version. */
  explanation: string;
  /** One sentence: what happened (or, while pending, what will be sent). */
  summary: string;
  /** The request to send (pending) or the last one sent; absent for a step without HTTP of its own. */
  request?: DebugRequestView;
  /** The person changed the request before it was sent. */
  edited?: boolean;
  /** Every HTTP exchange the step made (discovery tries several places; DPoP may retry with a nonce). */
  exchanges: DebugExchange[];
  checks: DebugCheck[];
  /** The DPoP proofs the step sent. */
  dpopProofs?: DpopProofView[];
  startedAt?: number;
  endedAt?: number;
}

export type DebugRunStatus =
  /** A step is pending: `next` (or an edit). */
  | 'paused'
  | 'running'
  | 'waiting-for-browser'
  /** Every step ran (or was skipped). */
  | 'done'
  /** A step failed or a blocking check stopped the run; `continueFrom` can retry. */
  | 'failed'
  | 'stopped';

export type DiagramParticipant = 'client' | 'browser' | 'mcp-server' | 'authorization-server';

export const DIAGRAM_PARTICIPANTS: ReadonlyArray<{ id: DiagramParticipant; label: string }> = [
  { id: 'browser', label: 'Browser (user agent)' },
  { id: 'client', label: 'Loupe (MCP client)' },
  { id: 'mcp-server', label: 'MCP server (resource server)' },
  { id: 'authorization-server', label: 'Authorization server' },
];

/** One arrow of the sequence diagram, in order; `note` arrows go from a participant to itself. */
export interface DiagramArrow {
  /** The step it belongs to. */
  step: number;
  from: DiagramParticipant;
  to: DiagramParticipant;
  kind: 'request' | 'response' | 'note';
  label: string;
  /** `pending`: what the next step will send; `failed`: an error answer or no answer. */
  status: 'done' | 'pending' | 'failed';
  /** The HTTP exchange it draws (an index into the step's `exchanges`). */
  exchange?: number;
}

export interface SequenceDiagram {
  participants: typeof DIAGRAM_PARTICIPANTS;
  arrows: DiagramArrow[];
}

export interface OAuthDebugRun {
  runId: string;
  serverId: string;
  serverUrl: string;
  version: OAuthSpecVersion;
  mode: OAuthDebugMode;
  status: DebugRunStatus;
  steps: DebugStep[];
  diagram: SequenceDiagram;
  /** While waiting for the browser: the authorization page, should it not have opened by itself. */
  authorizationUrl?: string;
  /** Why the run failed or stopped, in one sentence. */
  failure?: string;
  /** Checks by level over every step. */
  counts: Record<DebugCheckLevel, number>;
  startedAt: number;
}

export interface OAuthDebugStartParams {
  serverId: string;
  version?: OAuthSpecVersion | undefined;
  mode?: OAuthDebugMode | undefined;
}

/** What `oauthDebug.list` gives: one line a run. */
export interface OAuthDebugRunSummary {
  runId: string;
  serverId: string;
  version: OAuthSpecVersion;
  status: DebugRunStatus;
  counts: Record<DebugCheckLevel, number>;
  startedAt: number;
}

/** Every run, step and exchange stays within these. */
export const OAUTH_DEBUG_LIMITS = {
  /** Runs kept in memory; the oldest finished one goes first. */
  maxRuns: 10,
  /** One HTTP request, from sending to the end of its body. */
  requestTimeoutMs: 30_000,
  /** The most of a response body Loupe reads. */
  maxResponseBytes: 256 * 1024,
  /** HTTP exchanges kept per step (discovery tries at most a few places). */
  maxExchangesPerStep: 8,
  maxEditUrlChars: 8192,
  maxEditParams: 64,
  maxEditValueChars: 8192,
  maxEditBodyChars: 65_536,
} as const;
