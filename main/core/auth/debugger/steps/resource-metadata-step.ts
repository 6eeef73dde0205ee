import type { DebugCheck } from '../../../../../shared/oauth-debugger.js';
import { blocking, check, httpsCheck, resourceChecks, RULE, shapeCheck } from '../checks.js';
import { stringList, type FlowContext } from '../flow-context.js';
import { resourceMetadataCandidates, versionName, type DiscoveryCandidate, type SpecRules } from '../spec-rules.js';
import type { StepHandler } from '../step.js';
import { discover, discoveryRequest } from './discovery.js';

function candidates(ctx: FlowContext, rules: SpecRules): DiscoveryCandidate[] {
  const fromHeader = ctx.challenge?.resourceMetadataUrl;
  if (fromHeader && URL.canParse(fromHeader)) return [{ url: fromHeader, type: 'resource', inVersion: true }];
  return resourceMetadataCandidates(new URL(ctx.serverUrl), rules);
}

function documentChecks(ctx: FlowContext, rules: SpecRules, url: string, fromHeader: boolean, candidate: DiscoveryCandidate, document: Record<string, unknown>): { checks: DebugCheck[]; usable: boolean } {
  const v = versionName(rules);
  const checks: DebugCheck[] = [];
  if (fromHeader) checks.push(check('found-at', 'ok', `Found at the URL the 401 named (${url}).`, RULE.rfc9728));
  else if (candidate.inVersion) checks.push(check('found-at', 'ok', `Found at the well-known URI ${url}, where ${v} has clients look when the 401 names none.`, RULE.rfc9728));
  else checks.push(check('found-at', 'warning', `Found only at the well-known URI ${url}: ${v} says the server MUST name it in the 401's WWW-Authenticate, so clients of that version may not find it.`, RULE.rfc9728));
  checks.push(httpsCheck('metadata-https', 'The protected resource metadata', url));
  checks.push(shapeCheck('metadata-shape', 'The protected resource metadata', 'OAuthProtectedResourceMetadata', document, RULE.rfc9728));
  const resource = resourceChecks(ctx.serverUrl, document.resource);
  checks.push(...resource.checks);
  const servers = stringList(document.authorization_servers) ?? [];
  if (servers.length === 0) {
    checks.push(blocking('authorization-servers', `\`authorization_servers\` is missing or empty: ${v} says it MUST name at least one, so the client cannot go on.`, RULE.rfc9728));
    return { checks, usable: false };
  }
  checks.push(
    check('authorization-servers', 'ok', servers.length === 1 ? `It names one authorization server: ${servers[0]}.` : `It names ${servers.length} authorization servers; Loupe uses the first, ${servers[0]} (RFC 9728 §7.6 leaves the choice to the client).`, RULE.rfc9728),
  );
  const bearerMethods = stringList(document.bearer_methods_supported);
  if (bearerMethods && !bearerMethods.includes('header')) checks.push(check('bearer-methods', 'warning', `\`bearer_methods_supported\` is ${JSON.stringify(bearerMethods)}, without "header", the only way MCP sends a token.`, RULE.rfc9728));
  const scopes = stringList(document.scopes_supported);
  if (rules.version === '2026-07-28' && scopes?.includes('offline_access')) {
    checks.push(check('offline-access', 'warning', '`scopes_supported` lists offline_access, which 2026-07-28 says an MCP server SHOULD NOT: refresh tokens are not a resource requirement.', RULE.scopes));
  }
  if (document.dpop_bound_access_tokens_required === true) checks.push(check('dpop-required', 'ok', 'It says tokens MUST be DPoP-bound (`dpop_bound_access_tokens_required`): Loupe will sign proofs.', RULE.dpop));
  return { checks, usable: resource.usable };
}

export const resourceMetadataStep: StepHandler = {
  kind: 'resource-metadata',
  skip: (_ctx, rules) => (rules.resourceMetadata === 'none' ? `${versionName(rules)} has no protected resource metadata (RFC 9728): the authorization server is found at the MCP server's origin.` : undefined),
  prepare: async (ctx, rules) => discoveryRequest(candidates(ctx, rules), rules),
  run: async (ctx, rules, request, io) => {
    const places = candidates(ctx, rules);
    const fromHeader = places[0]?.url === ctx.challenge?.resourceMetadataUrl && request!.url === places[0]?.url;
    const result = await discover(io, request!, places);
    if (!result.found) {
      const why = result.failure ?? result.misses.join('; ');
      return {
        ok: false,
        summary: `No protected resource metadata (${why.replace(/\.$/, '')}).`,
        checks: [
          blocking(
            'resource-metadata',
            `No protected resource metadata: ${versionName(rules)} says MCP servers MUST implement RFC 9728, so its clients cannot find the authorization server (the 2025-03-26 version looks at the server's origin instead).`,
            RULE.rfc9728,
          ),
        ],
      };
    }
    const { candidate, document } = result.found;
    ctx.resourceMetadata = { url: candidate.url, document };
    const judged = documentChecks(ctx, rules, candidate.url, fromHeader, candidate, document);
    const servers = stringList(document.authorization_servers) ?? [];
    if (servers[0]) ctx.authorizationServerUrl = servers[0];
    if (judged.usable && rules.resourceIndicator && typeof document.resource === 'string') ctx.resource = document.resource;
    if (document.dpop_bound_access_tokens_required === true) ctx.dpop = { reason: 'the protected resource metadata requires DPoP-bound tokens' };
    return {
      ok: judged.usable,
      summary: `Found the protected resource metadata at ${candidate.url}${result.misses.length ? ` (after ${result.misses.join('; ')})` : ''}: resource ${String(document.resource)}, authorization server ${servers[0] ?? 'none'}.`,
      checks: judged.checks,
    };
  },
};
