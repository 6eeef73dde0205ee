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

const LOOPBACK_BINDS = new Set(['127.0.0.1', 'localhost']);

/**
 * The name the page is served under. On loopback it is a name of its own, `loupe-<random>.localhost`
 * (browsers send *.localhost to the loopback address): cookies are per host name, not per port, so
 * under 127.0.0.1 the session cookie would go to every other local service, and two hosts would
 * overwrite each other's cookie.
 */
export function sessionHostName(bindHost: string, random: string): string {
  return LOOPBACK_BINDS.has(bindHost) ? `loupe-${random}.localhost` : publicHostName(bindHost);
}

export function createOriginPolicy(bindHost: string, port: number, sessionHost?: string): OriginPolicy {
  const names = new Set(['127.0.0.1', 'localhost', hostForUrl(publicHostName(bindHost)).toLowerCase()]);
  if (sessionHost) names.add(sessionHost.toLowerCase());
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
