import { describe, expect, it } from 'vitest';
import { isResourceMetadataPath, rewriteChallenge, rewriteResourceMetadata } from '../../main/proxy/resource-discovery.js';

const upstream = new URL('https://server.example/mcp');
const listener = 'http://127.0.0.1:4000';

describe('loupe proxy --http stands in for the protected resource in OAuth discovery', () => {
  it('moves a challenge’s resource_metadata on the server’s origin to the listener, keeping every other parameter', () => {
    const header = 'Bearer error="invalid_token", resource_metadata="https://server.example/.well-known/oauth-protected-resource/mcp", scope="mcp"';
    expect(rewriteChallenge(header, upstream, listener)).toBe('Bearer error="invalid_token", resource_metadata="http://127.0.0.1:4000/.well-known/oauth-protected-resource/mcp", scope="mcp"');
  });

  it('leaves metadata on another origin, and a challenge without it, as they are', () => {
    const elsewhere = 'Bearer resource_metadata="https://metadata.example/.well-known/oauth-protected-resource"';
    expect(rewriteChallenge(elsewhere, upstream, listener)).toBe(elsewhere);
    expect(rewriteChallenge('Bearer realm="mcp"', upstream, listener)).toBe('Bearer realm="mcp"');
  });

  it('names the listener as the resource, path as written, other fields kept', () => {
    const body = JSON.stringify({ resource: 'https://server.example/mcp', authorization_servers: ['https://server.example/'], scopes_supported: ['mcp'] });
    expect(JSON.parse(rewriteResourceMetadata(body, upstream, listener)!)).toEqual({ resource: 'http://127.0.0.1:4000/mcp', authorization_servers: ['https://server.example/'], scopes_supported: ['mcp'] });
    expect(JSON.parse(rewriteResourceMetadata('{"resource":"https://server.example"}', upstream, listener)!)).toEqual({ resource: 'http://127.0.0.1:4000' });
  });

  it('changes nothing in a document it cannot read or whose resource is elsewhere', () => {
    expect(rewriteResourceMetadata('not json', upstream, listener)).toBeUndefined();
    expect(rewriteResourceMetadata('[1]', upstream, listener)).toBeUndefined();
    expect(rewriteResourceMetadata('{"authorization_servers":[]}', upstream, listener)).toBeUndefined();
    expect(rewriteResourceMetadata('{"resource":"https://elsewhere.example/mcp"}', upstream, listener)).toBeUndefined();
  });

  it('knows the metadata paths (RFC 9728: the root one and one per resource path)', () => {
    expect(isResourceMetadataPath('/.well-known/oauth-protected-resource')).toBe(true);
    expect(isResourceMetadataPath('/.well-known/oauth-protected-resource/mcp')).toBe(true);
    expect(isResourceMetadataPath('/.well-known/oauth-protected-resources')).toBe(false);
    expect(isResourceMetadataPath('/mcp')).toBe(false);
  });
});
