import type { DebugCheck } from '../../../../../shared/oauth-debugger.js';
import { oauthErrorText } from '../../auth-steps.js';
import { applyClientAuth, privateKeyJwtSigner } from '../../client-auth.js';
import { blocking, check, chooseScope, RULE, shapeCheck } from '../checks.js';
import type { ReadResponse } from '../debug-http.js';
import { formRequest, sentParams, type PreparedRequest } from '../debug-request.js';
import { parseJsonRecord, scopeTokens, stringList, type DebugTokens, type FlowContext } from '../flow-context.js';
import { versionName } from '../spec-rules.js';
import { noAnswer, type StepHandler, type StepIo, type StepOutcome } from '../step.js';

/** A token-endpoint request (token, refresh) with the client's authentication and, where wanted, a DPoP proof. */
async function tokenEndpointRequest(ctx: FlowContext, form: URLSearchParams, suggested: string[]): Promise<PreparedRequest> {
  const client = ctx.client!;
  const headers: Record<string, string> = {};
  const signer = client.authMethod === 'private_key_jwt' && ctx.storedClientSecret ? privateKeyJwtSigner(client.clientId, ctx.storedClientSecret) : undefined;
  await applyClientAuth(
    client.authMethod,
    { client_id: client.clientId, ...(client.clientSecret ? { client_secret: client.clientSecret } : {}) },
    headers,
    form,
    signer ? { sign: signer, url: new URL(ctx.endpoints!.token), metadata: ctx.authorizationServerMetadata as never } : undefined,
  );
  const request = formRequest(ctx.endpoints!.token, form, headers, suggested);
  if (ctx.dpop) request.dpop = {};
  return request;
}

/** The JWT payload of a token, when it is a JWT (many are opaque). */
function jwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Checks every token response gets: shape, no-store, token type against DPoP, scope, audience. */
function tokenResponseChecks(ctx: FlowContext, response: ReadResponse, tokens: DebugTokens, requestedScope: string | undefined, sentResource: string | undefined): DebugCheck[] {
  const checks: DebugCheck[] = [shapeCheck('token-shape', 'The token response', 'OAuthTokens', parseJsonRecord(response.text), 'OAuth 2.1 §3.2.3')];
  const cacheControl = response.headers.get('cache-control') ?? '';
  checks.push(
    /no-store/i.test(cacheControl)
      ? check('no-store', 'ok', 'The response says Cache-Control: no-store.', RULE.noStore)
      : check('no-store', 'warning', `The response does not say Cache-Control: no-store (it says "${cacheControl || 'nothing'}"), which a token response MUST.`, RULE.noStore),
  );
  const type = tokens.token_type.toLowerCase();
  if (ctx.dpop) {
    checks.push(
      type === 'dpop'
        ? check('token-type', 'ok', 'token_type is DPoP: the token is bound to Loupe\'s key, and useless without its proofs.', RULE.dpop)
        : check('token-type', 'warning', `token_type is ${tokens.token_type}, not DPoP: the server ignored the proof, so the token is not bound to Loupe's key.`, RULE.dpop),
    );
  } else if (type === 'dpop') {
    checks.push(check('token-type', 'error', 'token_type is DPoP, but Loupe sent no proof: the server must not bind a token to a key it was never shown.', RULE.dpop));
  } else if (type !== 'bearer') {
    checks.push(check('token-type', 'warning', `token_type is "${tokens.token_type}", neither Bearer nor DPoP.`, 'OAuth 2.1 §5.1'));
  } else checks.push(check('token-type', 'ok', 'token_type is Bearer.', 'OAuth 2.1 §5.1'));
  const granted = tokens.scope === undefined ? undefined : scopeTokens(tokens.scope);
  const asked = scopeTokens(requestedScope);
  if (granted && asked.some((token) => !granted.includes(token))) {
    checks.push(check('granted-scope', 'warning', `Granted "${tokens.scope}", less than the "${asked.join(' ')}" asked for.`, 'OAuth 2.1 §3.2.3'));
  }
  const claims = jwtClaims(tokens.access_token);
  if (claims && sentResource) {
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    checks.push(
      audience.includes(sentResource)
        ? check('audience', 'ok', `The access token (a JWT) names ${sentResource} in its \`aud\`.`, RULE.resourceIndicator)
        : check('audience', 'warning', `The access token (a JWT) has \`aud\` ${JSON.stringify(claims.aud)}, not the resource ${sentResource} it was asked for.`, RULE.resourceIndicator),
    );
  }
  return checks;
}

