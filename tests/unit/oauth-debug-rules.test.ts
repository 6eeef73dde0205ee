import { describe, expect, it } from 'vitest';
import { issCheck, resourceChecks } from '../../main/core/auth/debugger/checks.js';
import { applyEdit, formRequest, getRequest, jsonRequest, requestView } from '../../main/core/auth/debugger/debug-request.js';
import { authorizationServerCandidates, resourceMetadataCandidates, specRules } from '../../main/core/auth/debugger/spec-rules.js';
import { parseWwwAuthenticate } from '../../main/core/auth/www-authenticate.js';
import { judgeRevocation } from '../../main/core/auth/token-revocation.js';

describe('WWW-Authenticate challenges (RFC 9110 §11.6.1)', () => {
  it('reads several challenges, quoted values with commas and escapes, and a token68', () => {
    expect(parseWwwAuthenticate('Bearer realm="a, \\"b\\"", scope="files:read files:write", DPoP algs="ES256 PS256", error=use_dpop_nonce')).toEqual([
      { scheme: 'Bearer', params: { realm: 'a, "b"', scope: 'files:read files:write' } },
      { scheme: 'DPoP', params: { algs: 'ES256 PS256', error: 'use_dpop_nonce' } },
    ]);
    expect(parseWwwAuthenticate('Basic dXNlcjpwYXNz==, Bearer Resource_Metadata = "https://x/.well-known/oauth-protected-resource"')).toEqual([
      { scheme: 'Basic', params: {}, token68: 'dXNlcjpwYXNz==' },
      { scheme: 'Bearer', params: { resource_metadata: 'https://x/.well-known/oauth-protected-resource' } },
    ]);
  });

  it('stops at what breaks the grammar, and reads no further than its bound', () => {
    expect(parseWwwAuthenticate('Bearer scope="mcp" ==== "')).toEqual([{ scheme: 'Bearer', params: { scope: 'mcp' } }]);
    expect(parseWwwAuthenticate('')).toEqual([]);
    const huge = `Bearer ${'a=b, '.repeat(200_000)}`;
    const [challenge] = parseWwwAuthenticate(huge);
    expect(Object.keys(challenge!.params).length).toBeLessThanOrEqual(32);
  });
});

describe('the debugger\'s rules', () => {
  const server = 'https://mcp.example.com/tenant/mcp';
  it.each([
    [server, 'ok', false],
    [`${server}/`, 'warning', false],
    ['https://mcp.example.com/tenant', 'warning', false],
    ['https://mcp.example.com/other', 'error', false],
    ['https://evil.example.com/tenant/mcp', 'error', true],
    [undefined, 'error', true],
  ])('judges the resource %s against the server (RFC 9728 §3.3): %s', (resource, level, blocking) => {
    const [verdict] = resourceChecks(server, resource).checks;
    expect(verdict?.level).toBe(level);
    expect(verdict?.blocking === true).toBe(blocking);
  });

  it.each([
    ['2026-07-28', { iss: 'https://as.example/', issSupported: false }, 'ok', false],
    ['2026-07-28', { issSupported: true }, 'error', true],
    ['2026-07-28', { iss: 'https://evil.example/', issSupported: false }, 'error', true],
    ['2026-07-28', { issSupported: false }, 'ok', false],
    ['2025-11-25', { iss: 'https://evil.example/', issSupported: false }, 'warning', false],
    ['2025-06-18', { issSupported: true }, 'warning', false],
  ] as const)('judges iss under %s (%j): %s', (version, input, level, blocking) => {
    const verdict = issCheck(specRules(version), { ...input, recordedIssuer: 'https://as.example/' });
    expect(verdict.level).toBe(level);
    expect(verdict.blocking === true).toBe(blocking);
  });

  it('looks for metadata in each version\'s places and order', () => {
    const urls = (version: Parameters<typeof specRules>[0]) => authorizationServerCandidates(new URL('https://auth.example.com/tenant1'), specRules(version));
    expect(urls('2025-03-26').map((candidate) => candidate.url)).toEqual(['https://auth.example.com/.well-known/oauth-authorization-server']);
    expect(urls('2025-11-25').map((candidate) => [candidate.url, candidate.inVersion])).toEqual([
      ['https://auth.example.com/.well-known/oauth-authorization-server/tenant1', true],
      ['https://auth.example.com/.well-known/openid-configuration/tenant1', true],
      ['https://auth.example.com/tenant1/.well-known/openid-configuration', true],
    ]);
    expect(urls('2025-06-18').map((candidate) => candidate.inVersion)).toEqual([true, false, false]);
    expect(resourceMetadataCandidates(new URL('https://mcp.example.com/public/mcp'), specRules('2025-11-25')).map((candidate) => candidate.url)).toEqual([
      'https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp',
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    ]);
  });

  it('edits a request\'s query, form or JSON fields and headers, and shows it with its secrets redacted', () => {
    const authorize = applyEdit(getRequest('https://as.example/authorize?scope=mcp&state=s&code_challenge=c'), { params: { scope: 'mcp admin', state: null } });
    expect(new URL(authorize.url).searchParams.get('scope')).toBe('mcp admin');
    expect(new URL(authorize.url).searchParams.has('state')).toBe(false);
    const token = applyEdit(formRequest('https://as.example/token', new URLSearchParams({ grant_type: 'authorization_code', code: 'the-code', code_verifier: 'the-verifier' })), { params: { resource: 'https://mcp.example/mcp' }, headers: { Accept: null } });
    expect(new URLSearchParams(token.body).get('resource')).toBe('https://mcp.example/mcp');
    expect(token.headers.accept).toBeUndefined();
    const shown = requestView(token);
    expect(shown.body).not.toContain('the-code');
    expect(shown.body).not.toContain('the-verifier');
    const registration = applyEdit(jsonRequest('https://as.example/register', { client_name: 'x', redirect_uris: ['http://127.0.0.1:1/callback'] }), { params: { redirect_uris: '["http://127.0.0.1:2/callback"]', scope: 'mcp' } });
    expect(JSON.parse(registration.body!)).toEqual({ client_name: 'x', redirect_uris: ['http://127.0.0.1:2/callback'], scope: 'mcp' });
    expect(() => applyEdit(getRequest('https://as.example/'), { body: 'x' })).toThrow('A GET request has no body');
    expect(() => applyEdit(getRequest('https://as.example/'), { url: 'ftp://as.example/' })).toThrow('not an http or https URL');
  });

  it('says what a revocation answer means (RFC 7009 §2.2)', () => {
    expect(judgeRevocation('refresh_token', { status: 200, text: '' })).toEqual({ tokenTypeHint: 'refresh_token', revoked: true, sentence: 'The authorization server revoked the refresh token.' });
    expect(judgeRevocation('access_token', { status: 400, text: '{"error":"unsupported_token_type"}' }).sentence).toContain('does not revoke access tokens');
    expect(judgeRevocation('access_token', { status: 503 }).sentence).toContain('could not revoke the access token now (503)');
    expect(judgeRevocation('access_token', { error: 'ECONNREFUSED' }).sentence).toBe('Could not reach the revocation endpoint for the access token: ECONNREFUSED');
  });
});
