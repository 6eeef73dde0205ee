import type { HttpTransportConfig } from '../../../shared/server-config.js';
import type { Verdict } from './doctor-runner.js';

/** Pure: where the other HTTP transport usually lives, for a URL the configured one did not find: `/mcp` ↔ `/sse`. */
export function alternateEndpoint(url: URL, type: HttpTransportConfig['type']): URL {
  const other = type === 'sse' ? 'mcp' : 'sse';
  const alternate = new URL(url);
  const segments = alternate.pathname.split('/');
  const last = segments.at(-1);
  if (last === 'mcp' || last === 'sse') segments[segments.length - 1] = other;
  else segments.push(other);
  alternate.pathname = segments.join('/').replace(/\/{2,}/g, '/');
  return alternate;
}

const TRANSPORT_NAMES = { 'streamable-http': 'Streamable HTTP', sse: 'HTTP+SSE (the older transport)' } as const;

/** What a probe of an endpoint found: the status, and whether it speaks the transport tried there. */
export interface EndpointAnswer {
  status: number;
  /** The answer is the transport's (a JSON or event-stream answer to initialize; an event stream for SSE). */
  speaks: boolean;
  contentType: string;
}

/** A status that says the endpoint exists (it may want sign-in or refuse the request's details). */
function exists(answer: EndpointAnswer): boolean {
  return answer.speaks || answer.status === 401 || answer.status === 403;
}

/**
 * Pure: the verdict on the configured endpoint, given the alternate's answer when the configured
 * one was not there (a 404 on `/mcp` when the server serves `/sse`, and the reverse).
 */
export function pathVerdict(url: URL, type: HttpTransportConfig['type'], configured: EndpointAnswer, alternate?: { url: URL; answer?: EndpointAnswer }): Verdict {
  const name = TRANSPORT_NAMES[type];
  if (configured.status === 401 || configured.status === 403) return { status: 'pass', saw: `${url.pathname} is there and asks for sign-in (${configured.status}).` };
  if (configured.speaks) return { status: 'pass', saw: `${url.pathname} answered ${configured.status} as ${name} (${configured.contentType || 'no Content-Type'}).` };
  const otherType = type === 'sse' ? 'streamable-http' : 'sse';
  if (alternate?.answer && exists(alternate.answer)) {
    return {
      status: 'fail',
      saw: `${url.pathname} answered ${configured.status}; ${alternate.url.pathname} answers as ${TRANSPORT_NAMES[otherType]} (${alternate.answer.status}).`,
      fix: `Set the server's URL to ${alternate.url.toString()} and its transport to ${otherType === 'sse' ? 'SSE' : 'Streamable HTTP'}.`,
      command: alternate.url.toString(),
    };
  }
  if (configured.status >= 200 && configured.status < 300) {
    return {
      status: 'fail',
      saw: `${url.pathname} answered ${configured.status} with ${configured.contentType || 'no Content-Type'}, not as ${name}.`,
      fix: `An MCP endpoint answers ${type === 'sse' ? 'a GET with an event stream' : 'a POST of initialize with application/json or text/event-stream'}: check the server's documentation for its MCP path.`,
    };
  }
  return {
    status: 'fail',
    saw: `${url.pathname} answered ${configured.status}${alternate ? `, and ${alternate.url.pathname} ${alternate.answer ? `answered ${alternate.answer.status}` : 'did not answer'}` : ''}.`,
    fix: configured.status === 404 || configured.status === 405 ? "Check the server's documentation for its MCP path (commonly /mcp, or /sse for the older transport)." : 'The server refused the request: its logs say why.',
  };
}
