import { createPrivateKey } from 'node:crypto';
import { createPrivateKeyJwtAuth, selectClientAuthMethod, type AddClientAuthentication } from '@modelcontextprotocol/client';

export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

export interface ClientCredentials {
  client_id: string;
  client_secret?: string | undefined;
}

/** The method the SDK would pick for this client at an endpoint that supports `supported` (RFC 6749 §2.3). */
export function clientAuthMethod(client: ClientCredentials, supported: unknown, privateKeyJwt: boolean): ClientAuthMethod {
  if (privateKeyJwt) return 'private_key_jwt';
  const list = Array.isArray(supported) ? supported.filter((method): method is string => typeof method === 'string') : [];
  return selectClientAuthMethod(client, list);
}

/**
 * Adds the client's authentication to a token-endpoint-style request (token, refresh, revocation),
 * as the SDK does: HTTP Basic, the secret in the form, only the client id (a public client), or a
 * signed assertion (`private_key_jwt`, through the SDK's helper).
 */
export async function applyClientAuth(
  method: ClientAuthMethod,
  client: ClientCredentials,
  headers: Record<string, string>,
  form: URLSearchParams,
  assertion?: { sign: AddClientAuthentication; url: URL; metadata?: Parameters<AddClientAuthentication>[3] },
): Promise<void> {
  if (method === 'private_key_jwt') {
    if (!assertion) throw new Error('private_key_jwt needs the client\'s private key: store it as the client secret in the server\'s OAuth settings.');
    const sent = new Headers(headers);
    await assertion.sign(sent, form, assertion.url, assertion.metadata);
    sent.forEach((value, name) => (headers[name] = value));
    return;
  }
  if (method === 'client_secret_basic' && client.client_secret) {
    headers.authorization = `Basic ${btoa(`${client.client_id}:${client.client_secret}`)}`;
    return;
  }
  form.set('client_id', client.client_id);
  if (method === 'client_secret_post' && client.client_secret) form.set('client_secret', client.client_secret);
}

/** The JWS algorithm that fits a PEM private key (RFC 7518): ES256/384/512 by curve, EdDSA, or RS256. */
function signingAlgorithm(pem: string): string {
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType === 'ec') {
      const curve = key.asymmetricKeyDetails?.namedCurve;
      return curve === 'secp384r1' ? 'ES384' : curve === 'secp521r1' ? 'ES512' : 'ES256';
    }
    if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  } catch {
    // Not a key Node can read: the SDK reports it when it signs.
  }
  return 'RS256';
}

/** `private_key_jwt` (RFC 7523): a client assertion signed with the stored PEM key, through the SDK's helper. */
export function privateKeyJwtSigner(clientId: string, pem: string): AddClientAuthentication {
  return createPrivateKeyJwtAuth({ issuer: clientId, subject: clientId, privateKey: pem, alg: signingAlgorithm(pem) });
}
