import { createHash, randomBytes } from 'node:crypto';
import type { DebugCheck } from '../../../../../shared/oauth-debugger.js';
import { redactUrl } from '../../../transports/http-redaction.js';
import { oauthErrorText } from '../../auth-steps.js';
import { check, chooseScope, issCheck, redirectUriChecks, RULE, scopeChecks } from '../checks.js';
import { getRequest, sentParams } from '../debug-request.js';
import { stringList, type FlowContext } from '../flow-context.js';
import { versionName, type SpecRules } from '../spec-rules.js';
import { noAnswer, type StepHandler } from '../step.js';

/** Redirect hops followed when the authorization page is followed without a browser. */
const MAX_HOPS = 5;

const skipWithoutBrowser = (ctx: FlowContext) =>
  ctx.settings.grant === 'client_credentials' ? 'The client_credentials grant has no authorization request: the client asks the token endpoint directly, as itself.' : undefined;

function scopeInputs(ctx: FlowContext) {
  const resourceScopes = stringList(ctx.resourceMetadata?.document.scopes_supported);
  const serverScopes = stringList(ctx.authorizationServerMetadata?.scopes_supported);
  return {
    ...(ctx.challenge?.scope ? { challenge: ctx.challenge.scope } : {}),
    ...(resourceScopes ? { resourceScopes } : {}),
    ...(serverScopes ? { serverScopes } : {}),
  };
}

/** Same origin and path: where a redirect lands, whatever its query. */
function samePlace(a: string, b: string): boolean {
  if (!URL.canParse(a) || !URL.canParse(b)) return false;
  const [x, y] = [new URL(a), new URL(b)];
  return x.origin === y.origin && x.pathname === y.pathname;
}

export const authorizationRequestStep: StepHandler = {
  kind: 'authorization-request',
  skip: skipWithoutBrowser,
  prepare: async (ctx) => {
    const verifier = randomBytes(32).toString('base64url');
    ctx.pkceVerifier = verifier;
    ctx.state = randomBytes(16).toString('base64url');
    const { scope } = chooseScope({ ...(ctx.settings.scopes ? { settings: ctx.settings.scopes } : {}), ...scopeInputs(ctx) });
    const url = new URL(ctx.endpoints!.authorization);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', ctx.client!.clientId);
    url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('redirect_uri', ctx.redirectUri);
    url.searchParams.set('state', ctx.state);
    if (scope) url.searchParams.set('scope', scope);
    if (scope?.split(' ').includes('offline_access')) url.searchParams.set('prompt', 'consent');
    if (ctx.resource) url.searchParams.set('resource', ctx.resource);
    const request = getRequest(url.toString(), {}, ['scope', 'redirect_uri', 'resource', 'state', 'prompt']);
    request.headers = {};
    return request;
  },
  requestChecks: (ctx, rules, request) => {
    const params = sentParams(request);
    const checks: DebugCheck[] = [];
    if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')) {
      checks.push(check('pkce', 'error', `The request does not carry a PKCE S256 challenge (code_challenge_method is ${params.get('code_challenge_method') ?? 'missing'}): every version requires PKCE.`, RULE.pkce));
    } else checks.push(check('pkce', 'ok', 'It carries a PKCE S256 challenge; the verifier stays with Loupe until the token request.', RULE.pkce));
    checks.push(...redirectUriChecks(params.get('redirect_uri') ?? undefined, ctx.redirectUri, ctx.client?.registeredRedirectUris));
    if (!params.get('state')) checks.push(check('state', 'warning', 'It has no `state`: clients SHOULD send one and check it on the way back, against request forgery.', 'OAuth 2.1 §7.12'));
    const resource = params.get('resource');
    if (rules.resourceIndicator) {
      if (!resource) checks.push(check('resource-param', 'error', `It has no \`resource\`, which ${versionName(rules)} says MUST be sent even to servers that ignore it.`, RULE.resourceIndicator));
      else if (ctx.resource && resource !== ctx.resource) checks.push(check('resource-param', 'warning', `\`resource\` is ${resource}, not ${ctx.resource}, the resource the metadata names.`, RULE.resourceIndicator));
      else checks.push(check('resource-param', 'ok', `\`resource\` ${resource} binds the token to this server.`, RULE.resourceIndicator));
    }
    checks.push(...scopeChecks(rules, params.get('scope') ?? undefined, scopeInputs(ctx)));
    return checks;
  },
  run: async (ctx, _rules, request, io) => {
    const params = sentParams(request!);
    const sentRedirect = params.get('redirect_uri') ?? undefined;
    ctx.sentAuthorization = {
      ...(sentRedirect ? { redirectUri: sentRedirect } : {}),
      ...(params.get('scope') ? { scope: params.get('scope')! } : {}),
      ...(params.get('resource') ? { resource: params.get('resource')! } : {}),
      ...(params.get('state') ? { state: params.get('state')! } : {}),
    };
    ctx.requestedScope = params.get('scope') ?? undefined;
    delete ctx.pendingRedirect;
    delete ctx.redirect;
    await io.listenForRedirect(params.get('state') ?? '');
    if (io.authorizeWith === 'browser') {
      io.openInBrowser(request!.url);
      return { ok: true, summary: 'Opened the authorization page in the browser: sign in there, and the redirect comes back to Loupe.', checks: [] };
    }
    // Without a browser: follow the authorization server's redirects until one goes back to the redirect URI,
    // but only within the authorization server's origins: it must not make Loupe fetch other hosts.
    let url = request!.url;
    const allowed = new Set([new URL(url).origin, ...(ctx.authorizationServerUrl && URL.canParse(ctx.authorizationServerUrl) ? [new URL(ctx.authorizationServerUrl).origin] : [])]);
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const sent = await io.send({ ...request!, url });
      if (!sent.response) return noAnswer('The authorization endpoint did not answer', sent);
      const location = sent.response.headers.get('location');
      if (sent.response.status < 300 || sent.response.status >= 400 || !location) {
        const reason = oauthErrorText(sent.response.text);
        return { ok: false, summary: `The authorization server answered ${sent.response.status} without redirecting back${reason ? `: ${reason}` : ''}.`, checks: [check('authorization', 'error', `The authorization request was refused or needs a person (${sent.response.status}${reason ? `, ${reason}` : ''}).`)] };
      }
      url = new URL(location, url).toString();
      if (sentRedirect && samePlace(url, sentRedirect)) {
        ctx.pendingRedirect = url;
        io.remember(new URL(url).searchParams.get('code') ?? undefined);
        return { ok: true, summary: `The authorization server approved at once and redirected back to ${redactUrl(url)}.`, checks: [] };
      }
      const origin = new URL(url).origin;
      if (!allowed.has(origin)) {
        return {
          ok: false,
          summary: `The authorization page redirected to ${origin}, which is neither the authorization server (${[...allowed].join(', ')}) nor the redirect URI; without a browser, Loupe does not follow it.`,
          checks: [],
        };
      }
    }
    return { ok: false, summary: `The authorization page redirected more than ${MAX_HOPS} times without coming back to the redirect URI.`, checks: [] };
  },
};

