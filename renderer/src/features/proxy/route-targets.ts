import type { ImportDiscovery } from '../../../../shared/config-import';
import type { RequestParams } from '../../../../shared/contract';
import type { RouteTarget } from '../../../../shared/proxy';

/** The clients whose entries the core can rewrite (the contract's `proxy.route.preview`). */
type RoutableTarget = RequestParams<'proxy.route.preview'>;
const ROUTABLE = new Set<string>(['claude-desktop', 'claude-code', 'vscode', 'cursor', 'windsurf', 'gemini', 'codex']);

function isRoutable(client: string): client is RoutableTarget['client'] {
  return ROUTABLE.has(client);
}

/** An entry of a client's config file that "Route through Loupe" can rewrite, with where it was found. */
export interface FoundTarget {
  key: string;
  /** The config file's label, e.g. "Claude Code (local: /work/app)". */
  label: string;
  target: RoutableTarget;
  /** The entry is already `loupe proxy`'d or unusable, in one sentence. */
  problem?: string;
}

/** Claude Code's `~/.claude.json` project entries: the import labels them "(local: FOLDER)". */
const PROJECT_SCOPE = /\(local: (.+)\)$/;

/** The server entries of the clients' config files the config import found, of the clients Route through Loupe knows. */
export function routeTargets(discovery: ImportDiscovery): FoundTarget[] {
  const found: FoundTarget[] = [];
  for (const source of discovery.sources) {
    const client = source.client;
    if (!isRoutable(client) || source.path === undefined || source.problem) continue;
    const project = source.client === 'claude-code' ? PROJECT_SCOPE.exec(source.label)?.[1] : undefined;
    for (const entry of source.entries) {
      found.push({
        key: `${source.id}\n${entry.key}`,
        label: source.label,
        target: { client, path: source.path, name: entry.name, ...(project !== undefined ? { project } : {}) },
        ...(entry.problem !== undefined ? { problem: entry.problem } : {}),
      });
    }
  }
  return found;
}

/** The same entry of the same file (to find the change a record made). */
export function sameTarget(a: RouteTarget, b: RouteTarget): boolean {
  return a.path === b.path && a.name === b.name && (a.project ?? '') === (b.project ?? '');
}
