import { checkResourceAllowed, IssuerMismatchError, resourceUrlFromServerUrl, specTypeSchemas, validateAuthorizationResponseIssuer } from '@modelcontextprotocol/client';
import type { DebugCheck } from '../../../../shared/oauth-debugger.js';
import { scopeTokens } from './flow-context.js';
import { versionName, type SpecRules } from './spec-rules.js';

/** The rules the checks cite, in one place. */
export const RULE = {
  https: 'OAuth 2.1 §1.5 (Communication Security)',
  rfc9728Resource: 'RFC 9728 §3.3',
  rfc9728: 'RFC 9728',
  rfc8414Issuer: 'RFC 8414 §3.3',
  rfc9207: 'RFC 9207 §2.4',
  pkce: 'OAuth 2.1 §4.1.1 (PKCE)',
  redirectUri: 'OAuth 2.1 §2.3.1, RFC 8252 §7.3',
  resourceIndicator: 'RFC 8707 §2',
  scopes: 'RFC 6750 §3, MCP scope selection',
  wwwAuthenticate: 'RFC 9110 §11.6.1, RFC 6750 §3',
  noStore: 'OAuth 2.1 §3.2.3',
  dpop: 'RFC 9449',
  revocation: 'RFC 7009',
  dcr: 'RFC 7591',
  cimd: 'OAuth Client ID Metadata Document',
  refreshRotation: 'OAuth 2.1 §4.3.1',
} as const;

export function check(id: string, level: DebugCheck['level'], sentence: string, rule?: string): DebugCheck {
  return { id, level, sentence, ...(rule ? { rule } : {}) };
}

/** A check whose verdict stops the run: the version says a client must not go on. */
export function blocking(id: string, sentence: string, rule?: string): DebugCheck {
  return { ...check(id, 'error', sentence, rule), blocking: true };
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Every authorization server endpoint MUST be HTTPS; loopback http is allowed for local development (as the SDK does). */
export function httpsCheck(id: string, what: string, url: string): DebugCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return check(id, 'error', `${what} (${url}) is not an absolute URL.`, RULE.https);
  }
  if (parsed.protocol === 'https:') return check(id, 'ok', `${what} is served over HTTPS.`, RULE.https);
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) {
    return check(id, 'ok', `${what} is plain http on a loopback address: fine for local development; anywhere else it MUST be HTTPS.`, RULE.https);
  }
  return check(id, 'error', `${what} (${parsed.origin}) is not HTTPS: every authorization server endpoint MUST be served over HTTPS.`, RULE.https);
}

function sameIgnoringTrailingSlash(a: string, b: string): boolean {
  return a.replace(/\/$/, '') === b.replace(/\/$/, '');
}

/**
 * RFC 9728 §3.3: the metadata's `resource` MUST be identical to the resource the client asked
 * about (the MCP server's URL); the MCP SDK accepts the same origin with a path prefix. Returns
 * the checks and whether the run may use the value.
 */
