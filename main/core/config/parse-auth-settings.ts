import type { AuthSettings } from '../../../shared/auth.js';
import { LoupeError } from '../../../shared/wire.js';

function fail(message: string): never {
  throw new LoupeError(message, 'invalid-config');
}

function optionalText(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') fail(`${what} must be text.`);
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Checks a server's OAuth settings. Anything else under `auth` (a client secret pasted into a
 * config file, tokens) is dropped, so it never reaches servers.json.
 */
export function parseAuthSettings(value: unknown): AuthSettings | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) fail('The OAuth settings must be an object.');
  const input = value as Record<string, unknown>;
  const clientId = optionalText(input.clientId, 'The OAuth client id');
  const scopes = optionalText(input.scopes, 'The OAuth scopes');
  const clientMetadataUrl = optionalText(input.clientMetadataUrl, 'The client metadata document URL');
  if (clientMetadataUrl) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(clientMetadataUrl);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.protocol !== 'https:' || parsed.pathname === '/') {
      fail('The client metadata document URL must be an https URL with a path.');
    }
  }
  const grant = input.grant;
  if (grant !== undefined && grant !== 'authorization_code' && grant !== 'client_credentials' && grant !== 'cross-app-access') {
    fail('The OAuth grant must be authorization_code, client_credentials or cross-app-access.');
  }
  const idpTokenEndpoint = optionalText(input.idpTokenEndpoint, "The identity provider's token endpoint");
  if (idpTokenEndpoint && !/^https?:\/\//i.test(idpTokenEndpoint)) fail("The identity provider's token endpoint must be an http(s) URL.");
  const idpClientId = optionalText(input.idpClientId, "The client id at the identity provider");
  const authorizeWith = input.authorizeWith;
  if (authorizeWith !== undefined && authorizeWith !== 'browser' && authorizeWith !== 'http-get') {
    fail('Authorize with must be browser or http-get.');
  }
  if (input.clientAuthentication !== undefined && input.clientAuthentication !== 'private_key_jwt') {
    fail('The client authentication must be private_key_jwt when set.');
  }
  if (input.allowIssuerMismatch !== undefined && typeof input.allowIssuerMismatch !== 'boolean') fail('allowIssuerMismatch must be true or false.');
  const settings: AuthSettings = {
    ...(clientId ? { clientId } : {}),
    ...(scopes ? { scopes } : {}),
    ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
    ...(grant && grant !== 'authorization_code' ? { grant: grant } : {}),
    ...(authorizeWith && authorizeWith !== 'browser' ? { authorizeWith: authorizeWith } : {}),
    ...(input.clientAuthentication === 'private_key_jwt' ? { clientAuthentication: 'private_key_jwt' as const } : {}),
    ...(input.allowIssuerMismatch === true ? { allowIssuerMismatch: true } : {}),
    ...(idpTokenEndpoint ? { idpTokenEndpoint } : {}),
    ...(idpClientId ? { idpClientId } : {}),
  };
  return Object.keys(settings).length > 0 ? settings : undefined;
}
