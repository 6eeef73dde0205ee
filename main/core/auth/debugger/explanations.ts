import type { DebugStepKind } from '../../../../shared/oauth-debugger.js';
import type { SpecRules } from './spec-rules.js';

/** What each step does and why, in a few sentences, under one version of the spec. */
export function explain(kind: DebugStepKind, rules: SpecRules): string {
  const v = rules.version;
  switch (kind) {
    case 'unauthenticated-request':
      return [
        `Loupe sends the server an MCP \`${rules.mcpMethod}\` request without a token, to learn whether it needs one and how to get it.`,
        'A protected server answers 401 Unauthorized with a WWW-Authenticate header (RFC 6750): its scheme (Bearer, or DPoP for sender-constrained tokens), the scopes it wants and, from 2025-06-18, where its protected resource metadata is (`resource_metadata`, RFC 9728).',
        rules.resourceMetadata === 'none'
          ? `${v} has no protected resource metadata: the client goes on to the authorization server at the MCP server's origin.`
          : rules.resourceMetadata === 'header'
            ? `${v} says the server MUST name its metadata in that header.`
            : `${v} lets the server name its metadata in that header or serve it at a well-known URI; the header's \`scope\` is what the client asks for first.`,
      ].join(' ');
    case 'resource-metadata':
      return rules.resourceMetadata === 'none'
        ? `${v} predates protected resource metadata (RFC 9728): the authorization server is found from the MCP server's own origin instead.`
        : [
            'The protected resource metadata (RFC 9728) says which authorization server issues tokens for this server, and for which `resource`.',
            rules.resourceMetadata === 'header'
              ? `${v}: the client reads the URL from the 401's \`resource_metadata\`; a server that leaves it out breaks the version (Loupe then tries the RFC 9728 well-known URIs, which ${v} does not name).`
              : `${v}: the client uses the 401's \`resource_metadata\` URL when present, else tries /.well-known/oauth-protected-resource with the server's path inserted, then at the root.`,
            'Its `resource` MUST be identical to the server the client is talking to (RFC 9728 §3.3): otherwise the metadata could steer tokens to another audience.',
          ].join(' ');
    case 'authorization-server-metadata':
      return [
        'The authorization server metadata lists its endpoints (authorize, token, registration, revocation) and what it supports (PKCE methods, grants, scopes, DPoP algorithms).',
        rules.resourceMetadata === 'none'
          ? `${v}: the authorization base URL is the MCP server's origin (its path discarded), the document is at /.well-known/oauth-authorization-server there, and without one the client uses /authorize, /token and /register.`
          : rules.openIdDiscovery
            ? `${v}: the client tries RFC 8414 with the issuer's path inserted, then OpenID Connect Discovery with it inserted and appended (for an issuer with a path), and MUST support both.`
            : `${v}: the client MUST use RFC 8414 (the issuer's path inserted after /.well-known/oauth-authorization-server); Loupe also tries OpenID Connect Discovery, which ${v} does not name.`,
        `The document's \`issuer\` MUST equal the URL it was looked up for (RFC 8414 §3.3)${rules.issuerCheckInVersion ? `, which ${v} restates: a mismatch means the client MUST NOT use it` : ''}.`,
      ].join(' ');
    case 'client-registration':
      return [
        'The client needs a client id at this authorization server.',
        rules.clientIdMetadataDocuments
          ? `${v} has the client try, in order: a pre-registered client; a Client ID Metadata Document (an HTTPS URL as the client id, which the server fetches) where the metadata says \`client_id_metadata_document_supported\`; Dynamic Client Registration (RFC 7591)${rules.dynamicRegistration === 'deprecated' ? ', deprecated in this version and kept for older servers' : ''}.`
          : `${v} has the client use a pre-registered client, else Dynamic Client Registration (RFC 7591), which it SHOULD support.`,
        rules.applicationTypeRequired ? 'A dynamic registration MUST say its `application_type` (`native` for Loupe, whose redirect is a loopback address).' : '',
        'The registration names the redirect URI the code will come back to: Loupe\'s loopback listener for this run.',
      ]
        .filter(Boolean)
        .join(' ');
    case 'authorization-request':
      return [
        'The authorization request sends the person (their browser) to the authorization server to sign in and consent.',
        'Loupe makes a PKCE code verifier and sends its S256 challenge (OAuth 2.1 requires PKCE), a random `state`, its redirect URI and the scope',
        rules.resourceIndicator ? `, and the \`resource\` indicator (RFC 8707), which ${v} requires in both the authorization and the token request so the token is bound to this server.` : `; ${v} does not use resource indicators.`,
        rules.scopeSelection ? 'The scope is the challenge\'s, else the protected resource metadata\'s `scopes_supported`.' : '',
        'Edit the request here to try another scope, redirect URI or parameter.',
      ]
        .filter(Boolean)
        .join(' ')
        .replace(' ,', ',');
    case 'authorization-redirect':
      return [
        'The authorization server sends the browser back to the redirect URI with a one-time `code` and the `state` Loupe sent (or an `error`); Loupe\'s loopback listener (RFC 8252) receives it and checks the state.',
        rules.issValidation
          ? `${v} also requires checking \`iss\` (RFC 9207) against the issuer recorded from the metadata before the code goes anywhere: a mismatch, or a missing \`iss\` the metadata promised, means reject.`
          : `An \`iss\` (RFC 9207) names the server that issued the code; ${v} does not ask the client to check it, 2026-07-28 does.`,
      ].join(' ');
    case 'token-request':
      return [
        'The client redeems the code at the token endpoint with its PKCE code verifier, the same redirect URI',
        rules.resourceIndicator ? ' and the `resource` indicator' : '',
        ', authenticating as its registration says (a public client sends only its client id).',
        ' Where the server supports DPoP (RFC 9449), Loupe signs a proof with its own key so the token is bound to it; the server may ask for a nonce first.',
      ].join('');
    case 'token-refresh':
      return [
        'The client trades its refresh token for a new access token, as it will when the first one expires, without the person.',
        rules.refreshRotationRequired
          ? `${v}: for a public client the authorization server MUST rotate the refresh token (or bind it with DPoP).`
          : `${v}: token rotation SHOULD be implemented.`,
      ].join(' ');
    case 'authenticated-request':
      return `Loupe sends the MCP \`${rules.mcpMethod}\` request again, now with the access token in the Authorization header (never in the URL): the server should accept it. A DPoP-bound token goes with the DPoP scheme and a fresh proof that names this request and the token's hash (\`ath\`).`;
    case 'token-revocation':
      return 'The run ends by revoking the tokens it obtained (RFC 7009), refresh token first, so nothing it made stays valid. A server that offers no `revocation_endpoint` cannot be asked: its tokens stay valid until they expire.';
  }
}
