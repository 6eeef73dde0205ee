import type { RequestHandlers } from '../../../shared/contract.js';
import type { ServerListsRegistry } from '../lists/server-lists.js';
import type { StructuredResults } from '../lint/structured-results.js';
import { lintTools } from '../lint/tool-lint.js';

type LintHandlers = Pick<RequestHandlers, 'tools.lint'>;

export function lintHandlers(lists: ServerListsRegistry, structured: StructuredResults): LintHandlers {
  return {
    'tools.lint': async ({ serverId, force }) => {
      const list = await lists.load(serverId, 'tools', force === true);
      return lintTools(serverId, list.items, structured.of(serverId));
    },
  };
}
