import { computeScopeUnion, SERVER_INFO_META_KEY } from '@modelcontextprotocol/client';
import type { DebugCheck } from '../../../../../shared/oauth-debugger.js';
import { judgeRevocation, NO_REVOCATION_ENDPOINT, revocationRequests } from '../../token-revocation.js';
import { privateKeyJwtSigner } from '../../client-auth.js';
import { check, RULE } from '../checks.js';
import { formRequest, type PreparedRequest } from '../debug-request.js';
import { answerArrived, mcpRequest, ourAnswer, rpcMessages } from '../mcp-request.js';
import type { FlowContext } from '../flow-context.js';
import { noAnswer, type StepHandler } from '../step.js';
import { challengeOf, parseWwwAuthenticate } from '../../www-authenticate.js';

export const authenticatedRequestStep: StepHandler = {
  kind: 'authenticated-request',
  skip: (ctx) => (ctx.tokens ? undefined : 'There is no access token to send.'),
  prepare: async (ctx, rules) => {
    const dpopBound = ctx.tokens!.token_type.toLowerCase() === 'dpop';
    const request = mcpRequest(ctx, rules, { scheme: dpopBound ? 'DPoP' : 'Bearer', token: ctx.tokens!.access_token });
    if (dpopBound) request.dpop = { accessToken: ctx.tokens!.access_token };
    return request;
  },
  run: async (ctx, rules, request, io) => {
    if (request!.body) io.recordMessage('out', JSON.parse(request!.body) as unknown, request!.body);
    const sent = await io.send(request!, answerArrived(ctx.transport === 'sse'));
    if (!sent.response) return { ...noAnswer('The server did not answer', sent), stopsRun: false };
    const messages = rpcMessages(sent.response);
    for (const reply of messages) io.recordMessage('in', reply.value, reply.text);
    const { status } = sent.response;
    const challenge = challengeOf(parseWwwAuthenticate(sent.response.headers.get('www-authenticate') ?? ''), 'bearer', 'dpop');
    const checks: DebugCheck[] = [];
    if (status === 401) {
      checks.push(check('accepted', 'error', `The server refused the token (401${challenge?.params.error ? `, ${challenge.params.error}` : ''}${challenge?.params.error_description ? `: ${challenge.params.error_description}` : ''}).`, 'OAuth 2.1 §5.3'));
      return { ok: false, stopsRun: false, summary: 'The server refused the access token.', checks };
    }
    if (status === 403) {
      const wider = computeScopeUnion(ctx.requestedScope, challenge?.params.scope);
      checks.push(check('accepted', 'warning', `The server wants more scope (403${challenge?.params.error ? ` ${challenge.params.error}` : ''}): a step-up would ask for "${wider ?? '?'}" (the scopes asked before and the challenge's).`, RULE.scopes));
      return { ok: false, stopsRun: false, summary: 'The server accepted the token but wants more scope.', checks };
    }
    if (ctx.transport === 'sse' && status === 200) {
      checks.push(check('accepted', 'ok', `The server accepted the ${ctx.tokens!.token_type} token and opened its event stream.`, 'OAuth 2.1 §5.1'));
      return { ok: true, summary: 'The server opened its SSE stream with the token.', checks };
    }
    const answer = ourAnswer(messages);
    if (status < 200 || status >= 300 || !answer) {
      checks.push(check('accepted', 'error', `The server answered ${status}${answer ? '' : ' without an answer to the request'}.`));
      return { ok: false, stopsRun: false, summary: `The server answered ${status}.`, checks };
    }
    if (answer.error) {
      checks.push(check('accepted', 'warning', `The token was accepted, but \`${rules.mcpMethod}\` failed: ${String(answer.error.message ?? answer.error.code)}.`));
      return { ok: true, summary: `Accepted the token; \`${rules.mcpMethod}\` answered with an error.`, checks };
    }
    // 2026-07-28 puts the server's name in the result's `_meta`; initialize in `serverInfo`.
    const meta = answer.result?._meta as Record<string, unknown> | undefined;
    const info = (answer.result?.serverInfo ?? meta?.[SERVER_INFO_META_KEY] ?? {}) as { name?: unknown; version?: unknown };
    checks.push(check('accepted', 'ok', `The server accepted the ${ctx.tokens!.token_type} token and answered \`${rules.mcpMethod}\`.`, 'OAuth 2.1 §5.1'));
    return { ok: true, summary: `The server answered with the token${typeof info.name === 'string' ? `: ${info.name}${typeof info.version === 'string' ? ` ${info.version}` : ''}` : ''}.`, checks };
  },
};

async function revocations(ctx: FlowContext): Promise<PreparedRequest[]> {
  const client = ctx.client;
  const signer = client?.authMethod === 'private_key_jwt' && ctx.storedClientSecret ? privateKeyJwtSigner(client.clientId, ctx.storedClientSecret) : undefined;
  const requests = await revocationRequests(ctx.tokens ?? {}, {
    ...(ctx.endpoints?.revocation ? { metadata: { ...(ctx.authorizationServerMetadata ?? {}), revocation_endpoint: ctx.endpoints.revocation } } : {}),
    ...(client ? { client: { client_id: client.clientId, ...(client.clientSecret ? { client_secret: client.clientSecret } : {}) } } : {}),
    ...(signer ? { privateKeyJwt: signer } : {}),
  });
  return requests.map((request) => formRequest(request.url, new URLSearchParams(request.body), request.headers, ['token_type_hint']));
}

export const tokenRevocationStep: StepHandler = {
  kind: 'token-revocation',
  skip: (ctx) => (ctx.tokens ? undefined : 'There are no tokens to revoke.'),
  // The refresh token's revocation is the request shown (and edited); the access token's follows it.
  prepare: async (ctx) => (await revocations(ctx))[0],
  run: async (ctx, _rules, request, io) => {
    if (!request) return { ok: true, summary: NO_REVOCATION_ENDPOINT, checks: [check('revocation', 'warning', NO_REVOCATION_ENDPOINT, RULE.revocation)] };
    const [, ...rest] = await revocations(ctx);
    const checks: DebugCheck[] = [];
    for (const next of [request, ...rest]) {
      const hint = new URLSearchParams(next.body).get('token_type_hint') === 'access_token' ? 'access_token' : 'refresh_token';
      const sent = await io.send(next);
      const result = judgeRevocation(hint, { ...(sent.response ? { status: sent.response.status, text: sent.response.text } : {}), ...(sent.error ? { error: sent.error } : {}) });
      checks.push(check(`revoke-${hint}`, result.revoked ? 'ok' : 'warning', result.sentence, RULE.revocation));
    }
    return { ok: true, summary: checks.map((item) => item.sentence).join(' '), checks };
  },
};
