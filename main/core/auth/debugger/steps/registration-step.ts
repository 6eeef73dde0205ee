import { isHttpsUrl, resolveClientMetadata } from '@modelcontextprotocol/client';
import type { DebugCheck } from '../../../../../shared/oauth-debugger.js';
import { clientAuthMethod } from '../../client-auth.js';
import { blocking, check, chooseScope, RULE, shapeCheck } from '../checks.js';
import { getRequest, jsonRequest, sentJson, type PreparedRequest } from '../debug-request.js';
import { parseJsonRecord, stringList, type DebugClient, type FlowContext } from '../flow-context.js';
import { versionName, type SpecRules } from '../spec-rules.js';
import { noAnswer, type StepHandler, type StepIo, type StepOutcome } from '../step.js';
import { oauthErrorText } from '../../auth-steps.js';

type Method = 'pre-registered' | 'metadata-document' | 'dynamic-registration';

/** The version's priority: a pre-registered client, a Client ID Metadata Document where the server takes one, dynamic registration. */
function method(ctx: FlowContext, rules: SpecRules): Method | undefined {
  if (ctx.settings.clientId) return 'pre-registered';
  const cimd = ctx.authorizationServerMetadata?.client_id_metadata_document_supported === true;
  if (rules.clientIdMetadataDocuments && cimd && ctx.settings.clientMetadataUrl) return 'metadata-document';
  if (ctx.endpoints?.registration && ctx.settings.grant !== 'client_credentials') return 'dynamic-registration';
  return undefined;
}

function authMethod(ctx: FlowContext, client: { client_id: string; client_secret?: string; token_endpoint_auth_method?: string }): DebugClient['authMethod'] {
  return clientAuthMethod(client, ctx.authorizationServerMetadata?.token_endpoint_auth_methods_supported, ctx.settings.clientAuthentication === 'private_key_jwt');
}

/** Why the version's order skipped a way the settings or the server offered. */
function orderNotes(ctx: FlowContext, rules: SpecRules, chosen: Method): DebugCheck[] {
  const notes: DebugCheck[] = [];
  if (chosen !== 'metadata-document' && ctx.settings.clientMetadataUrl && !ctx.settings.clientId) {
    notes.push(
      !rules.clientIdMetadataDocuments
        ? check('cimd', 'ok', `Loupe's Client ID Metadata Document is set, but ${versionName(rules)} predates them.`, RULE.cimd)
        : check('cimd', 'warning', 'Loupe\'s Client ID Metadata Document is set, but the authorization server does not say `client_id_metadata_document_supported`.', RULE.cimd),
    );
  }
  if (chosen === 'dynamic-registration' && rules.dynamicRegistration === 'deprecated') {
    notes.push(check('dcr-deprecated', 'warning', `Dynamic Client Registration is deprecated in ${versionName(rules)}: the server should accept Client ID Metadata Documents.`, RULE.dcr));
  }
  return notes;
}

