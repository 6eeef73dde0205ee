import { FileShapeError, parseJsonText } from './parse-text.js';
import { isObject } from '../../../../shared/is-object.js';
import { entriesOf, type ReadContext, type ReadPart } from './read-context.js';

/**
 * `~/.gemini/settings.json` (or a project's `.gemini/settings.json`): `mcpServers`. `httpUrl` is
 * Streamable HTTP; `url` is SSE unless `type` says otherwise. Values expand `$VAR` and `${VAR}`;
 * `timeout` is each request's, in milliseconds.
 */
export function readGemini(text: string, context: ReadContext): ReadPart[] {
  const value = parseJsonText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a JSON object.');
  return [
    {
      entries: entriesOf(value.mcpServers, 'mcpServers', 'gemini', context, (raw) => {
        // Gemini's `timeout` is each request's, in milliseconds.
        const extras = { callTimeoutMs: raw.timeout };
        if (raw.httpUrl !== undefined) return { raw: { ...raw, url: raw.httpUrl, type: 'http' }, extras };
        if (raw.url !== undefined && raw.type === undefined) return { raw: { ...raw, type: 'sse' }, extras };
        return { raw, extras };
      }),
    },
  ];
}
