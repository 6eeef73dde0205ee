/** The proxy variables `transports/network-fetch.ts` hands undici's EnvHttpProxyAgent, in the order it reads them. */
const HTTPS_NAMES = ['https_proxy', 'HTTPS_PROXY'];
const HTTP_NAMES = ['http_proxy', 'HTTP_PROXY'];
const NO_PROXY_NAMES = ['no_proxy', 'NO_PROXY'];

function first(names: string[], env: NodeJS.ProcessEnv): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name];
    if (value) return { name, value };
  }
  return undefined;
}

/** Pure: whether NO_PROXY exempts the host (exact names, domain suffixes, `*`; a `:port` must match too). */
export function exemptByNoProxy(host: string, port: number, noProxy: string): boolean {
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const [name, entryPort] = entry.split(/:(?=\d+$)/);
      if (entryPort && Number(entryPort) !== port) return false;
      const bare = name!.replace(/^\*?\./, '').toLowerCase();
      const target = host.toLowerCase();
      return target === bare || target.endsWith(`.${bare}`);
    });
}

export interface ProxyUse {
  /** Every proxy variable set, as NAME=value (credentials in a proxy URL hidden). */
  set: string[];
  /** The proxy this URL's requests go through, if any. */
  via?: { name: string; value: string };
  exemptBy?: string;
}

function withoutCredentials(value: string): string {
  try {
    const url = new URL(value);
    if (url.username || url.password) {
      url.username = '***';
      url.password = '';
    }
    return url.toString();
  } catch {
    return value;
  }
}

/** Pure: the proxy the URL's requests use under this environment. */
export function proxyFor(url: URL, port: number, host: string, env: NodeJS.ProcessEnv): ProxyUse {
  const set = [...HTTPS_NAMES, ...HTTP_NAMES, ...NO_PROXY_NAMES].filter((name) => env[name]).map((name) => `${name}=${withoutCredentials(env[name]!)}`);
  // As undici's agent: https falls back to the http proxy when no https one is set.
  const proxy = (url.protocol === 'https:' ? first(HTTPS_NAMES, env) : undefined) ?? first(HTTP_NAMES, env);
  if (!proxy) return { set };
  const noProxy = first(NO_PROXY_NAMES, env);
  if (noProxy && exemptByNoProxy(host, port, noProxy.value)) return { set, exemptBy: noProxy.name };
  return { set, via: { name: proxy.name, value: withoutCredentials(proxy.value) } };
}
