import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerConfig } from '../../shared/server-config.js';
// @ts-expect-error a plain .mjs fixture without types
import { startOAuthFixture } from '../fixtures/oauth-server.mjs';
import type { TestCore } from './helpers.js';

/** What tests/fixtures/oauth-server.mjs hands back (it is plain JavaScript). */
export interface OAuthFixture {
  url: string;
  origin: string;
  sseUrl: string;
  idpTokenEndpoint: string;
  seen: {
    registrations: number;
    authorizations: Array<Record<string, string>>;
    tokenGrants: Array<{ grant: string; resource: string | null; scope: string | null; clientAuth?: string }>;
    idpExchanges: Array<{ audience: string | null; resource: string | null; requested: string | null }>;
    issued: string[];
    revocations: Array<{ hint: string | null; known: boolean; clientId: string | null }>;
    dpop: { proofs: Array<{ at: 'token' | 'resource'; htm: string; htu: string; ath?: string; nonce?: string; jti: string }>; refused: Array<{ at: string; reason: string }> };
  };
  expireAccessTokens(): void;
  close(): Promise<void>;
}

export interface OAuthFixtureOptions {
  tokenLifetimeS?: number;
  failTokenWith?: string;
  resourceMismatch?: 'other-path' | 'other-origin';
  iss?: 'wrong' | 'missing';
  issAdvertised?: boolean;
  revocation?: true | 'refuse-access';
  dpop?: boolean;
  noPkceAdvertised?: boolean;
  cimd?: boolean;
  discovery?: 'legacy' | 'legacy-defaults' | 'well-known-only';
  /** /authorize answers 302 to this URL instead of Loupe's redirect. */
  authorizeRedirectTo?: string;
}

export async function startFixture(options: OAuthFixtureOptions = {}): Promise<OAuthFixture> {
  return (await startOAuthFixture(options)) as OAuthFixture;
}

/** The fixture as a Streamable HTTP server that signs in without a browser. */
export function addOAuthServer(test: TestCore, url: string, extra: Partial<ServerConfig> = {}): Promise<ServerConfig> {
  return test.core.handlers['servers.add']({
    name: 'oauth fixture',
    transport: { type: 'streamable-http', url, headers: [] },
    auth: { authorizeWith: 'http-get' },
    ...extra,
  });
}

/** A plain HTTP server on another origin (`localhost`, not 127.0.0.1) that records every path it is asked for. */
export async function startElsewhere(): Promise<{ origin: string; hits: string[]; close(): void }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('internal');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, hits, close: () => server.close() };
}
