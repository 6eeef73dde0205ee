import type { KeyValue, ServerConfig } from '../../../shared/server-config.js';
import type { SecretStore } from '../secrets/secret-store.js';

/** A secret pair as servers.json keeps it: the reference to its value in the secret store. */
interface StoredPair {
  key: string;
  value?: string;
  secret?: boolean;
  secretRef?: string;
}

function pairsOf(server: ServerConfig): { place: 'env' | 'header'; pairs: KeyValue[] } {
  return server.transport.type === 'stdio' ? { place: 'env', pairs: server.transport.env } : { place: 'header', pairs: server.transport.headers };
}

export function secretRef(serverId: string, place: 'env' | 'header', name: string): string {
  return `server/${serverId}/${place}/${name}`;
}

/** Every secret value of these servers (for the session's redaction list). */
export function secretValuesOf(servers: readonly ServerConfig[]): string[] {
  return servers.flatMap((server) => pairsOf(server).pairs.filter((pair) => pair.secret && pair.value !== '').map((pair) => pair.value));
}

/**
 * The servers as servers.json keeps them: each secret value goes to the store and the file keeps
 * its reference. Returns the file's form and the references in use.
 */
export async function storeSecrets(servers: readonly ServerConfig[], store: SecretStore): Promise<{ servers: unknown[]; refs: Set<string> }> {
  const refs = new Set<string>();
  const stored: unknown[] = [];
  for (const server of servers) {
    const { place, pairs } = pairsOf(server);
    const filePairs: StoredPair[] = [];
    for (const pair of pairs) {
      if (!pair.secret || pair.value === '') {
        filePairs.push(pair);
        continue;
      }
      const ref = secretRef(server.id, place, pair.key);
      if ((await store.get(ref)) !== pair.value) await store.set(ref, pair.value);
      refs.add(ref);
      filePairs.push({ key: pair.key, secret: true, secretRef: ref });
    }
    const transport = server.transport.type === 'stdio' ? { ...server.transport, env: filePairs } : { ...server.transport, headers: filePairs };
    stored.push({ ...server, transport });
  }
  return { servers: stored, refs };
}

export interface ResolvedSecrets {
  /** The raw entry with each referenced value filled in from the store. */
  entry: unknown;
  refs: string[];
  /** Secret values written in clear in the file (an older servers.json): the file must be rewritten. */
  plaintext: boolean;
  /** References whose value the store no longer has, one sentence each. */
  missing: string[];
}

/** Fills an entry of servers.json with the values its references point at. */
export async function resolveSecrets(entry: unknown, store: SecretStore): Promise<ResolvedSecrets> {
  const result: ResolvedSecrets = { entry, refs: [], plaintext: false, missing: [] };
  if (typeof entry !== 'object' || entry === null) return result;
  const server = entry as { name?: unknown; transport?: { env?: unknown; headers?: unknown } };
  const transport = server.transport;
  if (typeof transport !== 'object' || transport === null) return result;
  const field = Array.isArray(transport.env) ? 'env' : Array.isArray(transport.headers) ? 'headers' : undefined;
  if (!field) return result;
  const pairs: unknown[] = [];
  for (const pair of transport[field] as unknown[]) {
    const stored = pair as StoredPair;
    if (typeof pair !== 'object' || pair === null) {
      pairs.push(pair);
    } else if (typeof stored.secretRef === 'string') {
      const value = await store.get(stored.secretRef);
      result.refs.push(stored.secretRef);
      if (value === undefined) result.missing.push(`the value of ${stored.key} in "${String(server.name)}"`);
      const { secretRef: _ref, ...rest } = stored;
      pairs.push({ ...rest, value: value ?? '', secret: true });
    } else {
      if (stored.secret === true && typeof stored.value === 'string' && stored.value !== '') result.plaintext = true;
      pairs.push(pair);
    }
  }
  result.entry = { ...server, transport: { ...transport, [field]: pairs } };
  return result;
}
