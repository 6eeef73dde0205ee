/**
 * What "Route through Loupe" changes in a client's server entry, whatever the file's format: a
 * stdio entry's command becomes `loupe proxy -- <the old command>`; an HTTP entry's URL becomes the
 * address of a `loupe proxy --http` that forwards to the old URL. The format modules
 * (json-route-edit.ts, toml-route-edit.ts) put these values into the file's text.
 */
import { homedir } from 'node:os';
import path from 'node:path';
import { isObject } from '../../../../shared/is-object.js';
import { LoupeError } from '../../../../shared/wire.js';
import { sharedDataDir } from '../../config/data-folder.js';
import { workerFile } from '../../base/worker-file.js';

/** How a client's config runs `loupe`: this runtime and the CLI's script beside the core. */
export interface LoupeLaunch {
  command: string;
  /** What comes before `proxy …`. */
  args: string[];
  /** Variables the entry needs for it (the desktop app's binary runs the CLI as Node with ELECTRON_RUN_AS_NODE). */
  env: Record<string, string>;
}

export function loupeLaunch(): LoupeLaunch {
  const script = path.resolve(decodeURIComponent(workerFile(new URL('../../../cli/loupe.js', import.meta.url)).pathname));
  return { command: process.execPath, args: [script], env: process.versions.electron !== undefined ? { ELECTRON_RUN_AS_NODE: '1' } : {} };
}

/** `--data-dir DIR` when the app's folder is not the one `loupe` would find by itself (or `always`). */
export function dataDirArgs(dataDir: string, always = false): string[] {
  if (always) return ['--data-dir', dataDir];
  const byDefault = process.env.LOUPE_DATA_DIR ? path.resolve(process.env.LOUPE_DATA_DIR) : sharedDataDir(process.platform, process.env, homedir());
  return path.resolve(dataDir) === byDefault ? [] : ['--data-dir', dataDir];
}

/** The fields an entry has that "Route through Loupe" reads and writes, as the file holds them. */
export interface EntryFields {
  command?: unknown;
  args?: unknown;
  /** The key that holds an HTTP entry's URL in this client's dialect (`url`, `serverUrl`, `httpUrl`). */
  urlKey?: string;
  url?: unknown;
}

/** The new values of the entry's fields. */
export type RoutedFields =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { kind: 'http'; urlKey: string; url: string; proxyCommand: string[] };

const URL_KEYS = ['url', 'serverUrl', 'httpUrl'] as const;

export function entryFields(entry: unknown, name: string): EntryFields {
  if (!isObject(entry)) throw new LoupeError(`The entry “${name}” is not an object in the file.`, 'invalid');
  const urlKey = URL_KEYS.find((key) => typeof entry[key] === 'string');
  return { command: entry.command, args: entry.args, ...(urlKey ? { urlKey, url: entry[urlKey] } : {}) };
}

/** Whether a stdio entry already runs through `loupe proxy`. */
function alreadyRouted(args: readonly string[]): boolean {
  return args.includes('proxy') && args.includes('--') && args.some((arg) => /(^|[\\/])loupe(\.js)?$/.test(arg) || arg.endsWith(`${path.sep}loupe.js`));
}

/**
 * The routed values. `port` is where an HTTP entry's proxy will listen. Throws a LoupeError with
 * one sentence for an entry that cannot be routed (no command or URL, already routed).
 */
export function routedFields(fields: EntryFields, name: string, dataDir: string, port: number): RoutedFields {
  if (typeof fields.command === 'string' && fields.command !== '') {
    const args = fields.args === undefined ? [] : fields.args;
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) throw new LoupeError(`The entry “${name}” has args that are not a list of strings.`, 'invalid');
    const launch = loupeLaunch();
    if (alreadyRouted(args) || (fields.command === launch.command && args[0] === launch.args[0])) throw new LoupeError(`The entry “${name}” already runs through loupe proxy.`, 'invalid');
    return { kind: 'stdio', command: launch.command, args: [...launch.args, 'proxy', '--name', name, ...dataDirArgs(dataDir), '--', fields.command, ...args], env: launch.env };
  }
  if (fields.urlKey && typeof fields.url === 'string') {
    let upstream: URL;
    try {
      upstream = new URL(fields.url);
    } catch {
      throw new LoupeError(`The entry “${name}” has a URL Loupe cannot read: ${fields.url}`, 'invalid');
    }
    const launch = loupeLaunch();
    const listen = `127.0.0.1:${port}`;
    return {
      kind: 'http',
      urlKey: fields.urlKey,
      url: `http://${listen}${upstream.pathname}${upstream.search}`,
      proxyCommand: [launch.command, ...launch.args, 'proxy', '--http', upstream.href, '--listen', listen, '--name', name, ...dataDirArgs(dataDir)],
    };
  }
  throw new LoupeError(`The entry “${name}” has neither a command nor a URL to route.`, 'invalid');
}
