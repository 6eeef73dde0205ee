import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigStore, SERVERS_FILE } from '../../main/core/config/config-store.js';
import type { KeyringModule } from '../../main/core/secrets/keyring-secret-store.js';
import { KEYCHAIN_ID_FILE, openSecretStore, SECRETS_FILE, secretsInFileNotice } from '../../main/core/secrets/open-secret-store.js';
import { MemorySecretStore } from '../../main/core/secrets/secret-store.js';
import { fixture, startCore, exportedText } from './helpers.js';

/** A keychain in memory, shaped like @napi-rs/keyring's AsyncEntry; `behaviour` makes it fail or hang. */
function fakeKeyring(behaviour: 'works' | 'throws' | 'hangs' = 'works') {
  const entries = new Map<string, string>();
  const act = async <T>(work: () => T): Promise<T> => {
    if (behaviour === 'throws') throw new Error('Couldn\'t access platform storage: AccessDenied');
    if (behaviour === 'hangs') return new Promise<T>(() => {});
    return work();
  };
  const module: KeyringModule = {
    AsyncEntry: class {
      private readonly name: string;
      constructor(service: string, account: string, options?: { linux?: { store?: string } }) {
        expect(options?.linux?.store).toBe('secret-service');
        this.name = `${service}|${account}`;
      }
      setPassword(password: string) {
        return act(() => void entries.set(this.name, password));
      }
      getPassword() {
        return act(() => entries.get(this.name) ?? null);
      }
      deleteCredential() {
        return act(() => entries.delete(this.name));
      }
    },
  };
  return { module, entries };
}

describe('the secret store: the OS keychain, else a private file', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-secrets-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('uses the keychain when it answers, names entries by the data folder, and adopts the older OAuth file', async () => {
    await writeFile(path.join(dataDir, 'oauth-secrets.json'), JSON.stringify({ 'oauth/s1': '{"tokens":{}}' }));
    const keychain = fakeKeyring();
    const opened = await openSecretStore({ dataDir, env: {}, loadKeyring: async () => keychain.module });
    expect(opened.kind).toBe('keychain');
    expect(opened.fallbackReason).toBeUndefined();
    await opened.store.set('server/s1/header/Authorization', 'Bearer top-secret');
    const id = (await readFile(path.join(dataDir, KEYCHAIN_ID_FILE), 'utf8')).trim();
    expect([...keychain.entries.keys()].sort()).toEqual([`MCP Loupe|${id}/oauth/s1`, `MCP Loupe|${id}/server/s1/header/Authorization`]);
    await expect(readFile(path.join(dataDir, 'oauth-secrets.json'))).rejects.toThrow();
    await expect(readFile(path.join(dataDir, SECRETS_FILE))).rejects.toThrow();
  });

  it.each([
    ['throws', "Couldn't access platform storage: AccessDenied"],
    ['hangs', 'The keychain did not answer within 0.2 s'],
  ] as const)('falls back to a 0600 file and keeps why when the keychain %s', async (behaviour, why) => {
    const opened = await openSecretStore({ dataDir, env: {}, loadKeyring: async () => fakeKeyring(behaviour).module, timeoutMs: 200 });
    expect(opened.kind).toBe('file');
    expect(opened.fallbackReason).toBe(why);
    await opened.store.set('k', 'v');
    if (process.platform !== 'win32') expect((await stat(path.join(dataDir, SECRETS_FILE))).mode & 0o777).toBe(0o600);
  });

  it('says so in one plain sentence: where the secrets are, without the keychain\'s own error (issue 24: a raw DBus error)', () => {
    const file = path.join(dataDir, SECRETS_FILE);
    for (const readOnly of [false, true]) {
      const notice = secretsInFileNotice(file, readOnly);
      expect(notice).toContain(file);
      expect(notice.match(/[.!?](\s|$)/g)).toHaveLength(1);
      expect(notice).not.toMatch(/DBus|Platform failure|Sign in/);
    }
  });

  it('falls back with a reason when the keychain module cannot load; LOUPE_SECRET_STORAGE=file skips it quietly', async () => {
    const missing = await openSecretStore({ dataDir, env: {}, loadKeyring: async () => Promise.reject(new Error('no prebuilt binary for this platform')) });
    expect(missing).toMatchObject({ kind: 'file', fallbackReason: expect.stringContaining('the keychain module could not load: no prebuilt binary') });
    const forced = await openSecretStore({ dataDir, env: { LOUPE_SECRET_STORAGE: 'file' }, loadKeyring: async () => fakeKeyring().module });
    expect(forced).toEqual({ store: expect.anything(), kind: 'file' });
  });

  it('warns that secrets are in a file on the first start with a data folder only; later starts keep it as a quiet status (issue 39)', async () => {
    const noKeychain = { env: {}, loadKeyring: async () => fakeKeyring('throws').module };
    const start = async () => {
      const test = await startCore({ dataDir, secretStorage: noKeychain });
      const info = await test.core.handlers['app.info']();
      await test.core.dispose();
      return info;
    };
    const first = await start();
    expect(first.notices.filter((notice) => notice.id === 'secrets-in-file')).toEqual([
      { id: 'secrets-in-file', level: 'warning', message: secretsInFileNotice(path.join(dataDir, SECRETS_FILE), false) },
    ]);
    expect(first.secretsFile).toBe(path.join(dataDir, SECRETS_FILE));
    const second = await start();
    expect(second.notices.filter((notice) => notice.id === 'secrets-in-file')).toEqual([]);
    expect(second.secretsFile).toBe(path.join(dataDir, SECRETS_FILE));
  });
});

