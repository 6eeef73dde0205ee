import type { FetchLike } from '@modelcontextprotocol/client';
import { DOCTOR_LIMITS } from '../../../shared/doctor.js';
import { LATEST_OAUTH_SPEC_VERSION } from '../../../shared/oauth-debugger.js';
import type { HttpTransportConfig } from '../../../shared/server-config.js';
import { resourceChecks } from '../auth/debugger/checks.js';
import { parseJsonRecord, stringList, type JsonRecord } from '../auth/debugger/flow-context.js';
import { authorizationServerCandidates, resourceMetadataCandidates, specRules } from '../auth/debugger/spec-rules.js';
import { challengeOf, parseWwwAuthenticate } from '../auth/www-authenticate.js';
import { readBounded } from '../transports/bounded-body.js';
import { redactRequestHeaders, redactResponseHeaders } from '../transports/http-redaction.js';
import type { DoctorStep } from './doctor-runner.js';
import { alternateEndpoint, pathVerdict, type EndpointAnswer } from './endpoint-verdicts.js';
import { initializeMessage } from './initialize-message.js';
import { hostOf, lookAtTls, portOf, resolveHost, tcpReachable } from './network-probes.js';
import { proxyFor, type ProxyUse } from './proxy-variables.js';
import { quoted } from './quote.js';

export interface HttpDoctorContext {
  config: HttpTransportConfig;
  url: URL;
  /** The server's headers (secret values filled in), sent with each MCP request. */
  headers: Record<string, string>;
  secretNames: ReadonlySet<string>;
  /** Network fetch through the recording fetch: every exchange is in the traffic log. */
  fetch: FetchLike;
  clientVersion: string;
  env: NodeJS.ProcessEnv;
  proxy?: ProxyUse;
  address?: string | undefined;
  endpoint?: { answer: EndpointAnswer; response: Response; requestHeaders: Record<string, string> };
  resourceMetadata?: { url: string; document: JsonRecord };
}

const BROWSER_ORIGIN = 'http://localhost:6274';

function headerLines(headers: Record<string, string>): string[] {
  return Object.entries(headers).map(([name, value]) => quoted(`${name}: ${value}`));
}

