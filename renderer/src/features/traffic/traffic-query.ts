import type { Direction, TrafficKind } from '../../../../shared/traffic.js';
import type { RequestStatus } from './compact-traffic-log.js';

/**
 * The traffic filter language, modelled on DevTools' Network filter: space-separated terms,
 * all of which must match (AND). A leading `-` negates a term.
 *
 *   method:tools/call   name:echo   server:everything   is:error|pending|ok|cancelled|timeout|unanswered|input
 *   dir:in|out   kind:request|response|error|notification|batch|stderr|malformed
 *   larger-than:10k   smaller-than:1m   id:7   "a phrase"   /regex/i   free text
 */

export type StatusTerm = Exclude<RequestStatus, 'none'>;

export type TrafficClause = { negate: boolean } & (
  | { type: 'method'; value: string }
  | { type: 'name'; value: string }
  | { type: 'server'; value: string }
  | { type: 'is'; status: StatusTerm }
  | { type: 'dir'; direction: Direction }
  | { type: 'kind'; kind: TrafficKind }
  | { type: 'larger-than'; bytes: number }
  | { type: 'smaller-than'; bytes: number }
  | { type: 'id'; value: string }
  | { type: 'text'; value: string }
  | { type: 'regex'; regex: RegExp }
);

export interface TrafficQuery {
  clauses: TrafficClause[];
  /** Terms that could not be used, each as a sentence; the other terms still apply. */
  errors: string[];
}

const STATUS_WORDS: Record<string, StatusTerm> = {
  pending: 'pending',
  running: 'pending',
  ok: 'ok',
  success: 'ok',
  error: 'error',
  failed: 'error',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  timeout: 'timeout',
  'timed-out': 'timeout',
  timedout: 'timeout',
  unanswered: 'unanswered',
  'no-response': 'unanswered',
  input: 'input',
  'input-required': 'input',
  'tool-error': 'tool-error',
};

const KIND_WORDS: ReadonlySet<string> = new Set(['request', 'response', 'error', 'notification', 'batch', 'stderr', 'malformed', 'note', 'http']);

const EXAMPLES = { method: 'method:tools/call', name: 'name:echo', server: 'server:everything', id: 'id:7' } as const;

const REGEX_FLAG = /[dgimsuvy]/;
const REGEX_TERM = /^\/.+\/[dgimsuvy]*$/s;

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: 1024 * 1024, mb: 1024 * 1024 };

/** `10k` → 10240, `1.5m` → 1572864, `200` → 200 (1 k = 1024 bytes). */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  if (!match) return undefined;
  const unit = SIZE_UNITS[match[2]!.toLowerCase()];
  return unit === undefined ? undefined : Math.round(Number(match[1]) * unit);
}

/** Splits the query into terms: whitespace separates, except inside "quotes" and /regex/. */
export function splitTerms(text: string): string[] {
  const terms: string[] = [];
  let index = 0;
  while (index < text.length) {
    while (index < text.length && /\s/.test(text[index]!)) index++;
    if (index >= text.length) break;
    const begin = index;
    const negated = text[index] === '-' ? 1 : 0;
    if (text[index + negated] === '/') {
      // A regex runs to the next unescaped slash; its flags follow.
      let cursor = index + negated + 1;
      while (cursor < text.length && text[cursor] !== '/') cursor += text[cursor] === '\\' ? 2 : 1;
      if (cursor < text.length) {
        cursor++;
        while (cursor < text.length && REGEX_FLAG.test(text[cursor]!)) cursor++;
        if (cursor >= text.length || /\s/.test(text[cursor]!)) {
          terms.push(text.slice(begin, cursor));
          index = cursor;
          continue;
        }
      }
    }
    let inQuotes = false;
    while (index < text.length && (inQuotes || !/\s/.test(text[index]!))) {
      if (text[index] === '"') inQuotes = !inQuotes;
      index++;
    }
    terms.push(text.slice(begin, index));
  }
  return terms;
}

