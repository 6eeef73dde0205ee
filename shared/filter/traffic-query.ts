import type { Direction, RequestOutcome, TrafficKind } from '../traffic.js';
import { parseFilter } from './filter-terms.js';

/**
 * The traffic filter language, modelled on DevTools' Network filter: space-separated terms,
 * all of which must match (AND). A leading `-` negates a term.
 *
 *   method:tools/call   name:echo   server:everything   is:error|pending|ok|cancelled|timeout|unanswered|input
 *   is:violation (an MCP App's misstep, or 2026-07-28 headers that disagree with the body)
 *   dir:in|out   kind:request|response|error|notification|batch|stderr|malformed
 *   larger-than:10k   smaller-than:1m   id:7   "a phrase"   /regex/i   free text
 */

export type StatusTerm = RequestOutcome;

export type TrafficClause = { negate: boolean } & (
  | { type: 'method'; value: string }
  | { type: 'name'; value: string }
  | { type: 'server'; value: string }
  | { type: 'is'; status: StatusTerm }
  | { type: 'violation' }
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
  probe: 'probe',
};

const KIND_WORDS: ReadonlySet<string> = new Set(['request', 'response', 'error', 'notification', 'batch', 'stderr', 'malformed', 'note', 'http']);

const EXAMPLES = { method: 'method:tools/call', name: 'name:echo', server: 'server:everything', id: 'id:7' } as const;

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, m: 1024 * 1024, mb: 1024 * 1024 };

/** `10k` → 10240, `1.5m` → 1572864, `200` → 200 (1 k = 1024 bytes). */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  if (!match) return undefined;
  const unit = SIZE_UNITS[match[2]!.toLowerCase()];
  return unit === undefined ? undefined : Math.round(Number(match[1]) * unit);
}

type ClauseBody = TrafficClause extends infer C ? (C extends TrafficClause ? Omit<C, 'negate'> : never) : never;

function parsePropertyTerm(key: string, value: string): ClauseBody | string | undefined {
  switch (key) {
    case 'method':
    case 'name':
    case 'server':
    case 'id':
      if (value === '') return `"${key}:" needs a value, e.g. ${EXAMPLES[key]}.`;
      return { type: key, value };
    case 'is':
    case 'status': {
      const word = value.toLowerCase();
      if (word === 'violation' || word === 'violations') return { type: 'violation' };
      const status = STATUS_WORDS[word];
      return status ? { type: 'is', status } : `Unknown status "${value}": use pending, ok, error, cancelled, timeout, unanswered, input or violation.`;
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
  const { terms, errors } = parseFilter(text, parsePropertyTerm);
  const clauses = terms.map((term): TrafficClause => {
    if (term.type === 'key') return { ...term.clause, negate: term.negate };
    return term;
  });
  return { clauses, errors };
}

/** Clauses whose result can change after a row first appears (its response or cancel arrives later). */
export function dependsOnRowState(clause: TrafficClause): boolean {
  return clause.type === 'is' || clause.type === 'violation' || clause.type === 'kind' || clause.type === 'larger-than' || clause.type === 'smaller-than' || clause.type === 'text' || clause.type === 'regex';
}
