import { KIND, type CompactTrafficLog, type RowFilter } from '../traffic';

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The stderr lines of one server, optionally only those containing `search` (any case). */
export function stderrFilter(log: CompactTrafficLog, serverId: string, search: string): RowFilter {
  const pattern = search === '' ? null : new RegExp(escapeRegex(search), 'i');
  return {
    matchesAll: false,
    dependsOnRowState: false,
    dependsOnConnections: false,
    test: (position) =>
      log.kindCode(position) === KIND.stderr && log.serverId(position) === serverId && (pattern === null || pattern.test(log.text(position))),
  };
}
