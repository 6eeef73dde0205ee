/**
 * What a run of a collection would do with what is the person's and not the collection's: the
 * local commands it starts, and each environment variable and secret it reads with the servers it
 * would go to. A collection comes from someone's repository, so this is asked before it runs.
 */
import { createHash } from 'node:crypto';
import type { CollectionConsent, CollectionFile, CollectionServer } from '../../../shared/collections.js';
import type { LoadedCollection } from './collection-folder.js';
import { serverKeyOf } from './collection-runner.js';
import { serverStrings } from './collection-servers.js';
import { stableJson } from './stable-json.js';
import { outsideReferencesIn, stringsIn } from './variables.js';

/** How the person sees where a value goes: the server's key and its URL or command line. */
export function serverLabel(key: string, server: CollectionServer): string {
  return 'url' in server ? `${key} (${server.url})` : `${key} (${[server.command, ...(server.args ?? [])].join(' ')})`;
}

/** Where requests go when the person chose the server for the run. */
const CHOSEN_SERVER = 'the server chosen for the run';

export interface ConsentScope {
  collectionId: string;
  /** The folder at its real path: the answer is kept for it. */
  realDir: string;
  /** Every request goes to a server the person chose: the collection's own are not started. */
  serverOverride: boolean;
}

/** What the collection would start and read, and the hash an answer is kept under (without `granted`). */
export function consentAsk(loaded: LoadedCollection & { collection: CollectionFile }, scope: ConsentScope): Omit<CollectionConsent, 'granted'> {
  const { collection } = loaded;
  const servers = Object.entries(collection.servers);
  const sentTo = new Map<string, { kind: 'env' | 'secret'; name: string; to: Set<string> }>();
  const note = (texts: readonly string[], to: string) => {
    for (const reference of outsideReferencesIn(texts)) {
      const key = `${reference.kind}:${reference.name}`;
      const entry = sentTo.get(key) ?? { ...reference, to: new Set<string>() };
      entry.to.add(to);
      sentTo.set(key, entry);
    }
  };
  if (!scope.serverOverride) for (const [key, server] of servers) note(serverStrings(server), serverLabel(key, server));
  for (const { request } of loaded.requests) {
    if (!request) continue;
    let to = CHOSEN_SERVER;
    if (!scope.serverOverride) {
      try {
        const key = serverKeyOf(collection, request);
        const server = collection.servers[key];
        to = server ? serverLabel(key, server) : key;
      } catch {
        // A request that names no server goes nowhere (its run says why); what it reads is still named.
        to = 'no server (the request names none)';
      }
    }
    note(stringsIn(request), to);
  }
  const commands = scope.serverOverride
    ? []
    : servers.flatMap(([key, server]) => ('command' in server ? [{ server: key, command: [server.command, ...(server.args ?? [])].join(' ') }] : []));
  const reads = [...sentTo.values()]
    .map(({ kind, name, to }) => ({ kind, name, sentTo: [...to].sort() }))
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
  // The server definitions are hashed whole: a changed URL, header or command asks again even
  // when it reads nothing new.
  const hash = createHash('sha256')
    .update(stableJson({ dir: scope.realDir, servers: scope.serverOverride ? null : collection.servers, commands, reads }))
    .digest('hex');
  return { collectionId: scope.collectionId, collection: collection.name, dir: scope.realDir, hash, needed: commands.length + reads.length > 0, commands, reads };
}

/** What the consent covers, in one sentence, for an error that says a run waits for it. */
export function consentSentence(consent: Pick<CollectionConsent, 'commands' | 'reads'>): string {
  const parts: string[] = [];
  if (consent.commands.length > 0) parts.push(`start ${consent.commands.map((command) => `"${command.command}"`).join(', ')}`);
  for (const read of consent.reads) parts.push(`send ${read.kind === 'env' ? `the environment variable ${read.name}` : `the secret "${read.name}"`} to ${read.sentTo.join(', ')}`);
  return parts.join('; ');
}
