import { afterEach, describe, expect, it } from 'vitest';
import { IsolatedValidator } from '../../main/core/mcp/isolated-validator.js';

describe('warming the schema checker when the first server connects', () => {
  let validator: IsolatedValidator | undefined;

  afterEach(async () => {
    await validator?.close();
  });

  it('a check asked while the first thread still loads waits for that thread instead of starting a cold second one', async () => {
    validator = new IsolatedValidator();
    validator.warm();
    // Asked at once, as the Tools pane asks for the tool a person just selected.
    const verdict = await validator.validate({ type: 'object', required: ['message'] }, {}, 'server-a');
    expect(verdict).toEqual({ valid: false, errors: [{ path: '/message', message: '"message" is required', keyword: 'required' }] });
    expect(validator.threadCount).toBe(1);
  });

  it('with nothing asked meanwhile, the warm-up compiles once in the loaded thread, and later checks use it', async () => {
    validator = new IsolatedValidator();
    validator.warm();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await validator.validate({ type: 'string' }, 'text', 'server-a')).toEqual({ valid: true, errors: [] });
    expect(validator.threadCount).toBe(1);
  });
});