/** Sends one of the doctor's MCP requests: the server's headers, the check's signal, the body read within bounds. */
async function probeEndpoint(ctx: HttpDoctorContext, url: URL, type: HttpTransportConfig['type'], signal: AbortSignal): Promise<{ answer: EndpointAnswer; response: Response; requestHeaders: Record<string, string> }> {
  const init: RequestInit =
    type === 'sse'
      ? { method: 'GET', headers: { ...ctx.headers, accept: 'text/event-stream' }, signal }
      : {
          method: 'POST',
          headers: { ...ctx.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify(initializeMessage(ctx.clientVersion)),
          signal,
        };
  const response = await ctx.fetch(url, init);
  const contentType = response.headers.get('content-type') ?? '';
  const ok = response.status >= 200 && response.status < 300;
  const speaks = ok && (type === 'sse' ? contentType.includes('text/event-stream') : contentType.includes('application/json') || contentType.includes('text/event-stream'));
  // The checks need the status and headers only; an event stream would never end.
  void response.body?.cancel().catch(() => {});
  return { answer: { status: response.status, speaks, contentType }, response, requestHeaders: redactRequestHeaders(new Headers(init.headers), ctx.secretNames) };
}

async function getJson(ctx: HttpDoctorContext, url: string, signal: AbortSignal): Promise<{ status: number; document?: JsonRecord; problem?: string }> {
  const response = await ctx.fetch(url, { method: 'GET', headers: { accept: 'application/json' }, signal });
  const { text, truncated } = await readBounded(response, DOCTOR_LIMITS.bodyChars);
  if (response.status < 200 || response.status >= 300) return { status: response.status };
  const document = parseJsonRecord(text);
  return document ? { status: response.status, document } : { status: response.status, problem: `${url} answered ${response.status} with something that is not a JSON object${truncated ? ' (cut at the size limit)' : ''}.` };
}

export const proxyVariables: DoctorStep<HttpDoctorContext> = {
  id: 'proxy',
  title: 'Proxy variables',
  run: async (ctx) => {
    ctx.proxy = proxyFor(ctx.url, portOf(ctx.url), hostOf(ctx.url), ctx.env);
    const set = ctx.proxy.set.length > 0 ? `Set: ${ctx.proxy.set.map((line) => quoted(line)).join(', ')}.` : 'No proxy variable (HTTPS_PROXY, HTTP_PROXY, NO_PROXY) is set.';
    const use = ctx.proxy.via ? ` Requests to this server go through ${quoted(ctx.proxy.via.value)} (${ctx.proxy.via.name}).` : ctx.proxy.exemptBy ? ` ${ctx.proxy.exemptBy} exempts this server: requests go direct.` : ' Requests go direct.';
    return { status: 'pass', saw: set + (ctx.proxy.set.length > 0 ? use : '') };
  },
};

export const dns: DoctorStep<HttpDoctorContext> = {
  id: 'dns',
  title: 'DNS',
  run: async (ctx) => {
    const host = hostOf(ctx.url);
    try {
      const addresses = await resolveHost(host);
      ctx.address = addresses[0];
      return { status: 'pass', saw: addresses.length === 1 && addresses[0] === host ? `${host} is an IP address.` : `${quoted(host)} resolves to ${addresses.slice(0, 4).join(', ')}.` };
    } catch (error) {
      if (ctx.proxy?.via) return { status: 'pass', saw: `${quoted(host)} does not resolve here, but requests go through the proxy, which resolves it.` };
      return { status: 'fail', saw: `${quoted(host)} does not resolve: ${(error as Error).message}.`, fix: 'Check the host name in the URL (a typo, a VPN that is not connected, a name only a proxy knows).', command: `nslookup ${host}` };
    }
  },
};

export const tcp: DoctorStep<HttpDoctorContext> = {
  id: 'tcp',
  title: 'TCP connect',
  needs: ['dns'],
  run: async (ctx, signal) => {
    const port = portOf(ctx.url);
    if (ctx.proxy?.via || !ctx.address) return { status: 'pass', saw: 'Requests go through the proxy: Loupe does not connect to the server itself.' };
    try {
      await tcpReachable(ctx.address, port, signal);
      return { status: 'pass', saw: `${ctx.address} accepts connections on port ${port}.` };
    } catch (error) {
      return { status: 'fail', saw: `Connecting to ${ctx.address} port ${port} failed: ${(error as Error).message}.`, fix: 'Start the server, or check the port in the URL; a firewall may also refuse the connection.' };
    }
  },
};

export const tls: DoctorStep<HttpDoctorContext> = {
  id: 'tls',
  title: 'TLS',
  needs: ['tcp'],
  run: async (ctx, signal) => {
    const extra = ctx.env.NODE_EXTRA_CA_CERTS;
    const extraSaid = extra ? ` NODE_EXTRA_CA_CERTS is ${quoted(extra)}.` : ' NODE_EXTRA_CA_CERTS is not set.';
    if (ctx.url.protocol !== 'https:') return { status: 'pass', saw: 'Plain http: no TLS.' };
    if (ctx.proxy?.via || !ctx.address) return { status: 'pass', saw: `The TLS connection is made through the proxy.${extraSaid}` };
    const host = hostOf(ctx.url);
    const port = portOf(ctx.url);
    const look = await lookAtTls(ctx.address, port, host, signal);
    const seen = `Certificate for ${quoted(look.subject)}, issued by ${quoted(look.issuer)}, valid to ${look.validTo}.${extraSaid}`;
    if (!look.problem) return { status: 'pass', saw: seen };
    return {
      status: 'fail',
      saw: `${seen} It is not trusted: ${quoted(look.problem)}.`,
      fix: extra
        ? `The file in NODE_EXTRA_CA_CERTS does not hold the CA that signed this certificate: add that CA's certificate (PEM) to it and restart Loupe.`
        : "If you trust this server, save the certificate of the CA that signed it (for a self-signed certificate, the certificate itself) as a PEM file, set NODE_EXTRA_CA_CERTS to that file's path, and restart Loupe. This command shows the server's certificates:",
      command: `openssl s_client -connect ${host}:${port} -servername ${host} -showcerts </dev/null`,
    };
  },
};

export const endpointPath: DoctorStep<HttpDoctorContext> = {
  id: 'endpoint-path',
  title: 'The MCP endpoint is at this path',
  needs: ['tcp', 'tls'],
  run: async (ctx, signal) => {
    ctx.endpoint = await probeEndpoint(ctx, ctx.url, ctx.config.type, signal);
    const { answer } = ctx.endpoint;
    if (answer.speaks || answer.status === 401 || answer.status === 403) return pathVerdict(ctx.url, ctx.config.type, answer);
    const alternateUrl = alternateEndpoint(ctx.url, ctx.config.type);
    const alternate = await probeEndpoint(ctx, alternateUrl, ctx.config.type === 'sse' ? 'streamable-http' : 'sse', signal).catch(() => undefined);
    return pathVerdict(ctx.url, ctx.config.type, answer, { url: alternateUrl, ...(alternate ? { answer: alternate.answer } : {}) });
  },
};

const METADATA_FIX = "Serve protected resource metadata (RFC 9728) at the URL the 401's WWW-Authenticate names in resource_metadata (or at /.well-known/oauth-protected-resource): a JSON object whose `resource` is this server's URL and whose `authorization_servers` names the issuer.";

export const resourceMetadata: DoctorStep<HttpDoctorContext> = {
  id: 'resource-metadata',
  title: 'Sign-in: protected resource metadata (RFC 9728)',
  needs: ['endpoint-path'],
  run: async (ctx, signal) => {
    const response = ctx.endpoint!.response;
    if (response.status !== 401) return { status: 'pass', saw: `The server did not ask for sign-in (${response.status}).` };
    const challenge = challengeOf(parseWwwAuthenticate(response.headers.get('www-authenticate') ?? ''), 'bearer', 'dpop');
    const named = challenge?.params.resource_metadata;
    const places = named && URL.canParse(named) ? [named] : resourceMetadataCandidates(ctx.url, specRules(LATEST_OAUTH_SPEC_VERSION)).map((candidate) => candidate.url);
    const intro = named ? `The 401 names ${quoted(named)}.` : "The 401's WWW-Authenticate names no resource_metadata; Loupe tried the well-known URIs.";
    const misses: string[] = [];
    for (const url of places) {
      const got = await getJson(ctx, url, signal);
      if (got.problem) return { status: 'fail', saw: `${intro} ${quoted(got.problem)}`, fix: METADATA_FIX, command: `curl -i ${url}` };
      if (!got.document) {
        misses.push(`${quoted(url)} answered ${got.status}`);
        continue;
      }
      const resource = resourceChecks(ctx.url.toString(), got.document.resource);
      const broken = resource.checks.find((check) => check.level === 'error');
      if (broken) return { status: 'fail', saw: `${intro} ${quoted(broken.sentence)}`, fix: METADATA_FIX, command: `curl -i ${url}` };
      const servers = stringList(got.document.authorization_servers) ?? [];
      if (servers.length === 0) return { status: 'fail', saw: `${intro} Its authorization_servers is missing or empty, so a client cannot find where to sign in.`, fix: METADATA_FIX, command: `curl -i ${url}` };
      ctx.resourceMetadata = { url, document: got.document };
      return { status: 'pass', saw: `${intro} Found at ${quoted(url)}: resource ${quoted(String(got.document.resource))}, authorization server ${quoted(servers[0]!)}.` };
    }
    return { status: 'fail', saw: `${intro} No metadata: ${misses.join('; ')}.`, fix: METADATA_FIX, command: `curl -i ${places[0]}` };
  },
};

export const authorizationServer: DoctorStep<HttpDoctorContext> = {
  id: 'authorization-server',
  title: 'Sign-in: authorization server metadata (RFC 8414)',
  needs: ['resource-metadata'],
  run: async (ctx, signal) => {
    if (!ctx.resourceMetadata) return { status: 'pass', saw: 'No sign-in asked.' };
    const issuer = stringList(ctx.resourceMetadata.document.authorization_servers)![0]!;
    if (!URL.canParse(issuer)) return { status: 'fail', saw: `The authorization server ${quoted(issuer)} is not a URL.`, fix: METADATA_FIX };
    const misses: string[] = [];
    for (const candidate of authorizationServerCandidates(new URL(issuer), specRules(LATEST_OAUTH_SPEC_VERSION))) {
      const got = await getJson(ctx, candidate.url, signal);
      if (got.problem) return { status: 'fail', saw: quoted(got.problem), fix: 'The authorization server must serve its metadata (RFC 8414) as a JSON object.', command: `curl -i ${candidate.url}` };
      if (!got.document) {
        misses.push(`${quoted(candidate.url)} answered ${got.status}`);
        continue;
      }
      const missing = ['issuer', 'authorization_endpoint', 'token_endpoint'].filter((field) => typeof got.document![field] !== 'string');
      if (missing.length > 0) return { status: 'fail', saw: `The metadata at ${quoted(candidate.url)} has no ${missing.join(', ')}.`, fix: 'RFC 8414 metadata names its issuer and, for the authorization code flow, its authorization and token endpoints.', command: `curl -i ${candidate.url}` };
      return { status: 'pass', saw: `Found at ${quoted(candidate.url)}: issuer ${quoted(String(got.document.issuer))}. The OAuth debugger (Auth → Debug) steps through the whole flow.` };
    }
    return { status: 'fail', saw: `No authorization server metadata: ${misses.join('; ')}.`, fix: "The issuer named in authorization_servers must serve /.well-known/oauth-authorization-server (or OpenID Connect's /.well-known/openid-configuration).", command: `curl -i ${new URL('/.well-known/oauth-authorization-server', issuer).toString()}` };
  },
};

export const browserCors: DoctorStep<HttpDoctorContext> = {
  id: 'cors',
  title: 'CORS, for a browser client',
  needs: ['endpoint-path'],
  run: async (ctx, signal) => {
    const response = await ctx.fetch(ctx.url, {
      method: 'OPTIONS',
      headers: { origin: BROWSER_ORIGIN, 'access-control-request-method': ctx.config.type === 'sse' ? 'GET' : 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version, mcp-session-id, authorization' },
      signal,
    });
    void response.body?.cancel().catch(() => {});
    const allowed = response.headers.get('access-control-allow-origin');
    const exposed = (ctx.endpoint?.response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    if (allowed !== '*' && allowed !== BROWSER_ORIGIN) {
      return {
        status: 'warn',
        saw: `A preflight from ${BROWSER_ORIGIN} got ${response.status} without Access-Control-Allow-Origin${allowed ? ` for that origin (it allows ${quoted(allowed)})` : ''}. Desktop clients do not care; a client in a web page cannot connect.`,
        fix: 'To serve browser clients, answer the preflight with Access-Control-Allow-Origin for their origins (and keep checking Origin on each request, as the spec asks, against DNS rebinding).',
      };
    }
    return { status: 'pass', saw: `A preflight from ${BROWSER_ORIGIN} is allowed (${quoted(allowed)}).${exposed.includes('mcp-session-id') || ctx.config.type === 'sse' ? '' : ' The answer to initialize does not expose Mcp-Session-Id (Access-Control-Expose-Headers), so a browser client cannot read its session.'}` };
  },
};

export const firstRequestHeaders: DoctorStep<HttpDoctorContext> = {
  id: 'first-request',
  title: "The first request's headers",
  needs: ['endpoint-path'],
  run: async (ctx) => {
    const { requestHeaders, response } = ctx.endpoint!;
    return {
      status: 'pass',
      saw: `Loupe sent ${Object.keys(requestHeaders).length} headers (credentials redacted); the server answered ${response.status} with these:`,
      lines: [...headerLines(requestHeaders).map((line) => `→ ${line}`), ...headerLines(redactResponseHeaders(response.headers)).map((line) => `← ${line}`)].slice(0, 40),
    };
  },
};

export const HTTP_STEPS: readonly DoctorStep<HttpDoctorContext>[] = [proxyVariables, dns, tcp, tls, endpointPath, resourceMetadata, authorizationServer, browserCors, firstRequestHeaders];
