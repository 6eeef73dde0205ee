import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { z } from 'zod';
import type { DemoGrant } from './demo-authorization-server.js';

function buildServer(version: string): McpServer {
  const server = new McpServer(
    { name: 'loupe-sign-in-demo', title: 'Loupe sign-in demo', version },
    { instructions: 'An offline demo of an MCP server that needs sign-in (OAuth 2.1 with PKCE), with its own authorization server on 127.0.0.1.' },
  );
  server.registerTool(
    'whoami',
    { title: 'Who am I', description: 'Says which client the access token was issued to, its scopes and when it expires.', annotations: { readOnlyHint: true } },
    async (extra) => {
      const info = extra.authInfo;
      const expires = info?.expiresAt ? new Date(info.expiresAt * 1000).toISOString() : 'never';
      return { content: [{ type: 'text', text: `Signed in as client ${info?.clientId ?? 'unknown'} with scopes "${(info?.scopes ?? []).join(' ')}"; the token expires at ${expires}.` }] };
    },
  );
  server.registerTool(
    'echo',
    { title: 'Echo', description: 'Sends the text back; only a signed-in client gets this far.', inputSchema: { text: z.string().describe('What to send back') }, annotations: { readOnlyHint: true } },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
}

/**
 * The sign-in demo's MCP endpoint (Streamable HTTP, stateless, JSON responses), on the official SDK:
 * a fresh server for each request, with the grant of the request's access token.
 */
export async function answerMcp(request: Request, grant: DemoGrant & { token: string }, version: string): Promise<Response> {
  const server = buildServer(version);
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { authInfo: { token: grant.token, clientId: grant.clientId, scopes: grant.scopes, expiresAt: grant.expiresAt } });
  } finally {
    void server.close();
  }
}
