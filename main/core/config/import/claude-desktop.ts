import { FileShapeError, parseJsonText } from './parse-text.js';
import { isObject } from '../../../../shared/is-object.js';
import { entriesOf, type ReadContext, type ReadPart } from './read-context.js';

/** `claude_desktop_config.json`: `mcpServers` of local commands; Claude Desktop expands no variables. */
export function readClaudeDesktop(text: string, context: ReadContext): ReadPart[] {
  const value = parseJsonText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a JSON object.');
  return [{ entries: entriesOf(value.mcpServers, 'mcpServers', 'none', context) }];
}
