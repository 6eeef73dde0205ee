import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type TestCore } from './helpers.js';

/** A catastrophic pattern: backtracking makes "a"×40 + "!" take hours on the event loop. */
const EVIL = { type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } };
const EVIL_VALUE = { name: `${'a'.repeat(40)}!` };

describe('schema checks run off the core’s event loop, bounded in time', () => {
  let test: TestCore;

  beforeAll(async () => {
    test = await startCore({ validationTimeLimitMs: 1_000 });
  });

  afterAll(async () => {
    await test?.core.dispose();
  });

  it('a catastrophic pattern gives up with a sentence, and the core keeps answering meanwhile', async () => {
    const order: string[] = [];
    const check = test.core.handlers['schemas.validate']({ schema: EVIL, value: EVIL_VALUE }).then((verdict) => {
      order.push('check');
      return verdict;
    });
    // The core answers other requests while the check runs.
    await test.core.handlers['servers.list']().then(() => order.push('servers.list'));
    const verdict = await check;
    expect(order).toEqual(['servers.list', 'check']);
    expect(verdict.valid).toBe(false);
    expect(verdict.schemaError).toBe(
      'This schema took longer than 1 s to check (a pattern that backtracks, or a very large value), so the value was not checked.',
    );
  });

  it('the next check runs on a fresh worker and gets a real verdict', async () => {
    const verdict = await test.core.handlers['schemas.validate']({ schema: { type: 'object', required: ['x'] }, value: {} });
    expect(verdict).toEqual({ valid: false, errors: [{ path: '/x', message: '"x" is required', keyword: 'required' }] });
    expect(await test.core.handlers['schemas.validate']({ schema: EVIL, value: { name: 'aaa' } })).toEqual({ valid: true, errors: [] });
  });

  it('refuses a schema over the size limit with a sentence', async () => {
    const huge = { type: 'string', enum: Array.from({ length: 60_000 }, (_, index) => `value-number-${index}`) };
    const verdict = await test.core.handlers['schemas.validate']({ schema: huge, value: 'x' });
    expect(verdict.schemaError).toBe('The schema is larger than 1 MB, so Loupe does not check values against it.');
  });

  it('Worth fixing (issue 25): catastrophic checks from one server do not hold up another server’s normal check, which is answered before the slow server’s second check', async () => {
    const finished: string[] = [];
    const evil = Array.from({ length: 3 }, (_, index) =>
      test.core.handlers['schemas.validate']({ schema: EVIL, value: EVIL_VALUE, serverId: 'slow-server' }).then((verdict) => {
        finished.push(`evil ${index}`);
        return verdict;
      }),
    );
    const normal = test.core.handlers['schemas.validate']({ schema: { type: 'object', required: ['x'] }, value: { x: 1 }, serverId: 'other-server' }).then((verdict) => {
      finished.push('normal');
      return verdict;
    });
    expect(await normal).toEqual({ valid: true, errors: [] });
    const verdicts = await Promise.all(evil);
    // In one queue it came last; now only the check already running (if the second thread is slower to start) may come first.
    expect(finished.indexOf('normal')).toBeLessThan(finished.indexOf('evil 1'));
    for (const verdict of verdicts) expect(verdict.schemaError).toMatch(/^This schema took longer than 1 s to check/);
  });
});
