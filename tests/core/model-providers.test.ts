import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModelProvider, type ModelProviderFixture } from '../fixtures/model-provider.mjs';
import { eventsNamed, exportedText, startCore, startForwardProxy, waitFor, type ForwardProxy } from './helpers.js';

const KEY = 'sk-fixture-0123456789abcdef';

describe('model providers: settings in models.json, keys in the secret store', () => {
  let fixture: ModelProviderFixture;
  let proxy: ForwardProxy;

  beforeAll(async () => {
    fixture = await startModelProvider({ kind: 'openai', apiKey: KEY, models: ['llama3.2', 'qwen2.5'] });
    proxy = await startForwardProxy();
  });
  afterAll(async () => {
    await fixture?.close();
    await proxy?.close();
  });
  afterEach(() => {
    delete process.env.HTTP_PROXY;
  });

  it('keeps the key out of models.json and the traffic export, lists models, and survives a restart', async () => {
    const first = await startCore();
    const provider = await first.core.handlers['models.providers.add']({ name: 'Ollama', kind: 'openai-compatible', baseUrl: `${fixture.url}/`, apiKey: KEY });
    expect(provider).toMatchObject({ name: 'Ollama', kind: 'openai-compatible', baseUrl: fixture.url, hasKey: true });
    expect(eventsNamed(first, 'models.providersChanged').at(-1)).toEqual([provider]);
    const file = readFileSync(join(first.dataDir, 'models.json'), 'utf8');
    expect(file).toContain('"name": "Ollama"');
    expect(file).not.toContain(KEY);
    // Tests keep secrets in the data folder's private file, where no keychain is used.
    expect(readFileSync(join(first.dataDir, 'secrets.json'), 'utf8')).toContain(KEY);

    expect(await first.core.handlers['models.list']({ providerId: provider.id })).toMatchObject({ providerId: provider.id, models: [{ id: 'llama3.2' }, { id: 'qwen2.5' }] });
    expect(fixture.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    const exported = await exportedText(first.core);
    expect(exported).toContain('"purpose":"list-models"');
    expect(exported).not.toContain(KEY);
    await first.core.dispose();

    const again = await startCore({ dataDir: first.dataDir });
    try {
      expect(await again.core.handlers['models.providers.list']()).toEqual([provider]);
      expect((await again.core.handlers['models.test']({ providerId: provider.id })).ok).toBe(true);
      const updated = await again.core.handlers['models.providers.update']({ id: provider.id, provider: { name: 'Ollama (local)', kind: 'openai-compatible', baseUrl: fixture.url, apiKey: null } });
      expect(updated).toMatchObject({ name: 'Ollama (local)', hasKey: false });
      expect(readFileSync(join(first.dataDir, 'secrets.json'), 'utf8')).not.toContain(KEY);
      expect((await again.core.handlers['models.test']({ providerId: provider.id })).message).toMatch(/refused the key \(401/);
      await again.core.handlers['models.providers.remove']({ id: provider.id });
      expect(await again.core.handlers['models.providers.list']()).toEqual([]);
    } finally {
      await again.core.dispose();
    }
  });

  it('refuses bad settings with one sentence that names the field', async () => {
    const test = await startCore();
    try {
      const add = test.core.handlers['models.providers.add'];
      await expect(add({ name: 'x', kind: 'openai-compatible' })).rejects.toThrow('An OpenAI-compatible provider needs its base URL, e.g. http://localhost:11434/v1 for Ollama.');
      await expect(add({ name: 'x', kind: 'openai-compatible', baseUrl: 'localhost:11434' })).rejects.toThrow('The base URL must start with http:// or https://, not localhost:.');
      await expect(add({ name: 'x', kind: 'openai-compatible', baseUrl: 'ftp://host/v1' })).rejects.toThrow('The base URL must start with http:// or https://, not ftp:.');
      await expect(add({ name: '', kind: 'openai' })).rejects.toThrow('The provider name must be non-empty text.');
      await expect(add({ name: 'x', kind: 'gemini' as never })).rejects.toThrow('The provider kind must be one of openai, anthropic, openai-compatible.');
      await expect(add({ name: 'x', kind: 'openai', apiKey: 'a\nb' })).rejects.toThrow('The key must be one line.');
      await expect(test.core.handlers['models.preferences.set']({ rules: [{ id: 'r', hint: 'x', use: { providerId: 'missing', modelId: 'm' } }] })).rejects.toThrow(
        'A rule names the provider "missing", which does not exist; add it first.',
      );
      // Vendor kinds need a key: without one the model features say so, rather than reading one from the environment.
      const openai = await add({ name: 'OpenAI', kind: 'openai', baseUrl: fixture.url });
      const chat = await test.core.handlers['chat.create']({ model: { providerId: openai.id, modelId: 'llama3.2' } });
      await test.core.handlers['chat.send']({ conversationId: chat.id, text: 'hi' });
      const finished = await waitFor(() => eventsNamed(test, 'chat.event').find((candidate) => candidate.type === 'finished'), 'the run to finish');
      expect(finished).toMatchObject({ reason: 'failed', message: 'No key is stored for OpenAI: add one in Models settings.' });
    } finally {
      await test.core.dispose();
    }
  });

  it('a corrupt models.json is moved aside with a notice, and Loupe starts without it', async () => {
    const first = await startCore();
    await first.core.dispose();
    writeFileSync(join(first.dataDir, 'models.json'), '{ not json');
    const test = await startCore({ dataDir: first.dataDir });
    try {
      expect(await test.core.handlers['models.providers.list']()).toEqual([]);
      const { notices } = await test.core.handlers['app.info']();
      expect(notices.some((notice) => notice.message.startsWith(`The model providers file ${join(first.dataDir, 'models.json')} was not loaded because it is not valid JSON`))).toBe(true);
    } finally {
      await test.core.dispose();
    }
  });

  it('goes through the same proxy settings as MCP HTTP', async () => {
    const test = await startCore();
    try {
      const provider = await test.core.handlers['models.providers.add']({ name: 'Behind proxy', kind: 'openai-compatible', baseUrl: fixture.url, apiKey: KEY });
      process.env.HTTP_PROXY = `http://127.0.0.1:${proxy.port}`;
      expect((await test.core.handlers['models.test']({ providerId: provider.id })).ok).toBe(true);
      expect(proxy.seen).toContain(`CONNECT ${new URL(fixture.url).host}`);
    } finally {
      await test.core.dispose();
    }
  });
});
