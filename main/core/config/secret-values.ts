import type { ServerConfig } from '../../../shared/server-config.js';

/** Every header and env value the user marked secret, for redaction on export. */
export function secretValues(servers: readonly ServerConfig[]): string[] {
  return servers.flatMap((server) => {
    const pairs = server.transport.type === 'stdio' ? server.transport.env : server.transport.headers;
    return pairs.filter((pair) => pair.secret && pair.value !== '').map((pair) => pair.value);
  });
}
