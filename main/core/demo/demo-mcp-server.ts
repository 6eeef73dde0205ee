import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { DemoGrant } from './demo-authorization-server.js';

function buildServer(version: string): McpServer {
  const server = new McpServer(
    { name: 'loupe-sign-in-demo', title: 'Loupe sign-in demo', version },
    {
      capabilities: { tools: {} },
      instructions: 'An offline demo of an MCP server that needs sign-in (OAuth 2.1 with PKCE), with its own authorization server on 127.0.0.1.',
    },
  );
  server.registerTool(
    'whoami',
    { title: 'Who am I', description: 'Says which client the access token was issued to, its scopes and when it expires.', inputSchema: z.object({}), annotations: { readOnlyHint: true } },
    async (_args, ctx) => {
      const info = ctx.http?.authInfo;
      const expires = info?.expiresAt ? new Date(info.expiresAt * 1000).toISOString() : 'never';
      return { content: [{ type: 'text', text: `Signed in as client ${info?.clientId ?? 'unknown'} with scopes "${(info?.scopes ?? []).join(' ')}"; the token expires at ${expires}.` }] };
    },
  );
  server.registerTool(
    'echo',
    { title: 'Echo', description: 'Sends the text back; only a signed-in client gets this far.', inputSchema: z.object({ text: z.string().describe('What to send back') }), annotations: { readOnlyHint: true } },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
}

/**
 * The sign-in demo's MCP endpoint on the official SDK (both protocol eras, 2025 `initialize` and
 * 2026-07-28 `server/discover`): a fresh server for each request, given the request's grant.
 */
export function createDemoMcpEndpoint(version: string): (request: Request, grant: DemoGrant & { token: string }) => Promise<Response> {
  const handler = createMcpHandler(() => buildServer(version));
  return (request, grant) => handler.fetch(request, { authInfo: { token: grant.token, clientId: grant.clientId, scopes: grant.scopes, expiresAt: grant.expiresAt } });
}
