import { FileShapeError, parseJsonText } from './parse-text.js';
import { isObject } from '../../../../shared/is-object.js';
import { entriesOf, type ReadContext, type ReadPart } from './read-context.js';

/**
 * The transport Cline gives an entry: `type` (stdio, sse, streamableHttp) or its older
 * `transportType` (stdio, sse, http); a bare `url` is SSE to Cline (its schema tries SSE first).
 */
function clineType(raw: Record<string, unknown>): unknown {
  if (raw.type !== undefined) return raw.type;
  if (raw.transportType === 'http') return 'streamable-http';
  if (raw.transportType !== undefined) return raw.transportType;
  return raw.url !== undefined && raw.command === undefined ? 'sse' : undefined;
}

/**
 * `cline_mcp_settings.json` (the Cline extension's global storage, or the Cline CLI's data folder):
 * `mcpServers` with Cline's own `disabled`, `autoApprove` and `timeout` (seconds). Cline expands no
 * variables.
 */
export function readCline(text: string, context: ReadContext): ReadPart[] {
  const value = parseJsonText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a JSON object.');
  return [
    {
      entries: entriesOf(value.mcpServers, 'mcpServers', 'none', context, (raw) => {
        const notes: string[] = [];
        if (Array.isArray(raw.autoApprove) && raw.autoApprove.length > 0) {
          notes.push(`Cline approves ${raw.autoApprove.length === 1 ? 'one tool' : `${raw.autoApprove.length} tools`} without asking; Loupe runs a tool only when you do.`);
        }
        if (typeof raw.timeout === 'number') notes.push(`Cline waits ${raw.timeout} s for each call; set the server's call timeout in Loupe to match.`);
        const { transportType: _legacy, ...rest } = raw;
        const type = clineType(raw);
        return { raw: { ...rest, ...(type !== undefined ? { type } : {}) }, extras: { notes, ...(raw.disabled === true ? { disabled: true } : {}) } };
      }),
    },
  ];
}
