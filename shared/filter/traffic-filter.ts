/**
 * A traffic query compiled into a row test: the traffic log's filter box, and the core when it
 * filters entries the window has not loaded. Parse once (`parseTrafficQuery`), compile once per
 * table, then test rows.
 */
import { dependsOnRowState, type TrafficClause, type TrafficQuery } from './traffic-query.js';
import type { TrafficType } from '../traffic.js';
import { KIND, type TrafficRows } from './traffic-rows.js';


/** The row test for a type chip; undefined for All. */
export function typeTest(log: TrafficRows, type: TrafficType): ((position: number) => boolean) | undefined {
  switch (type) {
    case 'all':
      return undefined;
    case 'requests':
      return (position) => log.kindCode(position) === KIND.request && !log.isIncoming(position);
    case 'server-requests':
      return (position) => log.kindCode(position) === KIND.request && log.isIncoming(position);
    case 'notifications':
      return (position) => log.kindCode(position) === KIND.notification;
    case 'stderr':
      return (position) => log.kindCode(position) === KIND.stderr;
    case 'malformed':
      return (position) => log.kindCode(position) === KIND.malformed;
    case 'http':
      return (position) => log.kindCode(position) === KIND.http;
  }
}

/** Decides whether a row (given by the position of its first entry) is shown. */
export interface RowFilter {
  test(position: number): boolean;
  /** The result may change when a row's response or cancel arrives, or its connection ends. */
  readonly dependsOnRowState: boolean;
  /** The result may change when a server reconnects (preserve log off). */
  readonly dependsOnConnections: boolean;
  /** Matches every row: views can skip testing. */
  readonly matchesAll: boolean;
}

