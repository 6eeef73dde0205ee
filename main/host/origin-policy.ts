/**
 * Which Host and Origin headers the host answers to. Checking Host defeats DNS rebinding
 * (a hostile name resolving to 127.0.0.1); checking Origin stops other sites' pages.
 */
export interface OriginPolicy {
  isAllowedHost(hostHeader: string | undefined): boolean;
  isAllowedOrigin(originHeader: string): boolean;
}

const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::']);

/** `::1` → `[::1]`: the form an IPv6 address takes in a Host header or a URL. */
export function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** The host name to put in URLs: a wildcard bind address is reachable as 127.0.0.1. */
export function publicHostName(bindHost: string): string {
  return WILDCARD_ADDRESSES.has(bindHost) ? '127.0.0.1' : bindHost;
}

export function createOriginPolicy(bindHost: string, port: number): OriginPolicy {
  const names = new Set(['127.0.0.1', 'localhost', hostForUrl(publicHostName(bindHost)).toLowerCase()]);
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(`${name}:${port}`);
    // Browsers leave out the default port.
    if (port === 80) hosts.add(name);
  }
  const origins = new Set([...hosts].map((host) => `http://${host}`));
  return {
    isAllowedHost: (hostHeader) => hostHeader !== undefined && hosts.has(hostHeader.toLowerCase()),
    isAllowedOrigin: (originHeader) => origins.has(originHeader.toLowerCase()),
  };
}
