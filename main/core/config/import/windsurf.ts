import { FileShapeError, parseJsonText } from './parse-text.js';
import { isObject } from '../../../../shared/is-object.js';
import { entriesOf, type ReadContext, type ReadPart } from './read-context.js';

/** `~/.codeium/windsurf/mcp_config.json`: `mcpServers`; remote servers give `serverUrl` (or `url`). */
export function readWindsurf(text: string, context: ReadContext): ReadPart[] {
  const value = parseJsonText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a JSON object.');
  return [
    {
      entries: entriesOf(value.mcpServers, 'mcpServers', 'windsurf', context, (raw) => ({
        raw: raw.url === undefined && raw.serverUrl !== undefined ? { ...raw, url: raw.serverUrl } : raw,
        extras: { ...(raw.disabled === true ? { disabled: true } : {}) },
      })),
    },
  ];
}
