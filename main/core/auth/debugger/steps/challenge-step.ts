import type { DebugCheck } from '../../../../../shared/oauth-debugger.js';
import { check, RULE } from '../checks.js';
import { mcpRequest, answerArrived, rpcMessages } from '../mcp-request.js';
import { versionName, type SpecRules } from '../spec-rules.js';
import { noAnswer, type StepHandler } from '../step.js';
import { challengeOf, parseWwwAuthenticate, type AuthChallenge } from '../../www-authenticate.js';
import type { LearnedChallenge } from '../flow-context.js';

function challengeChecks(rules: SpecRules, status: number, header: string | undefined, challenges: AuthChallenge[]): DebugCheck[] {
  const v = versionName(rules);
  if (status >= 200 && status < 300) {
    return [check('status', 'warning', `The server answered ${status} without a token: it does not ask for authorization here (the flow goes on, to check its authorization server).`)];
  }
  const checks: DebugCheck[] = [];
  if (status === 401) checks.push(check('status', 'ok', 'The server answered 401 Unauthorized, as a protected MCP server must without a token.'));
  else if (status === 403) checks.push(check('status', 'warning', 'The server answered 403 where 401 is expected for a request without credentials.', RULE.wwwAuthenticate));
  else checks.push(check('status', 'error', `The server answered ${status}, not 401: a client cannot tell that it needs authorization.`));
  if (header === undefined) {
    checks.push(check('www-authenticate', 'error', 'The answer has no WWW-Authenticate header, which every 401 MUST carry (RFC 9110 §15.5.2).', RULE.wwwAuthenticate));
    if (rules.resourceMetadata === 'header') checks.push(check('resource-metadata-param', 'error', `${v} says the server MUST name its protected resource metadata there (\`resource_metadata\`).`, RULE.rfc9728));
    return checks;
  }
  const usable = challengeOf(challenges, 'bearer', 'dpop');
  if (!usable) {
    checks.push(check('www-authenticate', 'error', `WWW-Authenticate offers ${challenges.map((c) => c.scheme).join(', ') || 'nothing readable'}, neither Bearer nor DPoP.`, RULE.wwwAuthenticate));
    return checks;
  }
  checks.push(check('www-authenticate', 'ok', `WWW-Authenticate offers ${challenges.map((c) => c.scheme).join(' and ')}.`, RULE.wwwAuthenticate));
  const params = usable.params;
  if (rules.resourceMetadata !== 'none') {
    if (params.resource_metadata) checks.push(check('resource-metadata-param', 'ok', `It names the protected resource metadata: ${params.resource_metadata}.`, RULE.rfc9728));
    else if (rules.resourceMetadata === 'header') checks.push(check('resource-metadata-param', 'error', `It has no \`resource_metadata\`, which ${v} says the server MUST send.`, RULE.rfc9728));
    else checks.push(check('resource-metadata-param', 'warning', `It has no \`resource_metadata\`: the client falls back to the well-known URIs.`, RULE.rfc9728));
  }
  if (rules.scopeSelection) {
    checks.push(
      params.scope
        ? check('challenge-scope', 'ok', `It asks for scope "${params.scope}", which the client requests first.`, RULE.scopes)
        : check('challenge-scope', 'warning', `It has no \`scope\`, which ${v} says the server SHOULD include; the client falls back to \`scopes_supported\`.`, RULE.scopes),
    );
  }
  if (params.error) {
    checks.push(
      params.error === 'invalid_token' || params.error === 'insufficient_scope'
        ? check('challenge-error', 'warning', `It carries error="${params.error}", which RFC 6750 §3.1 says a server SHOULD NOT send to a request that had no credentials.`, RULE.wwwAuthenticate)
        : check('challenge-error', 'ok', `It carries error="${params.error}".`, RULE.wwwAuthenticate),
    );
  }
  const dpop = challengeOf(challenges, 'dpop');
  if (dpop) checks.push(check('dpop-challenge', 'ok', `It asks for DPoP-bound tokens${dpop.params.algs ? ` (algorithms ${dpop.params.algs})` : ''}: Loupe will sign proofs.`, RULE.dpop));
  return checks;
}

export const challengeStep: StepHandler = {
  kind: 'unauthenticated-request',
  skip: () => undefined,
  prepare: async (ctx, rules) => mcpRequest(ctx, rules),
  run: async (ctx, rules, request, io) => {
    if (request!.body) io.recordMessage('out', JSON.parse(request!.body) as unknown, request!.body);
    const sent = await io.send(request!, answerArrived(ctx.transport === 'sse'));
    if (!sent.response) return { ...noAnswer('The server did not answer', sent), checks: [check('status', 'error', `The server could not be reached: ${sent.error ?? 'no answer'}`)] };
    for (const reply of rpcMessages(sent.response)) io.recordMessage('in', reply.value, reply.text);
    const { status } = sent.response;
    const header = sent.response.headers.get('www-authenticate') ?? undefined;
    const challenges = header ? parseWwwAuthenticate(header) : [];
    const usable = challengeOf(challenges, 'bearer', 'dpop');
    const learned: LearnedChallenge = { status, challenges, dpop: challengeOf(challenges, 'dpop') !== undefined };
    if (header !== undefined) learned.header = header;
    if (usable?.params.resource_metadata) learned.resourceMetadataUrl = usable.params.resource_metadata;
    if (usable?.params.scope) learned.scope = usable.params.scope;
    ctx.challenge = learned;
    if (learned.dpop) ctx.dpop = { reason: 'the server sent a DPoP challenge' };
    return {
      ok: true,
      summary: header ? `The server answered ${status} with WWW-Authenticate: ${header.slice(0, 300)}` : `The server answered ${status} without a WWW-Authenticate header.`,
      checks: challengeChecks(rules, status, header, challenges),
    };
  },
};
