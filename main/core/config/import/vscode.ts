import type { ImportEntry } from '../../../../shared/config-import.js';
import { FileShapeError, parseJsonText } from './parse-text.js';
import { isObject } from '../../../../shared/is-object.js';
import { entriesOf, type ReadContext, type ReadPart, type VsCodeInputs } from './read-context.js';

/** `.vscode/mcp.json` or the user profile's `mcp.json`: `servers` and `inputs`. */
export function readVsCodeMcp(text: string, context: ReadContext): ReadPart[] {
  const value = parseJsonText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a JSON object.');
  return [{ entries: serversWithInputs(value, '', context) }];
}

/** The user's `settings.json`, whose `mcp` key holds `servers` and `inputs` (older VS Code versions). */
export function readVsCodeSettings(text: string, context: ReadContext): ReadPart[] {
  const value = parseJsonText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a JSON object.');
  if (value.mcp === undefined) return [{ entries: [] }];
  if (!isObject(value.mcp)) throw new FileShapeError('its “mcp” setting is not an object.');
  return [{ entries: serversWithInputs(value.mcp, 'mcp.', context) }];
}

export function serversWithInputs(value: Record<string, unknown>, fieldPrefix: string, context: ReadContext): ImportEntry[] {
  return entriesOf(value.servers, `${fieldPrefix}servers`, 'vscode', context, (raw) => ({ raw, extras: { notes: envFileNote(raw) } }), readInputs(value.inputs, fieldPrefix));
}

function readInputs(value: unknown, fieldPrefix: string): VsCodeInputs {
  const inputs = new Map<string, { description?: string; password: boolean; default?: string }>();
  if (value === undefined) return inputs;
  if (!Array.isArray(value)) throw new FileShapeError(`its “${fieldPrefix}inputs” is not a list.`);
  for (const input of value) {
    if (!isObject(input) || typeof input.id !== 'string') continue;
    inputs.set(input.id, {
      password: input.password === true,
      ...(typeof input.description === 'string' ? { description: input.description } : {}),
      ...(typeof input.default === 'string' ? { default: input.default } : {}),
    });
  }
  return inputs;
}

export function envFileNote(raw: Record<string, unknown>): string[] {
  return typeof raw.envFile === 'string' ? [`Its envFile (${raw.envFile}) is not read: add those variables to the server’s environment.`] : [];
}
