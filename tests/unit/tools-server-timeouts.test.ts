import { describe, expect, test } from 'vitest';
import { DEFAULT_CALL_TIMEOUTS, type ServerConfig } from '../../shared/server-config.js';
import { draftFromConfig, draftToInput, validateDraft } from '../../renderer/src/features/servers/server-draft.js';

const stdio: ServerConfig = {
  id: 's1',
  name: 'Fixture',
  transport: { type: 'stdio', command: 'node', args: ['server.js'], env: [] },
  roots: [{ uri: 'file:///tmp' }],
};

describe('server form: default call timeouts', () => {
  test('a server without timeouts shows the defaults and saves none unless they change', () => {
    const draft = draftFromConfig(stdio);
    expect(draft).toMatchObject({ timeoutSeconds: '60', maxTotalSeconds: '600', resetTimeoutOnProgress: true });
    const input = draftToInput(draft);
    expect(input.timeouts).toBeUndefined();
    expect(input.roots).toEqual([{ uri: 'file:///tmp' }]);
  });

  test('changed timeouts are saved in milliseconds', () => {
    const draft = { ...draftFromConfig(stdio), timeoutSeconds: '1.5', maxTotalSeconds: '30', resetTimeoutOnProgress: false };
    expect(validateDraft(draft)).toEqual({});
    expect(draftToInput(draft).timeouts).toEqual({ timeoutMs: 1500, maxTotalTimeoutMs: 30_000, resetTimeoutOnProgress: false });
  });

  test('a server that has timeouts keeps them, even when they equal the defaults', () => {
    const draft = draftFromConfig({ ...stdio, timeouts: DEFAULT_CALL_TIMEOUTS });
    expect(draftToInput(draft).timeouts).toEqual(DEFAULT_CALL_TIMEOUTS);
  });

  test('bad values are errors by field', () => {
    const draft = draftFromConfig(stdio);
    expect(validateDraft({ ...draft, timeoutSeconds: '0' })).toEqual({ timeoutSeconds: 'Enter a number of seconds greater than 0.' });
    expect(validateDraft({ ...draft, maxTotalSeconds: 'soon' })).toEqual({ maxTotalSeconds: 'Enter a number of seconds greater than 0.' });
    expect(validateDraft({ ...draft, timeoutSeconds: '100', maxTotalSeconds: '10' })).toEqual({
      maxTotalSeconds: 'The maximum total cannot be shorter than the timeout.',
    });
  });
});
