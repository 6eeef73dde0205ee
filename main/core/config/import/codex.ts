import type { ImportEntry } from '../../../../shared/config-import.js';
import type { KeyValue } from '../../../../shared/server-config.js';
import { FileShapeError, parseTomlText } from './parse-text.js';
import { isObject } from '../../../../shared/is-object.js';
import { entriesOf, type ReadContext, type ReadPart } from './read-context.js';

/**
 * `~/.codex/config.toml`: `[mcp_servers.NAME]` tables. Values are literal; Codex's own fields name
 * environment variables instead (`env_vars`, `bearer_token_env_var`, `env_http_headers`), and those
 * become `${env:NAME}` variables. Remote servers are Streamable HTTP.
 */
export function readCodex(text: string, context: ReadContext): ReadPart[] {
  const value = parseTomlText(text);
  if (!isObject(value)) throw new FileShapeError('it is not a TOML table.');
  return [{ entries: codexEntries(value.mcp_servers, context) }];
}

/** The servers of an `mcp_servers` table (also used for a pasted Codex snippet). */
export function codexEntries(servers: unknown, context: ReadContext): ImportEntry[] {
  return entriesOf(servers, 'mcp_servers', 'none', context, (raw, _name, collector) => {
    const extraEnv: KeyValue[] = stringList(raw.env_vars).map((name) => ({ key: name, value: collector.env(name) }));
    const extraHeaders: KeyValue[] = [];
    if (typeof raw.bearer_token_env_var === 'string') {
      extraHeaders.push({ key: 'Authorization', value: `Bearer ${collector.env(raw.bearer_token_env_var)}` });
    }
    if (isObject(raw.env_http_headers)) {
      for (const [header, variable] of Object.entries(raw.env_http_headers)) {
        if (typeof variable === 'string') extraHeaders.push({ key: header, value: collector.env(variable) });
      }
    }
    return {
      raw: { ...raw, headers: raw.http_headers, ...(raw.url !== undefined && raw.command === undefined ? { type: 'http' } : {}) },
      extras: {
        extraEnv,
        extraHeaders,
        ...(raw.enabled === false ? { disabled: true } : {}),
        connectTimeoutMs: seconds(raw.startup_timeout_sec) ?? raw.startup_timeout_ms,
        callTimeoutMs: seconds(raw.tool_timeout_sec),
      },
    };
  });
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Codex's `*_timeout_sec` fields (whole or fractional seconds), in milliseconds; anything else as it is, for the entry to judge. */
function seconds(value: unknown): unknown {
  return typeof value === 'number' ? value * 1000 : value;
}
