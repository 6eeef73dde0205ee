import type { SchemaViolation } from '../../../shared/mcp.js';

/** Results the 2026-07-28 revision lets clients cache: they must say for how long and for whom. */
const CACHEABLE_METHODS = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);
const RESULT_TYPES = new Set(['complete', 'input_required']);
const CACHE_SCOPES = new Set(['public', 'private']);

/**
 * The 2026-07-28 fields that the SDK's public schemas leave out (they are consumed on the wire):
 * `resultType` on every result, and `ttlMs` with `cacheScope` on cacheable ones.
 */
export function modernWireViolations(method: string, result: unknown): SchemaViolation[] {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    return [{ path: '/', message: 'A result must be an object.' }];
  }
  const fields = result as Record<string, unknown>;
  const violations: SchemaViolation[] = [];
  if (fields.resultType === undefined) {
    violations.push({ path: '/resultType', message: 'Required on 2026-07-28: "complete" or "input_required".' });
  } else if (typeof fields.resultType !== 'string' || !RESULT_TYPES.has(fields.resultType)) {
    violations.push({ path: '/resultType', message: `Unknown result type ${JSON.stringify(fields.resultType)}: expected "complete" or "input_required".` });
  }
  if (CACHEABLE_METHODS.has(method) && fields.resultType !== 'input_required') {
    const ttl = fields.ttlMs;
    if (ttl === undefined) violations.push({ path: '/ttlMs', message: `Required on a ${method} result in 2026-07-28.` });
    else if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 0) {
      violations.push({ path: '/ttlMs', message: 'Must be a whole number of milliseconds, 0 or more.' });
    }
    const scope = fields.cacheScope;
    if (scope === undefined) violations.push({ path: '/cacheScope', message: `Required on a ${method} result in 2026-07-28.` });
    else if (typeof scope !== 'string' || !CACHE_SCOPES.has(scope)) {
      violations.push({ path: '/cacheScope', message: 'Must be "public" or "private".' });
    }
  }
  return violations;
}