export function resourceChecks(serverUrl: string, resource: unknown): { checks: DebugCheck[]; usable: boolean } {
  const expected = resourceUrlFromServerUrl(serverUrl).toString();
  if (typeof resource !== 'string' || resource === '') {
    return { checks: [blocking('resource-match', 'The metadata has no `resource`: RFC 9728 §2 requires it, so it cannot be checked against this server.', RULE.rfc9728Resource)], usable: false };
  }
  let parsed: URL;
  try {
    parsed = new URL(resource);
  } catch {
    return { checks: [blocking('resource-match', `\`resource\` "${resource}" is not an absolute URI.`, RULE.rfc9728Resource)], usable: false };
  }
  if (parsed.hash) return { checks: [blocking('resource-match', `\`resource\` ${resource} has a fragment, which a resource identifier MUST NOT have.`, RULE.resourceIndicator)], usable: false };
  if (resource === serverUrl || resource === expected) {
    return { checks: [check('resource-match', 'ok', `\`resource\` is ${resource}, this server's URL, as RFC 9728 §3.3 requires.`, RULE.rfc9728Resource)], usable: true };
  }
  if (parsed.origin !== new URL(expected).origin) {
    return {
      checks: [
        blocking(
          'resource-match',
          `\`resource\` ${resource} is on another origin than the server (${expected}): the metadata MUST NOT be used, since a token asked for it would be for an audience this server does not own.`,
          RULE.rfc9728Resource,
        ),
      ],
      usable: false,
    };
  }
  if (sameIgnoringTrailingSlash(resource, expected)) {
    return { checks: [check('resource-match', 'warning', `\`resource\` ${resource} differs from the server's URL ${expected} by a trailing slash only; RFC 9728 §3.3 asks for the identical string.`, RULE.rfc9728Resource)], usable: true };
  }
  if (checkResourceAllowed({ requestedResource: expected, configuredResource: resource })) {
    return {
      checks: [
        check('resource-match', 'warning', `\`resource\` ${resource} is not this server's URL ${expected} but a path prefix of it: RFC 9728 §3.3 asks for the identical URL; the MCP SDK and most clients accept a prefix.`, RULE.rfc9728Resource),
      ],
      usable: true,
    };
  }
  return {
    checks: [
      check(
        'resource-match',
        'error',
        `\`resource\` ${resource} is neither this server's URL ${expected} nor a prefix of it: RFC 9728 §3.3 says not to use the metadata, and the MCP SDK (Loupe's own sign-in) refuses it. The debugger goes on with it to show what the authorization server does.`,
        RULE.rfc9728Resource,
      ),
    ],
    usable: true,
  };
}

/** RFC 8414 §3.3: the metadata's `issuer` is the URL discovery started from (a trailing slash apart, as the SDK allows). */
export function issuerCheck(rules: SpecRules, expected: string, issuer: unknown): DebugCheck {
  const matches = typeof issuer === 'string' && (issuer === expected || (expected.endsWith('/') && issuer === expected.slice(0, -1)));
  if (matches) return check('issuer', 'ok', `\`issuer\` ${String(issuer)} is the URL the metadata was looked up for.`, RULE.rfc8414Issuer);
  const shown = typeof issuer === 'string' ? issuer : 'missing';
  const sentence = `\`issuer\` (${shown}) is not ${expected}, the authorization server the metadata was looked up for`;
  if (rules.issuerCheckInVersion) return blocking('issuer', `${sentence}: ${versionName(rules)} says the client MUST NOT use this metadata (a mix-up defence).`, RULE.rfc8414Issuer);
  if (rules.resourceMetadata === 'none') {
    return check('issuer', 'warning', `${sentence}. ${versionName(rules)} derives the authorization server from the MCP server's origin and many servers of that era publish another issuer; RFC 8414 still says reject it.`, RULE.rfc8414Issuer);
  }
  return check('issuer', 'error', `${sentence}: RFC 8414, which ${versionName(rules)} follows, says reject it; Loupe's own sign-in refuses it unless the server's OAuth settings allow another issuer.`, RULE.rfc8414Issuer);
}

/** PKCE support can only be read from the metadata (`code_challenge_methods_supported`). */
export function pkceSupportCheck(rules: SpecRules, methods: unknown): DebugCheck {
  if (methods === undefined) {
    if (rules.pkceMetadataRequired) {
      return blocking('pkce-methods', `The metadata has no \`code_challenge_methods_supported\`: ${versionName(rules)} says a client MUST refuse to go on, since it cannot tell that the server does PKCE.`, RULE.pkce);
    }
    return check('pkce-methods', 'warning', `The metadata has no \`code_challenge_methods_supported\`; ${versionName(rules)} requires PKCE but gives no way to check for it, so the flow goes on with S256.`, RULE.pkce);
  }
  if (!Array.isArray(methods) || !methods.includes('S256')) {
    return blocking('pkce-methods', `\`code_challenge_methods_supported\` is ${JSON.stringify(methods)}, without S256, which OAuth 2.1 has clients use.`, RULE.pkce);
  }
  return check('pkce-methods', 'ok', 'The server does PKCE with S256 (`code_challenge_methods_supported`).', RULE.pkce);
}

