import type { FetchLike } from '@modelcontextprotocol/client';
import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import { limitBody, MAX_MCP_BODY_BYTES } from './bounded-body.js';

/** The proxy variables that decide the agent; a change (in tests, say) makes a new one. */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];

let agent: { key: string; dispatcher: EnvHttpProxyAgent } | undefined;

function dispatcher(): EnvHttpProxyAgent {
  const key = PROXY_VARIABLES.map((name) => process.env[name] ?? '').join('\u0000');
  if (agent?.key !== key) agent = { key, dispatcher: new EnvHttpProxyAgent() };
  return agent.dispatcher;
}

/**
 * The fetch every HTTP request to a server goes through (MCP and OAuth alike). Unlike Node's
 * own, it honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as users behind a company proxy expect;
 * certificates are checked against Node's store, which includes NODE_EXTRA_CA_CERTS. A body (other
 * than an event stream) ends in an error past 128 MB, as a stdio line does.
 */
export const networkFetch: FetchLike = async (url, init) => {
  const response = (await undiciFetch(url, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: dispatcher() })) as unknown as Response;
  return limitBody(response, MAX_MCP_BODY_BYTES, String(url));
};
