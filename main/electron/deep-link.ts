import { DEEP_LINK_SCHEME, type DeepLinkEvent } from '../../shared/deep-link.js';
import type { KeyValue, ServerConfigInput, TransportConfig } from '../../shared/server-config.js';

/** Longer links are refused: a server config fits in far less. */
export const MAX_DEEP_LINK_CHARS = 16 * 1024;
const MAX_FIELD_CHARS = 4_096;
const MAX_ITEMS = 100;

class LinkProblem extends Error {}

const text = (value: unknown, what: string): string => {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_FIELD_CHARS) throw new LinkProblem(`${what} must be a non-empty string.`);
  return value;
};

function pairs(value: unknown, what: string): KeyValue[] {
  if (value === undefined) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new LinkProblem(`${what} must be an object of names and values.`);
  const entries = Object.entries(value);
  if (entries.length > MAX_ITEMS) throw new LinkProblem(`${what} has more than ${MAX_ITEMS} entries.`);
  return entries.map(([key, item]) => ({ key: text(key, `A name in ${what}`), value: typeof item === 'string' ? item : text(undefined, `${what}.${key}`) }));
}

function transportOf(config: Record<string, unknown>): TransportConfig {
  const type = config.type;
  if (typeof config.url === 'string' || type === 'http' || type === 'sse' || type === 'streamable-http') {
    const url = text(config.url, '"url"');
    if (!/^https?:\/\//i.test(url)) throw new LinkProblem('"url" must start with http:// or https://.');
    return { type: type === 'sse' ? 'sse' : 'streamable-http', url, headers: pairs(config.headers, '"headers"') };
  }
  const args = config.args ?? [];
  if (!Array.isArray(args) || args.length > MAX_ITEMS) throw new LinkProblem('"args" must be a list of strings.');
  return {
    type: 'stdio',
    command: text(config.command, '"command"'),
    args: args.map((arg, index) => (typeof arg === 'string' && arg.length <= MAX_FIELD_CHARS ? arg : text(undefined, `"args"[${index}]`))),
    env: pairs(config.env, '"env"'),
  };
}

/**
 * Reads `loupe://add-server?config=<JSON>` (the JSON shaped as in Claude Desktop or VS Code:
 * name, command, args, env, or url, type, headers). The result only fills in the server form.
 */
export function parseDeepLink(link: string): DeepLinkEvent {
  try {
    if (link.length > MAX_DEEP_LINK_CHARS) throw new LinkProblem(`The link is longer than ${MAX_DEEP_LINK_CHARS / 1024} KB.`);
    const url = new URL(link);
    if (url.protocol !== `${DEEP_LINK_SCHEME}:`) throw new LinkProblem(`It is not a ${DEEP_LINK_SCHEME}:// link.`);
    const action = (url.hostname || url.pathname.replace(/^\/+/, '')).toLowerCase();
    if (action !== 'add-server') throw new LinkProblem(`Loupe does not know the action “${action.slice(0, 40)}”; it knows add-server.`);
    const raw = url.searchParams.get('config');
    if (!raw) throw new LinkProblem('The link has no config parameter.');
    let config: unknown;
    try {
      config = JSON.parse(raw);
    } catch {
      throw new LinkProblem('Its config is not valid JSON.');
    }
    if (typeof config !== 'object' || config === null || Array.isArray(config)) throw new LinkProblem('Its config must be a JSON object.');
    const record = config as Record<string, unknown>;
    const proposal: ServerConfigInput = { name: text(record.name ?? url.searchParams.get('name') ?? 'New server', '"name"'), transport: transportOf(record) };
    return { kind: 'add-server', proposal };
  } catch (error) {
    const reason = error instanceof LinkProblem ? error.message : 'It is not a valid URL.';
    return { kind: 'invalid', reason: `A ${DEEP_LINK_SCHEME}:// link could not be used: ${reason}` };
  }
}

/** The first loupe:// link among command-line arguments (Windows and Linux pass links this way). */
export function deepLinkInArgv(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`));
}
