/**
 * A check of what an app posted that costs at most its budget, never the message's own size: the
 * window's main thread runs it on every message, and an app may post 100 MB strings or values
 * nested thousands of levels deep. Strings count by `.length` (no copy), and the walk stops as soon
 * as the character budget or the depth bound is passed.
 */

/** Why a posted value was refused, or undefined when it is JSON within the budget. */
export type BudgetProblem =
  | { kind: 'size' }
  | { kind: 'depth' }
  /** `what` names the first thing JSON cannot hold ("a function", "a Map", "binary data (Uint8Array)"). */
  | { kind: 'not-json'; what: string };

interface Walk {
  remaining: number;
  readonly maxDepth: number;
}

const OVER: BudgetProblem = { kind: 'size' };
const TOO_DEEP: BudgetProblem = { kind: 'depth' };

/**
 * Measures `value` as its JSON would be, roughly (quotes, commas and colons counted), against
 * `maxChars` characters and `maxDepth` levels of arrays and objects. The recursion is bounded by
 * `maxDepth`, and a value that refers to itself is refused as too deep.
 */
export function checkMessageBudget(value: unknown, maxChars: number, maxDepth: number): BudgetProblem | undefined {
  return measure(value, 0, { remaining: maxChars, maxDepth });
}

function measure(value: unknown, depth: number, walk: Walk): BudgetProblem | undefined {
  switch (typeof value) {
    case 'string':
      walk.remaining -= value.length + 2;
      return walk.remaining < 0 ? OVER : undefined;
    case 'number':
    case 'boolean':
    case 'undefined':
      walk.remaining -= 5;
      return walk.remaining < 0 ? OVER : undefined;
    case 'object':
      return value === null ? measure(undefined, depth, walk) : measureObject(value, depth + 1, walk);
    default:
      return { kind: 'not-json', what: withArticle(typeof value) };
  }
}

function measureObject(value: object, depth: number, walk: Walk): BudgetProblem | undefined {
  if (depth > walk.maxDepth) return TOO_DEEP;
  walk.remaining -= 2;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      walk.remaining -= 1;
      const problem = measure(value[index], depth, walk);
      if (problem) return problem;
    }
    return walk.remaining < 0 ? OVER : undefined;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return { kind: 'not-json', what: objectKind(value) };
  for (const key in value) {
    walk.remaining -= key.length + 4;
    if (walk.remaining < 0) return OVER;
    const problem = measure((value as Record<string, unknown>)[key], depth, walk);
    if (problem) return problem;
  }
  return walk.remaining < 0 ? OVER : undefined;
}

function objectKind(value: object): string {
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer ? `binary data (${tag})` : withArticle(tag);
}

function withArticle(name: string): string {
  return /^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`;
}
