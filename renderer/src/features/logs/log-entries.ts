import { LOGGING_LEVELS, type LoggingLevel } from '../../../../shared/mcp.js';
import type { TrafficEntry } from '../../../../shared/traffic.js';
import { compileTextFilter } from '../../../../shared/filter/text-filter.js';
import { plainText } from '../../../../shared/plain-text.js';
import type { FilterKey } from '../../../../shared/filter/filter-terms.js';
import { isObject } from '../../../../shared/is-object.js';

export const LOG_METHOD = 'notifications/message';

/** One `notifications/message` a server sent. */
export interface LogEntry {
  seq: number;
  serverId: string;
  connectionId: string;
  time: number;
  /** As the server sent it; may be outside the eight MCP levels. */
  level: string;
  /** 0 (debug) … 7 (emergency); -1 for a level MCP does not define. */
  rank: number;
  logger?: string;
  data: unknown;
  /** `data` as one line of text (strings as they are, anything else as JSON), for the list and the filter. */
  text: string;
  /** The message was too large to reach the renderer whole: `text` holds its start. */
  truncated?: boolean;
}

const RANKS = new Map<string, number>(LOGGING_LEVELS.map((level, index) => [level, index]));

export function levelRank(level: string): number {
  return RANKS.get(level) ?? -1;
}

export function isLoggingLevel(value: string): value is LoggingLevel {
  return RANKS.has(value);
}

/** `data` as text: strings unchanged, anything else as compact JSON. */
export function dataText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data === undefined) return '';
  try {
    return JSON.stringify(data) ?? plainText(data);
  } catch {
    return plainText(data);
  }
}

/** The log entry a traffic entry carries, or undefined when it is not a server's `notifications/message`. */
export function logEntryOf(entry: TrafficEntry): LogEntry | undefined {
  if (entry.kind !== 'notification' || entry.direction !== 'in' || entry.method !== LOG_METHOD) return undefined;
  const base = { seq: entry.seq, serverId: entry.serverId, connectionId: entry.connectionId, time: entry.time };
  if (entry.message === undefined) {
    // Too large to arrive inline: read what the preview shows.
    const preview = entry.text ?? '';
    const level = /"level"\s*:\s*"([^"]*)"/.exec(preview)?.[1] ?? 'unknown';
    const logger = /"logger"\s*:\s*"([^"]*)"/.exec(preview)?.[1];
    return { ...base, level, rank: levelRank(level), ...(logger !== undefined ? { logger } : {}), data: preview, text: preview, truncated: true };
  }
  const params = isObject(entry.message) && isObject(entry.message.params) ? entry.message.params : {};
  const level = typeof params.level === 'string' ? params.level : 'unknown';
  return {
    ...base,
    level,
    rank: levelRank(level),
    ...(typeof params.logger === 'string' ? { logger: params.logger } : {}),
    data: params.data,
    text: dataText(params.data),
  };
}

export interface LogFilter {
  serverId: string;
  /** Entries below this level are hidden; entries with an unknown level are always shown. */
  minLevel: LoggingLevel;
  query: string;
}

/** The keys a log filter understands, e.g. `logger:db -level:debug`. */
export const LOG_FILTER_KEYS: readonly FilterKey[] = [
  { key: 'level', detail: 'level, e.g. error' },
  { key: 'logger', detail: 'logger name contains' },
  { key: 'text', detail: 'message contains' },
];

export function filterLogs(entries: readonly LogEntry[], filter: LogFilter): LogEntry[] {
  const query = compileTextFilter(filter.query, LOG_FILTER_KEYS.map((key) => key.key));
  const minRank = levelRank(filter.minLevel);
  return entries.filter(
    (entry) =>
      entry.serverId === filter.serverId &&
      (entry.rank < 0 || entry.rank >= minRank) &&
      query.matches({ level: entry.level, logger: entry.logger, text: entry.text }),
  );
}