/** Reads tokens out of a token endpoint's answer, or says why there are none. */
function readTokens(response: ReadResponse): DebugTokens | string {
  const body = parseJsonRecord(response.text);
  if (response.status !== 200 || !body) {
    const reason = oauthErrorText(response.text);
    return `${response.status}${reason ? ` — ${reason}` : response.truncated ? ' (the body was cut at the size limit)' : ''}`;
  }
  if (typeof body.access_token !== 'string' || typeof body.token_type !== 'string') return `${response.status}, but without access_token and token_type`;
  return {
    access_token: body.access_token,
    token_type: body.token_type,
    ...(typeof body.refresh_token === 'string' ? { refresh_token: body.refresh_token } : {}),
    ...(typeof body.scope === 'string' ? { scope: body.scope } : {}),
    ...(typeof body.expires_in === 'number' ? { expires_in: body.expires_in } : {}),
  };
}

async function redeem(ctx: FlowContext, request: PreparedRequest, io: StepIo, what: string): Promise<{ outcome?: StepOutcome; tokens?: DebugTokens; response?: ReadResponse }> {
  const sent = await io.send(request);
  if (!sent.response) return { outcome: noAnswer(`The token endpoint did not answer the ${what}`, sent) };
  const tokens = readTokens(sent.response);
  if (typeof tokens === 'string') {
    return { outcome: { ok: false, summary: `The ${what} was refused: ${tokens}.`, checks: [blocking('token', `The token endpoint refused the ${what} (${tokens}).`, 'OAuth 2.1 §3.2.4')] } };
  }
  const body = parseJsonRecord(sent.response.text);
  io.remember(tokens.access_token, tokens.refresh_token, typeof body?.id_token === 'string' ? body.id_token : undefined);
  return { tokens, response: sent.response };
}

