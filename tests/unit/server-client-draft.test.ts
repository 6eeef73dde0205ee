import { describe, expect, test } from 'vitest';
import type { ServerConfig } from '../../shared/server-config.js';
import { draftFromConfig, draftToInput, validateDraft } from '../../renderer/src/features/servers/server-draft.js';

const stdio: ServerConfig = { id: 's1', name: 'Demo', transport: { type: 'stdio', command: 'node', args: ['server.js'], env: [] } };

describe('server form: Present as (client emulation)', () => {
  test('Loupe itself saves no client; a preset saves its id; both come back as chosen', () => {
    expect(draftToInput(draftFromConfig(stdio)).client).toBeUndefined();
    const draft = draftFromConfig(stdio);
    const saved = draftToInput({ ...draft, client: { ...draft.client, choice: 'cursor' } });
    expect(saved.client).toEqual({ preset: 'cursor' });
    expect(draftFromConfig({ ...stdio, ...saved, id: 's1' }).client.choice).toBe('cursor');
  });

  test('a custom client saves its clientInfo, capabilities and revisions, and reads back the same', () => {
    const draft = draftFromConfig(stdio);
    const custom = { ...draft, client: { choice: 'custom' as const, name: 'my-client', version: '0.3', title: '', protocolVersions: '2025-06-18, 2025-03-26', capabilities: '{"roots": {"listChanged": true}}' } };
    expect(validateDraft(custom)).toEqual({});
    const saved = draftToInput(custom);
    expect(saved.client).toEqual({ custom: { clientInfo: { name: 'my-client', version: '0.3' }, capabilities: { roots: { listChanged: true } }, protocolVersions: ['2025-06-18', '2025-03-26'] } });
    const again = draftFromConfig({ ...stdio, ...saved, id: 's1' }).client;
    expect(again).toMatchObject({ choice: 'custom', name: 'my-client', version: '0.3', protocolVersions: '2025-06-18, 2025-03-26' });
    expect(JSON.parse(again.capabilities)).toEqual({ roots: { listChanged: true } });
  });

  test('a custom client with missing or malformed fields is refused, each field with one sentence', () => {
    const draft = draftFromConfig(stdio);
    const errors = validateDraft({ ...draft, client: { choice: 'custom', name: ' ', version: '', title: '', protocolVersions: '2025-11-25, latest', capabilities: '[1]' } });
    expect(errors).toEqual({
      'client.name': 'Enter the client’s name, as clientInfo.name.',
      'client.version': 'Enter the client’s version, as clientInfo.version.',
      'client.protocolVersions': '“latest” is not a protocol revision (YYYY-MM-DD).',
      'client.capabilities': 'The capabilities must be a JSON object, e.g. {"roots": {}}.',
    });
  });
});
