import { FileShapeError, parseJsonText } from './parse-text.js';
import { isObject } from '../../../../shared/is-object.js';
import { entriesOf, type ReadContext, type ReadPart } from './read-context.js';

/** A project's `.mcp.json` (shared with the team): `mcpServers`, with `${VAR}` and `${VAR:-default}` expanded. */
export function readClaudeCodeProject(text: string, context: ReadContext): ReadPart[] {
  const value = parseJsonText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a JSON object.');
  return [{ scope: 'project', entries: entriesOf(value.mcpServers, 'mcpServers', 'claude-code', context) }];
}

/** `~/.claude.json`: user-scope `mcpServers`, and each project's own under `projects[path].mcpServers`. */
export function readClaudeCodeUser(text: string, context: ReadContext): ReadPart[] {
  const value = parseJsonText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a JSON object.');
  const parts: ReadPart[] = [{ scope: 'user', entries: entriesOf(value.mcpServers, 'mcpServers', 'claude-code', context) }];
  if (value.projects !== undefined && !isObject(value.projects)) throw new FileShapeError('its “projects” is not an object.');
  for (const [folder, project] of Object.entries(value.projects ?? {})) {
    if (!isObject(project) || project.mcpServers === undefined) continue;
    const projectContext = { ...context, workspaceFolder: folder, keyPrefix: `${context.keyPrefix}#${folder}` };
    const entries = entriesOf(project.mcpServers, `projects.${folder}.mcpServers`, 'claude-code', projectContext);
    if (entries.length > 0) parts.push({ scope: `local: ${folder}`, entries });
  }
  return parts.filter((part) => part.entries.length > 0 || part.scope === 'user');
}