/**
 * RFC 9207 §2.4 on the authorization response, under the version's rules: 2026-07-28 MUST
 * validate (the SDK's table decides); earlier versions do not ask it, so a mismatch is a warning.
 */
export function issCheck(rules: SpecRules, input: { iss?: string; recordedIssuer?: string; issSupported: boolean }): DebugCheck {
  if (input.recordedIssuer === undefined) {
    return check('iss', 'ok', 'There is no validated metadata, so no recorded issuer to compare an `iss` with.', RULE.rfc9207);
  }
  let problem: string | undefined;
  try {
    validateAuthorizationResponseIssuer({ iss: input.iss, expectedIssuer: input.recordedIssuer, issParameterSupported: input.issSupported });
  } catch (error) {
    if (!(error instanceof IssuerMismatchError)) throw error;
    problem =
      input.iss === undefined
        ? `The metadata promises an \`iss\` (authorization_response_iss_parameter_supported) but the response has none`
        : `\`iss\` is ${input.iss} but the issuer recorded from the metadata is ${input.recordedIssuer}: the code may come from another authorization server (a mix-up)`;
  }
  if (problem === undefined) {
    if (input.iss !== undefined) return check('iss', 'ok', `\`iss\` ${input.iss} is the issuer recorded from the metadata.`, RULE.rfc9207);
    return check('iss', 'ok', rules.issValidation ? 'No `iss`, and the metadata does not promise one: the client proceeds.' : `No \`iss\`; ${versionName(rules)} does not ask for one.`, RULE.rfc9207);
  }
  if (rules.issValidation) return blocking('iss', `${problem}. ${versionName(rules)} says reject the response before the code is redeemed, and not to act on its error fields.`, RULE.rfc9207);
  return check('iss', 'warning', `${problem}. ${versionName(rules)} does not ask clients to check \`iss\`, but 2026-07-28 and the MCP SDK (Loupe's own sign-in) reject it.`, RULE.rfc9207);
}

/** Redirect URIs MUST be loopback or HTTPS, and registered; Loupe listens on its own. */
export function redirectUriChecks(redirectUri: string | undefined, loupeRedirect: string, registered?: readonly string[]): DebugCheck[] {
  if (!redirectUri) return [check('redirect-uri', 'error', 'The request has no `redirect_uri`: the authorization server has nowhere (registered) to send the code.', RULE.redirectUri)];
  let parsed: URL;
  try {
    parsed = new URL(redirectUri);
  } catch {
    return [check('redirect-uri', 'error', `\`redirect_uri\` "${redirectUri}" is not an absolute URL.`, RULE.redirectUri)];
  }
  const checks: DebugCheck[] = [];
  if (parsed.protocol === 'https:') checks.push(check('redirect-uri', 'ok', `\`redirect_uri\` ${redirectUri} is HTTPS.`, RULE.redirectUri));
  else if (parsed.protocol === 'http:' && parsed.hostname === 'localhost') {
    checks.push(check('redirect-uri', 'warning', `\`redirect_uri\` uses "localhost": RFC 8252 §8.3 prefers the loopback IP (127.0.0.1), which cannot be resolved elsewhere.`, RULE.redirectUri));
  } else if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) {
    checks.push(check('redirect-uri', 'ok', `\`redirect_uri\` ${redirectUri} is a loopback address (RFC 8252 §7.3).`, RULE.redirectUri));
  } else {
    checks.push(check('redirect-uri', 'error', `\`redirect_uri\` ${redirectUri} is neither loopback nor HTTPS, which every version of the spec requires.`, RULE.redirectUri));
  }
  if (registered && !registered.includes(redirectUri)) {
    checks.push(check('redirect-uri-registered', 'error', `\`redirect_uri\` ${redirectUri} is not one the client registered (${registered.join(', ') || 'none'}): the server MUST refuse it.`, RULE.redirectUri));
  }
  if (redirectUri !== loupeRedirect) {
    checks.push(check('redirect-uri-loupe', 'warning', `\`redirect_uri\` is not Loupe's listener for this run (${loupeRedirect}): a code sent there cannot come back to Loupe.`, RULE.redirectUri));
  }
  return checks;
}

