import type { CollectionServer } from '../../../../shared/collections';
import { portableCommand, type ServerConfig } from '../../../../shared/server-config';

/**
 * A Loupe server as a server of a new collection: its command and arguments, or its URL. Its
 * environment and headers are left out, since they may hold secrets, which never go into the
 * folder (add them as {{secret:NAME}} references by hand). Loupe's own Node (`@node`) is written
 * as `node`, which a teammate's machine and CI can run.
 */
export function collectionServerOf(config: ServerConfig): CollectionServer {
  const era = config.era && config.era !== 'auto' ? { era: config.era } : {};
  const { transport } = config;
  if (transport.type === 'stdio') {
    return { command: portableCommand(transport.command), ...(transport.args.length > 0 ? { args: transport.args } : {}), ...(transport.cwd ? { cwd: transport.cwd } : {}), ...era };
  }
  return { url: transport.url, ...(transport.type === 'sse' ? { transport: 'sse' as const } : {}), ...era };
}

/** A key for a server in collection.yaml: its name in lower case, words joined by "-". */
export function serverKeyOf(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return key || 'server';
}

/** The last part of a folder path (either separator), the default name of a new collection. */
export function folderName(dir: string): string {
  const parts = dir.split(/[\\/]+/).filter(Boolean);
  const last = parts.at(-1) ?? '';
  // A .loupe folder is named after the project that holds it.
  return (last.startsWith('.') ? (parts.at(-2) ?? last) : last) || 'Collection';
}
