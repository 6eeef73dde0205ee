import { lookup } from 'node:dns/promises';
import { isIP, connect as tcpConnect } from 'node:net';
import { checkServerIdentity, connect as tlsConnect, type PeerCertificate } from 'node:tls';

/** The URL's host without the brackets an IPv6 literal has in a URL. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** The addresses a host name resolves to (an IP address resolves to itself). */
export async function resolveHost(host: string): Promise<string[]> {
  if (isIP(host)) return [host];
  const found = await lookup(host, { all: true });
  return found.map((entry) => entry.address);
}

function abortable<T>(signal: AbortSignal, start: (settle: { ok: (value: T) => void; fail: (error: Error) => void }) => () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let stop = () => {};
    const onAbort = () => {
      stop();
      reject(signal.reason instanceof Error ? signal.reason : new Error('Stopped.'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    stop = start({
      ok: (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      fail: (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    });
  });
}

/** Opens a TCP connection and closes it at once; resolves when it was accepted. */
export function tcpReachable(address: string, port: number, signal: AbortSignal): Promise<void> {
  return abortable(signal, ({ ok, fail }) => {
    const socket = tcpConnect({ host: address, port });
    socket.once('connect', () => {
      socket.destroy();
      ok(undefined);
    });
    socket.once('error', fail);
    return () => socket.destroy();
  });
}

export interface TlsLook {
  subject: string;
  issuer: string;
  validTo: string;
  /** Why Node (with its CA store, NODE_EXTRA_CA_CERTS included) does not trust the certificate; undefined when it does. */
  problem?: string;
}

/** OpenSSL's codes for the usual reasons, in words. */
const TLS_PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a self-signed CA that is not in the CA store',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its issuer is not in the CA store',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its issuer is not in the CA store',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
};

function nameOf(fields: Record<string, unknown> | undefined): string {
  if (!fields) return 'unknown';
  const parts = ['CN', 'O'].map((key) => fields[key]).filter((value): value is string => typeof value === 'string');
  return parts.length > 0 ? parts.join(', ') : 'unknown';
}

/** A TLS handshake that looks at the certificate instead of refusing it, then judges it as a client would. */
export function lookAtTls(address: string, port: number, host: string, signal: AbortSignal): Promise<TlsLook> {
  return abortable(signal, ({ ok, fail }) => {
    const socket = tlsConnect({ host: address, port, ...(isIP(host) ? {} : { servername: host }), rejectUnauthorized: false });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate() as PeerCertificate | undefined;
      const code = String(socket.authorizationError ?? '');
      const chainProblem = socket.authorized ? undefined : TLS_PROBLEMS[code] ? `${TLS_PROBLEMS[code]} (${code})` : code || 'the certificate is not trusted';
      const identity = cert ? checkServerIdentity(host, cert) : new Error('The server sent no certificate.');
      socket.destroy();
      ok({
        subject: nameOf(cert?.subject),
        issuer: nameOf(cert?.issuer),
        validTo: cert?.valid_to ?? 'unknown',
        ...(chainProblem ? { problem: chainProblem } : identity ? { problem: identity.message } : {}),
      });
    });
    socket.once('error', fail);
    return () => socket.destroy();
  });
}