/** `"a phrase"` → `a phrase`; text with quotes inside (e.g. `"jsonrpc":"2.0"`) is kept as typed. */
function unquote(text: string): string {
  const quoted = text.length >= 2 && text.startsWith('"') && text.endsWith('"') && !text.slice(1, -1).includes('"');
  return quoted ? text.slice(1, -1) : text;
}

function parseRegex(body: string): RegExp | string {
  const close = body.lastIndexOf('/');
  const source = body.slice(1, close);
  // g and y make test() stateful; they mean nothing for a filter.
  const flags = body.slice(close + 1).replace(/[gy]/g, '');
  if (source === '') return 'An empty /regex/ matches everything; type a pattern between the slashes.';
  try {
    return new RegExp(source, flags);
  } catch (error) {
    return `Invalid regular expression ${body}: ${error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error)}`;
  }
}

type ClauseBody = TrafficClause extends infer C ? (C extends TrafficClause ? Omit<C, 'negate'> : never) : never;

function parsePropertyTerm(key: string, rawValue: string): ClauseBody | string | undefined {
  const value = unquote(rawValue);
  switch (key) {
    case 'method':
    case 'name':
    case 'server':
    case 'id':
      if (value === '') return `"${key}:" needs a value, e.g. ${EXAMPLES[key]}.`;
      return { type: key, value };
    case 'is':
    case 'status': {
      const status = STATUS_WORDS[value.toLowerCase()];
      return status ? { type: 'is', status } : `Unknown status "${value}": use pending, ok, error, cancelled, timeout, unanswered or input.`;
    }
    case 'dir':
    case 'direction': {
      const word = value.toLowerCase();
      if (word === 'in' || word === 'received') return { type: 'dir', direction: 'in' };
      if (word === 'out' || word === 'sent') return { type: 'dir', direction: 'out' };
      return `Unknown direction "${value}": use dir:in (server → client) or dir:out (client → server).`;
    }
    case 'kind':
    case 'type': {
      const word = value.toLowerCase();
      return KIND_WORDS.has(word)
        ? { type: 'kind', kind: word as TrafficKind }
        : `Unknown kind "${value}": use request, response, error, notification, batch, stderr or malformed.`;
    }
    case 'larger-than':
    case 'smaller-than': {
      const bytes = parseByteSize(value);
      return bytes === undefined ? `"${key}:${value}" is not a size: use bytes or a k/m suffix, e.g. ${key}:10k.` : { type: key, bytes };
    }
    default:
      return undefined;
  }
}

export function parseTrafficQuery(text: string): TrafficQuery {
  const clauses: TrafficClause[] = [];
  const errors: string[] = [];
  for (const term of splitTerms(text)) {
    const negate = term.length > 1 && term.startsWith('-');
    const body = negate ? term.slice(1) : term;
    if (REGEX_TERM.test(body)) {
      const regex = parseRegex(body);
      if (typeof regex === 'string') errors.push(regex);
      else clauses.push({ type: 'regex', regex, negate });
      continue;
    }
    const colon = body.indexOf(':');
    if (colon > 0) {
      const parsed = parsePropertyTerm(body.slice(0, colon).toLowerCase(), body.slice(colon + 1));
      if (typeof parsed === 'string') {
        errors.push(parsed);
        continue;
      }
      if (parsed) {
        clauses.push({ ...parsed, negate } as TrafficClause);
        continue;
      }
    }
    const value = unquote(body);
    if (value !== '') clauses.push({ type: 'text', value, negate });
  }
  return { clauses, errors };
}

/** Clauses whose result can change after a row first appears (its response or cancel arrives later). */
export function dependsOnRowState(clause: TrafficClause): boolean {
  return clause.type === 'is' || clause.type === 'kind' || clause.type === 'larger-than' || clause.type === 'smaller-than' || clause.type === 'text' || clause.type === 'regex';
}