function redirectChecks(ctx: FlowContext, rules: SpecRules, query: URLSearchParams): { checks: DebugCheck[]; ok: boolean; summary: string } {
  const metadata = ctx.authorizationServerMetadata;
  const iss = query.get('iss') ?? undefined;
  const issVerdict = issCheck(rules, {
    ...(iss !== undefined ? { iss } : {}),
    ...(typeof metadata?.issuer === 'string' ? { recordedIssuer: metadata.issuer } : {}),
    issSupported: metadata?.authorization_response_iss_parameter_supported === true,
  });
  const checks: DebugCheck[] = [check('state', 'ok', 'The `state` came back as sent (Loupe\'s listener refuses any other).', 'OAuth 2.1 §7.12'), issVerdict];
  const error = query.get('error');
  if (issVerdict.blocking) return { checks, ok: false, summary: 'The response was rejected on its `iss` (RFC 9207), before its code or error was used.' };
  if (error) {
    const description = query.get('error_description');
    return { checks: [...checks, check('authorization-error', 'error', `The authorization server refused: ${error}${description ? ` — ${description}` : ''}.`, 'OAuth 2.1 §4.1.2.1')], ok: false, summary: `The authorization server refused: ${error}.` };
  }
  if (!query.get('code')) return { checks: [...checks, check('code', 'error', 'The redirect carries neither a `code` nor an `error`.', 'OAuth 2.1 §4.1.2')], ok: false, summary: 'The redirect carries no code.' };
  checks.push(check('code', 'ok', 'The redirect carries an authorization code (kept by Loupe, redacted here).', 'OAuth 2.1 §4.1.2'));
  return { checks, ok: true, summary: `The redirect came back with a code${iss ? ` and iss ${iss}` : ''}.` };
}

export const authorizationRedirectStep: StepHandler = {
  kind: 'authorization-redirect',
  idle: () => 'Waits for the browser to come back to Loupe\'s loopback listener with the code.',
  skip: skipWithoutBrowser,
  prepare: async (ctx) => (ctx.pendingRedirect ? { ...getRequest(ctx.pendingRedirect, {}, ['state', 'iss', 'code']), headers: {} } : undefined),
  run: async (ctx, rules, request, io) => {
    if (request) {
      // Followed without a browser: deliver the redirect to Loupe's listener, as a browser would.
      if (!samePlace(request.url, ctx.redirectUri)) {
        return { ok: false, summary: `The authorization server sent the code to ${redactUrl(request.url)}, not to Loupe's listener (${ctx.redirectUri}), so it cannot come back.`, checks: [] };
      }
      const sent = await io.send(request);
      if (!sent.response) return noAnswer('Loupe\'s redirect listener did not answer', sent);
      if (sent.response.status !== 200 && !new URL(request.url).searchParams.has('error')) {
        return {
          ok: false,
          summary: `Loupe's redirect listener refused the redirect (${sent.response.status}): its \`state\` is not the one sent.`,
          checks: [check('state', 'error', 'The redirect\'s `state` does not match the request\'s: a client MUST discard such a response.', 'OAuth 2.1 §7.12')],
        };
      }
    }
    const query = await io.awaitRedirect();
    ctx.redirect = {
      ...(query.get('code') ? { code: query.get('code')! } : {}),
      ...(query.get('iss') ? { iss: query.get('iss')! } : {}),
      ...(query.get('state') ? { state: query.get('state')! } : {}),
      ...(query.get('error') ? { error: query.get('error')! } : {}),
    };
    io.remember(ctx.redirect.code);
    return redirectChecks(ctx, rules, query);
  },
};
