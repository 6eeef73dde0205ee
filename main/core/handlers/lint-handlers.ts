import type { RequestHandlers } from '../../../shared/contract.js';
import type { ServerListsRegistry } from '../lists/server-lists.js';
import type { StructuredResults } from '../lint/structured-results.js';
import { lintTools } from '../lint/tool-lint.js';

type LintHandlers = Pick<RequestHandlers, 'tools.lint'>;

export function lintHandlers(lists: ServerListsRegistry, structured: StructuredResults): LintHandlers {
  return {
    'tools.lint': async ({ serverId, force }) => {
      // The list the connection holds, when loaded: linting it (as the Tools tab does on each new
      // list) sends no tools/list of its own. `force`, or no list yet, fetches it.
      const held = force === true ? undefined : lists.snapshot(serverId)[0]?.lists.tools;
      const items = held?.status === 'loaded' ? held.items : (await lists.load(serverId, 'tools', force === true)).items;
      return lintTools(serverId, items, structured.of(serverId));
    },
  };
}
