import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmCheckerAtStart, warmsChecker } from '../../main/core/mcp/checker-warm-up.js';
import { IsolatedValidator } from '../../main/core/mcp/isolated-validator.js';

describe('when the schema checker starts loading, ahead of the first Run', () => {
  let validator: IsolatedValidator | undefined;

  afterEach(async () => {
    await validator?.close();
  });

  it('as soon as a server starts connecting, so its thread loads while the server starts', () => {
    expect(warmsChecker('connecting')).toBe(true);
    expect(warmsChecker('connected')).toBe(true);
    for (const status of ['idle', 'disconnected', 'failed', 'exited'] as const) expect(warmsChecker(status)).toBe(false);
  });

  it('in the app, once its core has started, before anyone connects', async () => {
    const checker = { warm: vi.fn() };
    warmCheckerAtStart(checker);
    // Not in the start-up's own task: the core says it is ready first.
    expect(checker.warm).not.toHaveBeenCalled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(checker.warm).toHaveBeenCalledTimes(1);
  });

  it('starts no thread once the checker is closed (a warm-up scheduled at start, after a quick shutdown)', async () => {
    validator = new IsolatedValidator();
    await validator.close();
    validator.warm();
    expect(validator.threadCount).toBe(0);
  });
});
