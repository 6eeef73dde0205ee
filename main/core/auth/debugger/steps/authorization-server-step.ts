import type { DebugCheck } from '../../../../../shared/oauth-debugger.js';
import { chooseDpopAlg } from '../../dpop.js';
import { blocking, check, httpsCheck, issuerCheck, pkceSupportCheck, RULE, shapeCheck } from '../checks.js';
import { stringList, type FlowContext, type JsonRecord } from '../flow-context.js';
import { authorizationServerCandidates, versionName, type DiscoveryCandidate, type SpecRules } from '../spec-rules.js';
import type { StepHandler } from '../step.js';
import { discover, discoveryRequest } from './discovery.js';

/** The authorization server to look up: the one the resource metadata names, else (2025-03-26) the MCP server's origin. */
function issuerUrl(ctx: FlowContext): string {
  return ctx.authorizationServerUrl ?? new URL('/', ctx.serverUrl).toString();
}

function candidates(ctx: FlowContext, rules: SpecRules): DiscoveryCandidate[] {
  return authorizationServerCandidates(new URL(issuerUrl(ctx)), rules);
}

function endpointOf(document: JsonRecord, name: string): string | undefined {
  const value = document[name];
  return typeof value === 'string' && URL.canParse(value) ? value : undefined;
}

function documentChecks(ctx: FlowContext, rules: SpecRules, candidate: DiscoveryCandidate, document: JsonRecord): DebugCheck[] {
  const v = versionName(rules);
  const checks: DebugCheck[] = [];
  const kind = candidate.type === 'oidc' ? 'OpenID Connect Discovery' : 'RFC 8414';
  if (!candidate.inVersion) checks.push(check('found-at', 'warning', `Found only through ${kind} (${candidate.url}), which ${v} does not name: clients of that version may not find it.`, `${v}, Server Metadata Discovery`));
  else checks.push(check('found-at', 'ok', `Found through ${kind} at ${candidate.url}.`));
  checks.push(shapeCheck('metadata-shape', 'The authorization server metadata', candidate.type === 'oidc' ? 'OpenIdProviderDiscoveryMetadata' : 'OAuthMetadata', document, candidate.type === 'oidc' ? 'OpenID Connect Discovery 1.0 §3' : 'RFC 8414 §2'));
  checks.push(issuerCheck(rules, issuerUrl(ctx), document.issuer));
  const responseTypes = stringList(document.response_types_supported);
  if (!responseTypes?.includes('code')) checks.push(blocking('response-types', `\`response_types_supported\` is ${JSON.stringify(document.response_types_supported)}, without "code": the authorization code flow is not offered.`, 'RFC 8414 §2'));
  checks.push(pkceSupportCheck(rules, document.code_challenge_methods_supported));
  const grants = stringList(document.grant_types_supported);
  const grant = ctx.settings.grant === 'client_credentials' ? 'client_credentials' : 'authorization_code';
  if (grants && !grants.includes(grant)) checks.push(check('grant-types', 'warning', `\`grant_types_supported\` (${grants.join(', ')}) does not list ${grant}.`, 'RFC 8414 §2'));
  for (const [name, what] of [
    ['authorization_endpoint', 'The authorization endpoint'],
    ['token_endpoint', 'The token endpoint'],
    ['registration_endpoint', 'The registration endpoint'],
    ['revocation_endpoint', 'The revocation endpoint'],
  ] as const) {
    const url = endpointOf(document, name);
    if (url) checks.push(httpsCheck(`${name}-https`, what, url));
  }
  if (document.authorization_response_iss_parameter_supported === true) checks.push(check('iss-supported', 'ok', 'It promises an `iss` in every authorization response (RFC 9207), which the client then requires.', RULE.rfc9207));
  else if (rules.issValidation) checks.push(check('iss-supported', 'warning', `It does not say \`authorization_response_iss_parameter_supported\`; ${v} says the authorization server SHOULD send \`iss\` and advertise it.`, RULE.rfc9207));
  checks.push(
    endpointOf(document, 'revocation_endpoint')
      ? check('revocation', 'ok', 'It offers token revocation (RFC 7009), which Loupe uses when the run ends and on Clear tokens.', RULE.revocation)
      : check('revocation', 'warning', 'It offers no `revocation_endpoint` (RFC 7009): tokens a client is done with stay valid until they expire.', RULE.revocation),
  );
  const dpopAlgs = stringList(document.dpop_signing_alg_values_supported);
  if (dpopAlgs) {
    const alg = chooseDpopAlg(dpopAlgs);
    if (!alg) checks.push(check('dpop-algs', 'error', `It supports DPoP with ${dpopAlgs.join(', ')}, none of which Loupe can sign with.`, RULE.dpop));
    else if (ctx.dpop) checks.push(check('dpop-algs', 'ok', `It supports DPoP (${dpopAlgs.join(', ')}); Loupe signs with ${alg} because ${ctx.dpop.reason}.`, RULE.dpop));
    else checks.push(check('dpop-algs', 'ok', `It supports DPoP (${dpopAlgs.join(', ')}), but the MCP server does not ask for it, so Loupe asks for Bearer tokens, which the server expects.`, RULE.dpop));
  } else if (ctx.dpop) {
    checks.push(check('dpop-algs', 'warning', `DPoP-bound tokens are wanted (${ctx.dpop.reason}), but this authorization server does not list \`dpop_signing_alg_values_supported\`: Loupe tries ES256.`, RULE.dpop));
  }
  return checks;
}

