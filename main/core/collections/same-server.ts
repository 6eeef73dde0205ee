/**
 * Whether a server already in the list starts the same server as a collection's: the same
 * transport settings and era, so a run reuses it (and its connection) instead of adding a copy.
 * `@node` and `node` count as one command (a collection made from a server on Loupe's own Node
 * says `node`). A server in the list with no working directory matches the collection's when the
 * command and arguments name no relative path, since the folder then changes nothing they name.
 */
import path from 'node:path';
import { DEFAULT_PROTOCOL_ERA, portableCommand, type KeyValue, type ServerConfig, type ServerConfigInput, type TransportConfig } from '../../../shared/server-config.js';

function samePairs(a: readonly KeyValue[], b: readonly KeyValue[]): boolean {
  const text = (pairs: readonly KeyValue[]) => JSON.stringify(pairs.map(({ key, value }) => [key, value]).sort());
  return text(a) === text(b);
}

/** A relative file path: not absolute, and with a folder in it or starting with a dot. */
function relativePath(text: string): boolean {
  return !path.isAbsolute(text) && (/[\\/]/.test(text) || text.startsWith('.'));
}

function sameTransport(listed: TransportConfig, wanted: TransportConfig): boolean {
  if (listed.type === 'stdio' && wanted.type === 'stdio') {
    const sameFolder = listed.cwd === undefined ? ![wanted.command, ...wanted.args].some(relativePath) : path.resolve(listed.cwd) === path.resolve(wanted.cwd ?? '.');
    return (
      portableCommand(listed.command) === portableCommand(wanted.command) &&
      JSON.stringify(listed.args) === JSON.stringify(wanted.args) &&
      samePairs(listed.env, wanted.env) &&
      sameFolder
    );
  }
  if (listed.type === 'stdio' || wanted.type === 'stdio') return false;
  return listed.type === wanted.type && listed.url === wanted.url && samePairs(listed.headers, wanted.headers);
}

export function sameServer(listed: ServerConfig, wanted: ServerConfigInput): boolean {
  return (listed.era ?? DEFAULT_PROTOCOL_ERA) === (wanted.era ?? DEFAULT_PROTOCOL_ERA) && sameTransport(listed.transport, wanted.transport);
}
