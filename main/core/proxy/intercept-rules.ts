/**
 * Intercept rules as predicates over traffic entries. A rule's `filter` is written in the traffic
 * filter language; until that language is reachable from the core, `compileInterceptFilter`
 * understands its `method:NAME` terms (a trailing `*` matches any ending), all of which must match,
 * and says so for anything else. Connecting the shared filter language replaces this function's
 * body only: everything else works on `InterceptPredicate`.
 */
import { MAX_INTERCEPT_RULES, type InterceptPredicate, type InterceptRule } from '../../../shared/proxy.js';
import type { TrafficEntry } from '../../../shared/traffic.js';

const MAX_FILTER_CHARS = 1000;

export function compileInterceptFilter(filter: string): InterceptPredicate | { problem: string } {
  if (filter.length > MAX_FILTER_CHARS) return { problem: `is longer than ${MAX_FILTER_CHARS} characters.` };
  const terms = filter.trim().split(/\s+/).filter((term) => term !== '');
  if (terms.length === 0) return { problem: 'is empty: it would pause every message.' };
  const tests: Array<(method: string) => boolean> = [];
  for (const term of terms) {
    const match = /^method:(.+)$/.exec(term);
    if (!match) return { problem: `has "${term}", which intercept does not understand yet (it takes method:NAME terms).` };
    const name = match[1]!;
    tests.push(name.endsWith('*') ? (method) => method.startsWith(name.slice(0, -1)) : (method) => method === name);
  }
  return (entry: TrafficEntry) => entry.method !== undefined && tests.every((test) => test(entry.method!));
}

/** The rule problems, one sentence each (empty when every rule is usable). */
export function ruleProblems(rules: readonly InterceptRule[]): string[] {
  const problems: string[] = [];
  if (rules.length > MAX_INTERCEPT_RULES) problems.push(`There are ${rules.length} rules; at most ${MAX_INTERCEPT_RULES} may be set.`);
  for (const rule of rules) {
    const compiled = compileInterceptFilter(rule.filter);
    if ('problem' in compiled) problems.push(`The rule "${rule.filter.slice(0, 80)}" ${compiled.problem}`);
  }
  return problems;
}

/**
 * The enabled rules as one matcher: the first rule that pauses an entry, else undefined. Undefined
 * itself when no rule is on, so the proxy's byte path stays as it is (intercept costs nothing then).
 */
export function interceptMatcher(rules: readonly InterceptRule[]): ((entry: TrafficEntry) => InterceptRule | undefined) | undefined {
  const compiled: Array<{ rule: InterceptRule; predicate: InterceptPredicate }> = [];
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const predicate = compileInterceptFilter(rule.filter);
    if (typeof predicate === 'function') compiled.push({ rule, predicate });
  }
  if (compiled.length === 0) return undefined;
  return (entry) => compiled.find(({ rule, predicate }) => (rule.direction === undefined || rule.direction === entry.direction) && predicate(entry))?.rule;
}
