import { buildDiscoveryUrls } from '@modelcontextprotocol/client';
import type { OAuthSpecVersion } from '../../../../shared/oauth-debugger.js';

/**
 * What each version of the MCP authorization spec (specification/<version>/basic/authorization)
 * asks of a client, as data: the debugger's steps read their rules from here, so a difference
 * between versions is one field, not a condition buried in a step.
 */
export interface SpecRules {
  version: OAuthSpecVersion;
  /**
   * `none`: 2025-03-26 has no RFC 9728 step (the authorization server is the MCP server's origin);
   * `header`: 2025-06-18 servers MUST name the metadata in WWW-Authenticate;
   * `header-or-well-known`: 2025-11-25 on: the header's URL, else the well-known URIs in order.
   */
  resourceMetadata: 'none' | 'header' | 'header-or-well-known';
  /** 2025-03-26: no metadata means the default endpoints /authorize, /token and /register. */
  defaultEndpoints: boolean;
  /** OpenID Connect Discovery is one of the version's discovery mechanisms (2025-11-25 on). */
  openIdDiscovery: boolean;
  /** RFC 8707 `resource` in authorization and token requests is a MUST (2025-06-18 on). */
  resourceIndicator: boolean;
  /** Clients MUST refuse an authorization server whose metadata lacks `code_challenge_methods_supported` (2025-11-25 on). */
  pkceMetadataRequired: boolean;
  /** Client ID Metadata Documents are part of the version (2025-11-25 on). */
  clientIdMetadataDocuments: boolean;
  dynamicRegistration: 'should' | 'may' | 'deprecated';
  /** DCR requests MUST carry `application_type` (2026-07-28). */
  applicationTypeRequired: boolean;
  /** The `iss` of the authorization response (RFC 9207) MUST be validated (2026-07-28). */
  issValidation: boolean;
  /** The metadata's `issuer` MUST match where it was fetched, said in the version itself (2026-07-28). */
  issuerCheckInVersion: boolean;
  /** The scope selection strategy: the challenge's `scope`, else PRM `scopes_supported` (2025-11-25 on). */
  scopeSelection: boolean;
  /** The MCP request the flow opens and ends with. */
  mcpMethod: 'initialize' | 'server/discover';
  /** Refresh tokens of public clients MUST rotate (2025-06-18 on; before, SHOULD). */
  refreshRotationRequired: boolean;
}

const RULES: Record<OAuthSpecVersion, SpecRules> = {
  '2025-03-26': {
    version: '2025-03-26',
    resourceMetadata: 'none',
    defaultEndpoints: true,
    openIdDiscovery: false,
    resourceIndicator: false,
    pkceMetadataRequired: false,
    clientIdMetadataDocuments: false,
    dynamicRegistration: 'should',
    applicationTypeRequired: false,
    issValidation: false,
    issuerCheckInVersion: false,
    scopeSelection: false,
    mcpMethod: 'initialize',
    refreshRotationRequired: false,
  },
  '2025-06-18': {
    version: '2025-06-18',
    resourceMetadata: 'header',
    defaultEndpoints: false,
    openIdDiscovery: false,
    resourceIndicator: true,
    pkceMetadataRequired: false,
    clientIdMetadataDocuments: false,
    dynamicRegistration: 'should',
    applicationTypeRequired: false,
    issValidation: false,
    issuerCheckInVersion: false,
    scopeSelection: false,
    mcpMethod: 'initialize',
    refreshRotationRequired: true,
  },
  '2025-11-25': {
    version: '2025-11-25',
    resourceMetadata: 'header-or-well-known',
    defaultEndpoints: false,
    openIdDiscovery: true,
    resourceIndicator: true,
    pkceMetadataRequired: true,
    clientIdMetadataDocuments: true,
    dynamicRegistration: 'may',
    applicationTypeRequired: false,
    issValidation: false,
    issuerCheckInVersion: false,
    scopeSelection: true,
    mcpMethod: 'initialize',
    refreshRotationRequired: true,
  },
  '2026-07-28': {
    version: '2026-07-28',
    resourceMetadata: 'header-or-well-known',
    defaultEndpoints: false,
    openIdDiscovery: true,
    resourceIndicator: true,
    pkceMetadataRequired: true,
    clientIdMetadataDocuments: true,
    dynamicRegistration: 'deprecated',
    applicationTypeRequired: true,
    issValidation: true,
    issuerCheckInVersion: true,
    scopeSelection: true,
    mcpMethod: 'server/discover',
    refreshRotationRequired: true,
  },
};

export function specRules(version: OAuthSpecVersion): SpecRules {
  return RULES[version];
}

/** A place to look for a metadata document; `inVersion: false` when the version does not name it (tried for compatibility). */
export interface DiscoveryCandidate {
  url: string;
  type: 'oauth' | 'oidc' | 'resource';
  inVersion: boolean;
}

function withoutTrailingSlash(path: string): string {
  return path.endsWith('/') ? path.slice(0, -1) : path;
}

/** RFC 9728 §3.1: the well-known suffix inserted between the host and the path, then at the root. */
export function resourceMetadataCandidates(serverUrl: URL, rules: SpecRules): DiscoveryCandidate[] {
  const path = withoutTrailingSlash(serverUrl.pathname);
  const inVersion = rules.resourceMetadata === 'header-or-well-known';
  const root = { url: new URL('/.well-known/oauth-protected-resource', serverUrl.origin).toString(), type: 'resource' as const, inVersion };
  if (!path) return [root];
  return [{ url: new URL(`/.well-known/oauth-protected-resource${path}`, serverUrl.origin).toString(), type: 'resource', inVersion }, root];
}

/**
 * Where the version looks for the authorization server's metadata, in its order. 2025-03-26: the
 * root of the authorization base URL only. 2025-06-18: RFC 8414 (path insertion), then OpenID
 * Discovery as a compatibility try. 2025-11-25 on: RFC 8414 and OpenID Discovery in the order
 * the spec lists (the SDK's `buildDiscoveryUrls`).
 */
export function authorizationServerCandidates(issuer: URL, rules: SpecRules): DiscoveryCandidate[] {
  const ordered = buildDiscoveryUrls(issuer).map(({ url, type }) => ({ url: url.toString(), type }));
  if (rules.resourceMetadata === 'none') {
    return [{ url: new URL('/.well-known/oauth-authorization-server', issuer.origin).toString(), type: 'oauth', inVersion: true }];
  }
  if (rules.openIdDiscovery) return ordered.map((candidate) => ({ ...candidate, inVersion: true }));
  return ordered.map((candidate) => ({ ...candidate, inVersion: candidate.type === 'oauth' }));
}

/** A version's name for the sentences. */
export function versionName(rules: SpecRules): string {
  return `MCP ${rules.version}`;
}