export const tokenRequestStep: StepHandler = {
  kind: 'token-request',
  skip: () => undefined,
  prepare: async (ctx, rules) => {
    const form = new URLSearchParams();
    if (ctx.settings.grant === 'client_credentials') {
      form.set('grant_type', 'client_credentials');
      const { scope } = chooseScope({
        ...(ctx.settings.scopes ? { settings: ctx.settings.scopes } : {}),
        ...(ctx.challenge?.scope ? { challenge: ctx.challenge.scope } : {}),
        ...(stringList(ctx.resourceMetadata?.document.scopes_supported) ? { resourceScopes: stringList(ctx.resourceMetadata?.document.scopes_supported)! } : {}),
      });
      if (scope) form.set('scope', scope);
    } else {
      form.set('grant_type', 'authorization_code');
      form.set('code', ctx.redirect?.code ?? '');
      form.set('code_verifier', ctx.pkceVerifier ?? '');
      form.set('redirect_uri', ctx.sentAuthorization?.redirectUri ?? ctx.redirectUri);
    }
    if (rules.resourceIndicator && ctx.resource) form.set('resource', ctx.resource);
    return tokenEndpointRequest(ctx, form, ['scope', 'resource', 'redirect_uri', 'code_verifier']);
  },
  requestChecks: (ctx, rules, request) => {
    const params = sentParams(request);
    const checks: DebugCheck[] = [];
    if (rules.resourceIndicator && !params.get('resource')) checks.push(check('resource-param', 'error', `It has no \`resource\`, which ${versionName(rules)} says the token request MUST carry too.`, RULE.resourceIndicator));
    if (params.get('grant_type') === 'authorization_code') {
      if (!params.get('code_verifier')) checks.push(check('pkce', 'error', 'It has no `code_verifier`: the server cannot check PKCE.', RULE.pkce));
      const redirect = params.get('redirect_uri');
      if (ctx.sentAuthorization?.redirectUri && redirect !== ctx.sentAuthorization.redirectUri) {
        checks.push(check('redirect-uri', 'warning', `\`redirect_uri\` (${redirect ?? 'missing'}) is not the one the authorization request sent; the server should refuse the code.`, RULE.redirectUri));
      }
    }
    return checks;
  },
  run: async (ctx, _rules, request, io) => {
    const params = sentParams(request!);
    if (params.get('grant_type') === 'client_credentials') ctx.requestedScope = params.get('scope') ?? undefined;
    const { outcome, tokens, response } = await redeem(ctx, request!, io, params.get('grant_type') === 'client_credentials' ? 'client credentials grant' : 'authorization code');
    if (outcome) return outcome;
    ctx.tokens = tokens!;
    const checks = tokenResponseChecks(ctx, response!, tokens!, ctx.requestedScope, params.get('resource') ?? undefined);
    checks.push(
      tokens!.refresh_token
        ? check('refresh-token', 'ok', 'A refresh token came too.', 'OAuth 2.1 §4.3')
        : check('refresh-token', 'ok', 'No refresh token: the server decides whether to issue one, and clients must not assume it will.', 'OAuth 2.1 §4.3'),
    );
    return { ok: true, summary: `Got a ${tokens!.token_type} access token${tokens!.expires_in !== undefined ? ` for ${tokens!.expires_in} s` : ''}${tokens!.scope ? ` with scope "${tokens!.scope}"` : ''}${tokens!.refresh_token ? ', and a refresh token' : ''}.`, checks };
  },
};

export const tokenRefreshStep: StepHandler = {
  kind: 'token-refresh',
  skip: (ctx) => (ctx.tokens?.refresh_token ? undefined : 'The token response had no refresh token, so there is nothing to refresh.'),
  prepare: async (ctx, rules) => {
    const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: ctx.tokens!.refresh_token! });
    if (rules.resourceIndicator && ctx.resource) form.set('resource', ctx.resource);
    return tokenEndpointRequest(ctx, form, ['scope', 'resource']);
  },
  run: async (ctx, rules, request, io) => {
    const previous = ctx.tokens!;
    const { outcome, tokens, response } = await redeem(ctx, request!, io, 'refresh');
    if (outcome) return outcome;
    const refreshed = { ...tokens!, ...(tokens!.refresh_token ? {} : previous.refresh_token ? { refresh_token: previous.refresh_token } : {}) };
    ctx.tokens = refreshed;
    const checks = tokenResponseChecks(ctx, response!, tokens!, sentParams(request!).get('scope') ?? undefined, sentParams(request!).get('resource') ?? undefined);
    const rotated = tokens!.refresh_token !== undefined && tokens!.refresh_token !== previous.refresh_token;
    const publicClient = ctx.client?.authMethod === 'none';
    if (rotated) checks.push(check('rotation', 'ok', 'The refresh token was rotated: the old one should no longer work.', RULE.refreshRotation));
    else if (publicClient && !ctx.dpop) {
      checks.push(
        rules.refreshRotationRequired
          ? check('rotation', 'error', `The refresh token was not rotated; ${versionName(rules)} says the server MUST rotate a public client's refresh tokens.`, RULE.refreshRotation)
          : check('rotation', 'warning', `The refresh token was not rotated; ${versionName(rules)} says token rotation SHOULD be implemented.`, RULE.refreshRotation),
      );
    } else checks.push(check('rotation', 'ok', 'The refresh token was kept, which is allowed for a confidential or DPoP-bound client.', RULE.refreshRotation));
    return { ok: true, summary: `Refreshed: a new ${tokens!.token_type} access token${rotated ? ' and a new refresh token' : ''}.`, checks };
  },
};