async function registerDynamically(ctx: FlowContext, rules: SpecRules, request: PreparedRequest, io: StepIo): Promise<StepOutcome> {
  const sent = await io.send(request);
  if (!sent.response) return noAnswer('The registration endpoint did not answer', sent);
  const { status, text } = sent.response;
  const document = parseJsonRecord(text);
  if (status < 200 || status >= 300 || !document) {
    const reason = oauthErrorText(text);
    return { ok: false, summary: `The registration was refused: ${status}${reason ? ` — ${reason}` : ''}.`, checks: [blocking('registration', `The authorization server refused the registration (${status}${reason ? `, ${reason}` : ''}).`, RULE.dcr)] };
  }
  const checks: DebugCheck[] = [
    status === 201 ? check('registration-status', 'ok', 'Registered: 201 Created.', 'RFC 7591 §3.2.1') : check('registration-status', 'warning', `Registered with ${status}; RFC 7591 §3.2.1 says 201 Created.`, 'RFC 7591 §3.2.1'),
    shapeCheck('registration-shape', 'The registration response', 'OAuthClientInformationFull', document, RULE.dcr),
  ];
  const clientId = typeof document.client_id === 'string' ? document.client_id : undefined;
  if (!clientId) return { ok: false, summary: 'The registration response has no client_id.', checks: [...checks, blocking('client-id', 'The registration response has no `client_id`.', RULE.dcr)] };
  const secret = typeof document.client_secret === 'string' ? document.client_secret : undefined;
  io.remember(secret, typeof document.registration_access_token === 'string' ? document.registration_access_token : undefined);
  const registered = stringList(document.redirect_uris) ?? stringList(sentJson(request)?.redirect_uris) ?? [];
  if (!registered.includes(ctx.redirectUri)) checks.push(check('registered-redirect', 'warning', `The registration does not hold Loupe's redirect URI ${ctx.redirectUri} (it holds ${registered.join(', ') || 'none'}).`, RULE.redirectUri));
  if (secret) checks.push(check('client-secret', 'ok', 'The server issued a client secret too; Loupe authenticates with it at the token endpoint.', RULE.dcr));
  const info = { client_id: clientId, ...(secret ? { client_secret: secret } : {}), ...(typeof document.token_endpoint_auth_method === 'string' ? { token_endpoint_auth_method: document.token_endpoint_auth_method } : {}) };
  ctx.client = { clientId, ...(secret ? { clientSecret: secret } : {}), source: 'dynamic-registration', registeredRedirectUris: registered, authMethod: authMethod(ctx, info) };
  return { ok: true, summary: `Registered dynamically as client ${clientId}.`, checks: [...orderNotes(ctx, rules, 'dynamic-registration'), ...checks] };
}

/** The AS will fetch the metadata document; Loupe fetches it too, to check what the AS will find. */
async function checkMetadataDocument(ctx: FlowContext, rules: SpecRules, request: PreparedRequest, io: StepIo): Promise<StepOutcome> {
  const url = ctx.settings.clientMetadataUrl!;
  const checks: DebugCheck[] = [...orderNotes(ctx, rules, 'metadata-document')];
  if (!isHttpsUrl(url)) checks.push(blocking('cimd-url', `The client id ${url} must be an https URL with a path.`, RULE.cimd));
  const sent = await io.send(request);
  const document = sent.response ? parseJsonRecord(sent.response.text) : undefined;
  if (!document) {
    checks.push(check('cimd-document', 'error', `Loupe could not read its own metadata document at ${url} (${sent.error ?? `answer ${sent.response?.status}`}): the authorization server will not either.`, RULE.cimd));
  } else {
    checks.push(
      document.client_id === url ? check('cimd-client-id', 'ok', 'The document\'s `client_id` is its own URL, as required.', RULE.cimd) : check('cimd-client-id', 'error', `The document's \`client_id\` (${String(document.client_id)}) is not its URL ${url}: the server MUST reject it.`, RULE.cimd),
    );
    const uris = stringList(document.redirect_uris) ?? [];
    const loopback = new URL(ctx.redirectUri);
    const listed = uris.some((uri) => URL.canParse(uri) && new URL(uri).hostname === loopback.hostname && new URL(uri).pathname === loopback.pathname);
    checks.push(
      listed
        ? check('cimd-redirect', 'ok', 'The document lists a loopback redirect URI like Loupe\'s (RFC 8252 lets the port vary).', RULE.cimd)
        : check('cimd-redirect', 'error', `The document's redirect URIs (${uris.join(', ') || 'none'}) do not include Loupe's ${loopback.origin}${loopback.pathname}: the server MUST refuse the authorization request.`, RULE.cimd),
    );
  }
  const client = { client_id: url };
  ctx.client = { clientId: url, source: 'metadata-document', authMethod: authMethod(ctx, client) };
  return { ok: !checks.some((item) => item.blocking), summary: `Uses its Client ID Metadata Document as the client id: ${url}.`, checks };
}