export interface FilterOptions {
  /** Display name of a server id, for `server:`. */
  serverName(serverId: string): string | undefined;
  invert: boolean;
  /** When false, only each server's latest connection is shown. */
  preserveLog: boolean;
  /** The type chip; All when omitted. */
  type?: TrafficType;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A lookup over interned strings (methods, servers) computed on first use per code, so a
 * `method:` term costs one string comparison per distinct method, not per row.
 */
function lazyCodeMatcher(values: readonly string[], matches: (value: string) => boolean): (code: number) => boolean {
  const cache: Array<boolean | undefined> = [];
  return (code) => {
    if (code < 0) return false;
    let result = cache[code];
    if (result === undefined) {
      result = matches(values[code]!);
      cache[code] = result;
    }
    return result;
  };
}

type PositionTest = (position: number) => boolean;

function clauseTest(log: TrafficRows, clause: TrafficClause, options: FilterOptions): PositionTest {
  switch (clause.type) {
    case 'method': {
      const needle = clause.value.toLowerCase();
      const exact = lazyCodeMatcher(log.methods.values, (method) => method.toLowerCase() === needle);
      const partial = lazyCodeMatcher(log.methods.values, (method) => method.toLowerCase().includes(needle));
      // An exact method name matches only itself; a fragment (`method:tools`) matches every method containing it.
      const matches = log.methods.values.some((method) => method.toLowerCase() === needle) ? exact : partial;
      return (position) => matches(log.methodCode(position));
    }
    case 'name': {
      // What a call acts on (tool, prompt, resource URI): a fragment matches, as in `method:`.
      const needle = clause.value.toLowerCase();
      const matches = lazyCodeMatcher(log.subjects.values, (subject) => subject.toLowerCase().includes(needle));
      return (position) => {
        const code = log.subjectCode(position);
        return code >= 0 && matches(code);
      };
    }
    case 'server': {
      const needle = clause.value.toLowerCase();
      const matches = lazyCodeMatcher(log.servers.values, (serverId) => {
        const name = options.serverName(serverId);
        return serverId.toLowerCase() === needle || (name !== undefined && name.toLowerCase().includes(needle));
      });
      return (position) => matches(log.serverCode(position));
    }
    case 'is': {
      const wanted = clause.status;
      if (wanted === 'error') {
        // Everything that went wrong: error responses, tools that failed (isError) and orphan responses;
        // not the discovery probe's expected "method not found".
        return (position) => {
          const status = log.status(position);
          if (status === 'probe') return false;
          return status === 'error' || status === 'tool-error' || status === 'failed' || log.kindCode(position) === KIND.error || log.isOrphan(position);
        };
      }
      return (position) => log.status(position) === wanted;
    }
    case 'violation':
      return (position) => log.isViolation(position);
    case 'dir': {
      const incoming = clause.direction === 'in';
      return (position) => log.isIncoming(position) === incoming;
    }
    case 'kind': {
      const kind = KIND[clause.kind];
      return (position) => {
        if (log.kindCode(position) === kind) return true;
        const partner = log.partner(position);
        return partner >= 0 && log.kindCode(partner) === kind;
      };
    }
    case 'larger-than': {
      const { bytes } = clause;
      return (position) => {
        if (log.size(position) > bytes) return true;
        const partner = log.partner(position);
        return partner >= 0 && log.size(partner) > bytes;
      };
    }
    case 'smaller-than': {
      const { bytes } = clause;
      return (position) => {
        if (log.size(position) >= bytes) return false;
        const partner = log.partner(position);
        return partner < 0 || log.size(partner) < bytes;
      };
    }
    case 'id': {
      const { value } = clause;
      return (position) => {
        const id = log.id(position);
        return id !== undefined && String(id) === value;
      };
    }
    case 'text':
    case 'regex': {
      const regex = clause.type === 'regex' ? clause.regex : new RegExp(escapeRegex(clause.value), 'i');
      // Free text also finds a server by its name, as the Server column shows it; once per server.
      const serverMatches = new Map<number, boolean>();
      const serverMatch = (code: number) => {
        let matches = serverMatches.get(code);
        if (matches === undefined) {
          const id = log.servers.values[code] ?? '';
          matches = clause.type === 'text' && regex.test(options.serverName(id) ?? id);
          serverMatches.set(code, matches);
        }
        return matches;
      };
      return (position) => {
        if (regex.test(log.text(position))) return true;
        const partner = log.partner(position);
        if (partner >= 0 && regex.test(log.text(partner))) return true;
        return serverMatch(log.serverCode(position));
      };
    }
  }
}

/** Compiles a parsed query into a row test. Cheap clauses run first; text search last. */
export function compileRowFilter(log: TrafficRows, query: TrafficQuery, options: FilterOptions): RowFilter {
  const ordered = [...query.clauses].sort((a, b) => cost(a) - cost(b));
  const tests = ordered.map((clause) => {
    const test = clauseTest(log, clause, options);
    return clause.negate ? (position: number) => !test(position) : test;
  });
  // The chip narrows what the text filter (and Invert) then apply to, as in DevTools.
  const ofType = typeTest(log, options.type ?? 'all');
  const { invert, preserveLog } = options;
  const matchesAll = tests.length === 0 && !invert && preserveLog && !ofType;
  return {
    matchesAll,
    dependsOnRowState: query.clauses.some(dependsOnRowState),
    dependsOnConnections: !preserveLog || query.clauses.some((clause) => clause.type === 'is'),
    // The common case, one term shown as is, skips the loop.
    test:
      tests.length === 1 && preserveLog && !invert && !ofType
        ? tests[0]!
        : (position) => {
            if (!preserveLog && !log.isLatestConnection(position)) return false;
            if (ofType && !ofType(position)) return false;
            if (tests.length === 0) return !invert;
            let matched = true;
            for (const test of tests) {
              if (!test(position)) {
                matched = false;
                break;
              }
            }
            return matched !== invert;
          },
  };
}

function cost(clause: TrafficClause): number {
  if (clause.type === 'regex') return 3;
  if (clause.type === 'text') return 2;
  if (clause.type === 'id') return 1;
  return 0;
}
