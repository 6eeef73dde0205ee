import { FileShapeError, parseJsonText } from './parse-text.js';
import { isObject } from '../../../../shared/is-object.js';
import { entriesOf, type ReadContext, type ReadPart } from './read-context.js';
import { envFileNote } from './vscode.js';

/** `~/.cursor/mcp.json` or a project's `.cursor/mcp.json`: `mcpServers`, with `${env:NAME}`, `${userHome}`, `${workspaceFolder}`. */
export function readCursor(text: string, context: ReadContext): ReadPart[] {
  const value = parseJsonText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a JSON object.');
  return [{ entries: entriesOf(value.mcpServers, 'mcpServers', 'cursor', context, (raw) => ({ raw, extras: { notes: envFileNote(raw) } })) }];
}
