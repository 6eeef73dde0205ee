import { compileTextFilter } from '../../../../shared/filter/text-filter';
import type { RowFilter } from '../../../../shared/filter/traffic-filter';
import { KIND } from '../../../../shared/filter/traffic-rows';
import type { CompactTrafficLog } from '../../state/traffic/compact-traffic-log';

/** The stderr lines of one server; with a search, those it matches (the shared filter language, any case). */
export function stderrFilter(log: CompactTrafficLog, serverId: string, search: string): RowFilter {
  const filter = search === '' ? null : compileTextFilter(search);
  return {
    matchesAll: false,
    dependsOnRowState: false,
    dependsOnConnections: false,
    test: (position) =>
      log.kindCode(position) === KIND.stderr && log.serverId(position) === serverId && (filter === null || filter.matches({ text: log.text(position) })),
  };
}