describe('servers.json keeps references, the store keeps the values', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-server-secrets-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('moves the plain-text secrets of an older servers.json into the store once, and forgets removed ones', async () => {
    const v1 = {
      version: 1,
      servers: [
        { id: 'web', name: 'Web', transport: { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp', headers: [{ key: 'Authorization', value: 'Bearer v1-plain-secret', secret: true }, { key: 'X-Plain', value: 'shown' }] } },
        { id: 'cli', name: 'CLI', transport: { type: 'stdio', command: 'node', args: [], env: [{ key: 'API_KEY', value: 'env-plain-secret', secret: true }] } },
      ],
    };
    await writeFile(path.join(dataDir, SERVERS_FILE), JSON.stringify(v1));
    const secrets = new MemorySecretStore();
    const seen: string[] = [];
    const { store, notices } = await ConfigStore.open(dataDir, () => {}, secrets, (values) => seen.push(...values));
    expect(notices).toEqual([]);
    const file = await readFile(path.join(dataDir, SERVERS_FILE), 'utf8');
    expect(file).not.toContain('v1-plain-secret');
    expect(file).not.toContain('env-plain-secret');
    expect(JSON.parse(file)).toMatchObject({
      version: 2,
      servers: [
        { transport: { headers: [{ key: 'Authorization', secret: true, secretRef: 'server/web/header/Authorization' }, { key: 'X-Plain', value: 'shown' }] } },
        { transport: { env: [{ key: 'API_KEY', secret: true, secretRef: 'server/cli/env/API_KEY' }] } },
      ],
    });
    expect(await secrets.get('server/web/header/Authorization')).toBe('Bearer v1-plain-secret');
    // The app itself still sees the values, and the session remembers them for redaction.
    expect(store.get('web')?.transport).toMatchObject({ headers: [{ key: 'Authorization', value: 'Bearer v1-plain-secret', secret: true }, { key: 'X-Plain', value: 'shown' }] });
    expect(seen).toEqual(expect.arrayContaining(['Bearer v1-plain-secret', 'env-plain-secret']));

    const reopened = await ConfigStore.open(dataDir, () => {}, secrets);
    expect(reopened.store.get('cli')?.transport).toMatchObject({ env: [{ key: 'API_KEY', value: 'env-plain-secret', secret: true }] });
    const { id: _id, ...cli } = reopened.store.require('cli');
    await reopened.store.update('cli', { ...cli, transport: { type: 'stdio', command: 'node', args: [], env: [] } });
    expect(await secrets.get('server/cli/env/API_KEY')).toBeUndefined();
  });

  it('says which secret the store lost, and keeps the server', async () => {
    await writeFile(
      path.join(dataDir, SERVERS_FILE),
      JSON.stringify({ version: 2, servers: [{ id: 'web', name: 'Web', transport: { type: 'sse', url: 'http://127.0.0.1:9/sse', headers: [{ key: 'Authorization', secret: true, secretRef: 'server/web/header/Authorization' }] } }] }),
    );
    const { store, notices } = await ConfigStore.open(dataDir, () => {}, new MemorySecretStore());
    expect(store.get('web')).toBeDefined();
    expect(notices.map((notice) => notice.message)).toEqual(['The secret store no longer has the value of Authorization in "Web": enter it again in the server form.']);
  });
});

describe('Worth fixing (issue 25): an Authorization header is always a secret', () => {
  it('one not ticked as secret goes to the secret store, and the export snippets name a variable instead', async () => {
    const test = await startCore();
    try {
      const server = await test.add('web', { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp', headers: [{ key: 'Authorization', value: 'Bearer unticked-token-value' }] });
      expect(server.transport).toMatchObject({ headers: [{ key: 'Authorization', value: 'Bearer unticked-token-value', secret: true }] });
      expect(await readFile(path.join(test.dataDir, SERVERS_FILE), 'utf8')).not.toContain('unticked-token-value');
      const snippets = await test.core.handlers['config.exportSnippets']({ serverId: server.id });
      expect(snippets.map((snippet) => snippet.text ?? '').join('\n')).not.toContain('unticked-token-value');
    } finally {
      await test.core.dispose();
    }
  });
});

describe('export redaction covers every secret seen in the session', () => {
  it('redacts a secret value that was edited away before the export', async () => {
    const test = await startCore();
    const stdioFixture = fixture();
    if (stdioFixture.type !== 'stdio') throw new Error('the fixture is a stdio server');
    try {
      const withToken = (value: string) => ({ ...stdioFixture, env: [{ key: 'FIXTURE_TOKEN', value, secret: true }] });
      const server = await test.core.handlers['servers.add']({ name: 'echoes', transport: withToken('first-secret-value') });
      expect((await test.core.handlers['connections.connect']({ serverId: server.id })).status).toBe('connected');
      await test.core.handlers['tools.list']({ serverId: server.id });
      await test.core.handlers['tools.call']({ serverId: server.id, name: 'echo', arguments: { message: 'leaked first-secret-value here' }, callId: 'c1' });
      const { id: _id, ...config } = server;
      await test.core.handlers['servers.update']({ id: server.id, config: { ...config, transport: withToken('second-secret-value') } });
      const exported = await exportedText(test.core);
      expect(exported).toContain('leaked [redacted] here');
      expect(exported).not.toContain('first-secret-value');
      expect(await readFile(path.join(test.dataDir, SERVERS_FILE), 'utf8')).not.toContain('second-secret-value');
      expect(await readFile(path.join(test.dataDir, SECRETS_FILE), 'utf8')).toContain('second-secret-value');
    } finally {
      await test.core.dispose();
    }
  });
});