export const authorizationServerStep: StepHandler = {
  kind: 'authorization-server-metadata',
  skip: () => undefined,
  prepare: async (ctx, rules) => discoveryRequest(candidates(ctx, rules), rules),
  run: async (ctx, rules, request, io) => {
    const result = await discover(io, request!, candidates(ctx, rules));
    if (!result.found) {
      const tried = (result.failure ?? result.misses.join('; ')).replace(/\.$/, '');
      if (rules.defaultEndpoints && !result.failure) {
        const base = new URL(issuerUrl(ctx)).origin;
        ctx.endpoints = { authorization: `${base}/authorize`, token: `${base}/token`, registration: `${base}/register` };
        return {
          ok: true,
          summary: `No metadata (${tried}), so the 2025-03-26 default endpoints are used: ${base}/authorize, /token and /register.`,
          checks: [
            check('default-endpoints', 'warning', `The server publishes no authorization server metadata, so ${versionName(rules)}'s default endpoints are used; servers SHOULD publish RFC 8414 metadata.`, 'MCP 2025-03-26, Fallbacks for Servers without Metadata Discovery'),
            check('pkce-methods', 'warning', 'Without metadata nothing says the server does PKCE; the flow goes on with S256.', RULE.pkce),
          ],
        };
      }
      return { ok: false, summary: `No authorization server metadata (${tried}).`, checks: [blocking('authorization-server-metadata', `No authorization server metadata for ${issuerUrl(ctx)}: ${versionName(rules)} says the client MUST use it.`, RULE.rfc8414Issuer)] };
    }
    const { candidate, document } = result.found;
    const checks = documentChecks(ctx, rules, candidate, document);
    const authorization = endpointOf(document, 'authorization_endpoint');
    const token = endpointOf(document, 'token_endpoint');
    if (!authorization || !token) {
      checks.push(blocking('endpoints', 'The metadata lacks a usable `authorization_endpoint` or `token_endpoint`.', 'RFC 8414 §2'));
      return { ok: false, summary: `The metadata at ${candidate.url} names no usable authorization or token endpoint.`, checks };
    }
    ctx.authorizationServerMetadata = document;
    const registration = endpointOf(document, 'registration_endpoint');
    const revocation = endpointOf(document, 'revocation_endpoint');
    ctx.endpoints = { authorization, token, ...(registration ? { registration } : {}), ...(revocation ? { revocation } : {}) };
    return { ok: true, summary: `Found the authorization server metadata at ${candidate.url}: issuer ${String(document.issuer)}.`, checks };
  },
};
