import { webcrypto } from 'node:crypto';
import { DPOP_SUPPORTED_ALGS, DpopSession, generateDpopKeyPair, type DpopAlg } from '@modelcontextprotocol/client';
import type { DpopProofView } from '../../../shared/oauth-debugger.js';

/** The curves of the ECDSA algorithms, the ones whose key Loupe keeps between runs. */
const EC_CURVES: Partial<Record<DpopAlg, string>> = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' };

/**
 * The algorithm to sign DPoP proofs with (RFC 9449): ES256 when the server lists it (or lists
 * nothing), else the first one it lists that the SDK can sign; `ecOnly` keeps to ECDSA.
 */
export function chooseDpopAlg(serverAlgs: unknown, ecOnly = false): DpopAlg | undefined {
  const usable = (alg: DpopAlg) => !ecOnly || EC_CURVES[alg] !== undefined;
  const listed = Array.isArray(serverAlgs) ? serverAlgs.filter((alg): alg is string => typeof alg === 'string') : [];
  if (listed.length === 0 || listed.includes('ES256')) return 'ES256';
  return DPOP_SUPPORTED_ALGS.find((alg) => listed.includes(alg) && usable(alg));
}

function decodePart(part: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A proof's header and claims, for showing (the signature is left out). */
export function decodeDpopProof(proof: string): DpopProofView {
  const [header, claims] = proof.split('.');
  return { header: decodePart(header), claims: decodePart(claims) };
}

/** A DPoP key kept with a server's OAuth record (in the secret store), so its bound tokens outlive the core. */
export interface StoredDpopKey {
  alg: DpopAlg;
  privateJwk: webcrypto.JsonWebKey;
  publicJwk: webcrypto.JsonWebKey;
  thumbprint: string;
}

/** A new ECDSA key for the live sign-in, and what to store of it. */
export async function newStoredDpopKey(alg: DpopAlg): Promise<{ session: DpopSession; stored: StoredDpopKey }> {
  const pair = await generateDpopKeyPair({ alg, extractable: true });
  const privateJwk = await webcrypto.subtle.exportKey('jwk', pair.privateKey);
  return { session: await DpopSession.create({ keyPair: pair }), stored: { alg, privateJwk, publicJwk: pair.publicJwk, thumbprint: pair.thumbprint } };
}

/** The session of a stored key; undefined when the key cannot be read back (the person signs in again). */
export async function sessionFromStored(stored: StoredDpopKey): Promise<DpopSession | undefined> {
  const namedCurve = EC_CURVES[stored.alg];
  if (!namedCurve) return undefined;
  try {
    const algorithm = { name: 'ECDSA', namedCurve };
    const privateKey = await webcrypto.subtle.importKey('jwk', stored.privateJwk, algorithm, false, ['sign']);
    const publicKey = await webcrypto.subtle.importKey('jwk', stored.publicJwk, algorithm, true, ['verify']);
    const keyPair = { privateKey, publicKey, publicJwk: stored.publicJwk, thumbprint: stored.thumbprint, alg: stored.alg };
    return await DpopSession.create({ keyPair });
  } catch {
    return undefined;
  }
}

/**
 * The live sign-in's DPoP session: the key stored with the record, else a new ECDSA key (stored
 * at once, before any token is bound to it); undefined when the server takes no algorithm Loupe keeps.
 */
export async function liveDpopSession(record: { dpopKey?: StoredDpopKey }, serverAlgs: unknown, save: () => Promise<void>): Promise<DpopSession | undefined> {
  if (record.dpopKey) return sessionFromStored(record.dpopKey);
  const alg = chooseDpopAlg(serverAlgs, true);
  if (!alg) return undefined;
  const { session, stored } = await newStoredDpopKey(alg);
  record.dpopKey = stored;
  await save();
  return session;
}