export const registrationStep: StepHandler = {
  kind: 'client-registration',
  idle: (ctx) => (ctx.settings.clientId ? `Uses the pre-registered client ${ctx.settings.clientId}: nothing to send.` : 'Finds no way to get a client id here (no metadata document the server takes, no registration endpoint).'),
  skip: () => undefined,
  prepare: async (ctx, rules) => {
    const chosen = method(ctx, rules);
    if (chosen === 'metadata-document') return getRequest(ctx.settings.clientMetadataUrl!);
    if (chosen !== 'dynamic-registration') return undefined;
    const metadata = resolveClientMetadata({
      redirectUrl: ctx.redirectUri,
      clientMetadata: {
        client_name: 'MCP Loupe (OAuth debugger)',
        redirect_uris: [ctx.redirectUri],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
    });
    const { scope } = chooseScope({
      ...(ctx.settings.scopes ? { settings: ctx.settings.scopes } : {}),
      ...(ctx.challenge?.scope ? { challenge: ctx.challenge.scope } : {}),
      ...(stringList(ctx.resourceMetadata?.document.scopes_supported) ? { resourceScopes: stringList(ctx.resourceMetadata?.document.scopes_supported)! } : {}),
    });
    return jsonRequest(ctx.endpoints!.registration!, { ...metadata, ...(scope ? { scope } : {}) }, {}, ['redirect_uris', 'scope', 'application_type', 'grant_types']);
  },
  requestChecks: (_ctx, rules, request) => {
    if (request.paramsIn !== 'json') return [];
    const body = sentJson(request);
    if (!body) return [check('registration-body', 'error', 'The registration body is not a JSON object.', RULE.dcr)];
    const checks: DebugCheck[] = [];
    if (!stringList(body.redirect_uris)?.length) checks.push(check('registration-redirects', 'error', 'The registration names no `redirect_uris`: the authorization code flow needs one.', RULE.dcr));
    if (rules.applicationTypeRequired && typeof body.application_type !== 'string') checks.push(check('application-type', 'error', `The registration has no \`application_type\`, which ${versionName(rules)} says a client MUST send.`, 'MCP 2026-07-28, Client Registration'));
    return checks;
  },
  run: async (ctx, rules, request, io) => {
    const chosen = method(ctx, rules);
    if (chosen === 'dynamic-registration') return registerDynamically(ctx, rules, request!, io);
    if (chosen === 'metadata-document') return checkMetadataDocument(ctx, rules, request!, io);
    if (chosen === 'pre-registered') {
      const privateKey = ctx.settings.clientAuthentication === 'private_key_jwt';
      const secret = privateKey ? undefined : ctx.storedClientSecret;
      const client = { client_id: ctx.settings.clientId!, ...(secret ? { client_secret: secret } : {}) };
      ctx.client = { clientId: client.client_id, ...(secret ? { clientSecret: secret } : {}), source: 'pre-registered', authMethod: authMethod(ctx, client) };
      return {
        ok: true,
        summary: `Uses the pre-registered client ${client.client_id} (${ctx.client.authMethod === 'none' ? 'a public client' : `authenticating with ${ctx.client.authMethod}`}).`,
        checks: [check('pre-registered', 'ok', 'A pre-registered client comes first in every version\'s order; its credentials belong to this authorization server only.'), ...orderNotes(ctx, rules, 'pre-registered')],
      };
    }
    return {
      ok: false,
      summary: 'No way to get a client id here.',
      checks: [
        blocking(
          'registration',
          ctx.settings.grant === 'client_credentials'
            ? 'The client_credentials grant needs a pre-registered client: set its client id and secret in the server\'s OAuth settings.'
            : 'The server takes no Client ID Metadata Document and offers no registration endpoint: set a pre-registered client id in the server\'s OAuth settings.',
          RULE.dcr,
        ),
      ],
    };
  },
};