export type ScopeSource = 'challenge' | 'resource-metadata' | 'settings' | 'none';

/**
 * Which scope to ask for. The person's setting wins; else 2025-11-25 on: the challenge's, else PRM
 * `scopes_supported`; earlier versions the same order, as the SDK does. `offline_access` is added
 * where the authorization server lists it (the SDK's rule; 2026-07-28 allows it).
 */
export function chooseScope(input: { settings?: string; challenge?: string; resourceScopes?: string[]; serverScopes?: string[] }): { scope?: string; source: ScopeSource } {
  const base: { scope?: string; source: ScopeSource } = input.settings
    ? { scope: input.settings, source: 'settings' }
    : input.challenge
      ? { scope: input.challenge, source: 'challenge' }
      : input.resourceScopes?.length
        ? { scope: input.resourceScopes.join(' '), source: 'resource-metadata' }
        : { source: 'none' };
  if (base.scope && input.serverScopes?.includes('offline_access') && !scopeTokens(base.scope).includes('offline_access')) base.scope = `${base.scope} offline_access`;
  return base;
}

export function scopeChecks(rules: SpecRules, sent: string | undefined, input: { challenge?: string; resourceScopes?: string[]; serverScopes?: string[] }): DebugCheck[] {
  const asked = scopeTokens(sent);
  const checks: DebugCheck[] = [];
  if (asked.length === 0) {
    const hint = input.challenge ?? input.resourceScopes?.join(' ');
    checks.push(hint ? check('scope', 'warning', `No \`scope\` is asked for, though the server ${input.challenge ? 'challenged for' : 'advertises'} "${hint}".`, RULE.scopes) : check('scope', 'ok', 'No `scope`: none was challenged or advertised, so the authorization server\'s default applies.', RULE.scopes));
    return checks;
  }
  const missing = scopeTokens(input.challenge).filter((token) => !asked.includes(token));
  if (missing.length > 0) {
    checks.push(
      check(
        'scope-challenge',
        'warning',
        `The challenge asked for "${missing.join(' ')}", which the request leaves out${rules.scopeSelection ? `: ${versionName(rules)} has clients treat the challenge's scopes as authoritative` : ''}.`,
        RULE.scopes,
      ),
    );
  }
  const unknown = input.serverScopes ? asked.filter((token) => !input.serverScopes!.includes(token)) : [];
  if (unknown.length > 0) checks.push(check('scope-supported', 'warning', `"${unknown.join(' ')}" is not in the authorization server's \`scopes_supported\`.`, RULE.scopes));
  if (checks.length === 0) checks.push(check('scope', 'ok', `Asks for \`scope\` "${asked.join(' ')}".`, RULE.scopes));
  return checks;
}

type MetadataType = 'OAuthProtectedResourceMetadata' | 'OAuthMetadata' | 'OpenIdProviderDiscoveryMetadata' | 'OAuthClientInformationFull' | 'OAuthTokens';

/** Checks a document against the SDK's schema for it (the shape the spec gives); one sentence for the first problems. */
export function shapeCheck(id: string, what: string, type: MetadataType, document: unknown, rule?: string): DebugCheck {
  const result = specTypeSchemas[type]['~standard'].validate(document);
  if (!('issues' in result) || !result.issues?.length) return check(id, 'ok', `${what} has the shape the spec gives it.`, rule);
  const problems = result.issues.slice(0, 3).map((issue) => {
    const path = (issue.path ?? []).map((part) => String(typeof part === 'object' && part !== null && 'key' in part ? part.key : part)).join('.');
    return `${path || 'the document'}: ${issue.message}`;
  });
  return check(id, 'error', `${what} does not have the shape the spec gives it (${problems.join('; ')}${result.issues.length > 3 ? '; …' : ''}).`, rule);
}
