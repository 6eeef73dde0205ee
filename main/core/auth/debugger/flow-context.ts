import type { AuthSettings } from '../../../../shared/auth.js';
import type { OAuthSpecVersion } from '../../../../shared/oauth-debugger.js';
import type { AuthChallenge } from '../www-authenticate.js';

/** A JSON object a server sent (metadata, a registration, tokens), as parsed. */
export type JsonRecord = Record<string, unknown>;

export interface LearnedChallenge {
  status: number;
  header?: string;
  challenges: AuthChallenge[];
  resourceMetadataUrl?: string;
  scope?: string;
  /** The resource server asked for DPoP (a `DPoP` challenge). */
  dpop: boolean;
}

export interface AuthorizationServerEndpoints {
  authorization: string;
  token: string;
  registration?: string;
  revocation?: string;
}

export interface DebugClient {
  clientId: string;
  clientSecret?: string;
  source: 'pre-registered' | 'metadata-document' | 'dynamic-registration';
  /** The redirect URIs the registration holds, when the run registered the client. */
  registeredRedirectUris?: string[];
  /** How the token endpoint authenticates the client (RFC 6749 §2.3). */
  authMethod: 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';
}

export interface DebugTokens {
  access_token: string;
  token_type: string;
  refresh_token?: string;
  scope?: string;
  expires_in?: number;
}

/**
 * What a run has learned so far, step by step. Plain data only: a snapshot taken before each step
 * (structuredClone) is what "Continue from here" restores. Holds secrets (verifier, code, tokens):
 * it never leaves the core.
 */
export interface FlowContext {
  version: OAuthSpecVersion;
  serverUrl: string;
  /** The legacy HTTP+SSE transport opens with a GET of its event stream; Streamable HTTP with a POST. */
  transport: 'streamable-http' | 'sse';
  settings: AuthSettings;
  /** The pre-registered client's secret (or private key PEM), from the secret store. */
  storedClientSecret?: string;
  /** Loupe's loopback redirect URI for this run. */
  redirectUri: string;
  /** Loupe's version, for the MCP requests' clientInfo. */
  clientVersion: string;
  /** The server's own headers for its MCP endpoint (never an Authorization one). */
  mcpHeaders: Record<string, string>;

  challenge?: LearnedChallenge;
  resourceMetadata?: { url: string; document: JsonRecord };
  /** The RFC 8707 indicator the run sends, when it sends one. */
  resource?: string;
  authorizationServerUrl?: string;
  /** The validated metadata document, or absent when the 2025-03-26 default endpoints are used. */
  authorizationServerMetadata?: JsonRecord;
  endpoints?: AuthorizationServerEndpoints;
  client?: DebugClient;
  pkceVerifier?: string;
  state?: string;
  /** What the authorization request carried, as sent (after any edit). */
  sentAuthorization?: { redirectUri?: string; scope?: string; resource?: string; state?: string };
  /** Followed without a browser: where the authorization server sent the browser back to (holds the code). */
  pendingRedirect?: string;
  redirect?: { code?: string; iss?: string; state?: string; error?: string; errorDescription?: string };
  tokens?: DebugTokens;
  /** The scope the authorization (or token) request asked for. */
  requestedScope?: string | undefined;
  /** Sign DPoP proofs (RFC 9449): why, when the run does. */
  dpop?: { reason: string };
}

/** Space-separated scope tokens, without empties. */
export function scopeTokens(scope: string | undefined): string[] {
  return (scope ?? '').split(/\s+/).filter(Boolean);
}

export function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value) : undefined;
}

export function parseJsonRecord(text: string): JsonRecord | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : undefined;
  } catch {
    return undefined;
  }
}
