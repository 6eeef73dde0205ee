import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Notice } from '../../shared/contract.js';
import { UI_STATE_LIMITS } from '../../shared/ui-state.js';
import { CORE_KEY_PREFIX, UI_STATE_FILE, UiStateStore } from '../../main/core/config/ui-state-store.js';
import { startCore } from './helpers.js';

describe("the window's saved state in the data folder", () => {
  let dataDir: string;
  const notices: Notice[] = [];
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'loupe-ui-state-'));
    notices.length = 0;
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps values across opens, forgets a removed one, and writes a private file', async () => {
    const first = await UiStateStore.open(dataDir, (notice) => notices.push(notice));
    await first.set('loupe.layout', '{"trafficHeight":200}');
    await first.set('loupe.tools.descriptionMode', 'plain');
    await first.set('loupe.tools.descriptionMode', null);
    const second = await UiStateStore.open(dataDir, (notice) => notices.push(notice));
    expect(second.all()).toEqual({ 'loupe.layout': '{"trafficHeight":200}' });
    if (process.platform !== 'win32') expect((await stat(path.join(dataDir, UI_STATE_FILE))).mode & 0o777).toBe(0o600);
    expect(notices).toEqual([]);
  });

  it('refuses a value that would take the whole past its budget, and keeps what it had', async () => {
    const store = await UiStateStore.open(dataDir, () => {});
    const big = 'x'.repeat(UI_STATE_LIMITS.valueChars);
    for (let index = 0; index < Math.floor(UI_STATE_LIMITS.totalChars / UI_STATE_LIMITS.valueChars) - 1; index += 1) await store.set(`k${index}`, big);
    await expect(store.set('one-more', big)).rejects.toThrow(/would pass 8 MB with "one-more"; it was not saved/);
    // Replacing a value counts the old one out.
    await store.set('k0', 'small');
    expect(Object.keys(store.all())).not.toContain('one-more');
  });

  it('moves a corrupt file aside with a notice and starts empty; skips entries that are not text', async () => {
    await writeFile(path.join(dataDir, UI_STATE_FILE), '{not json');
    const store = await UiStateStore.open(dataDir, (notice) => notices.push(notice));
    expect(store.all()).toEqual({});
    expect(notices[0]?.message).toMatch(/saved layout and history .* was not loaded because it is not valid JSON/);
    expect((await readdir(dataDir)).some((name) => name.startsWith(`${UI_STATE_FILE}.corrupt-`))).toBe(true);

    await writeFile(path.join(dataDir, UI_STATE_FILE), JSON.stringify({ good: 'yes', number: 5, nested: { a: 1 } }));
    expect((await UiStateStore.open(dataDir, () => {})).all()).toEqual({ good: 'yes' });
    expect(JSON.parse(await readFile(path.join(dataDir, UI_STATE_FILE), 'utf8'))).toHaveProperty('number');
  });
});

describe("the window's saved state holds no secret a server echoed", () => {
  it("redacts the session's secret values, raw or JSON-escaped, before keeping run history (issue 24)", async () => {
    const test = await startCore();
    try {
      await test.add('echoes', { type: 'stdio', command: process.execPath, args: ['-e', ''], env: [{ key: 'WEATHER_KEY', value: 'wk-"123"-secret', secret: true }] });
      // A tool's result that echoes the key, inside the history the window keeps.
      const history = JSON.stringify([{ tool: 'echo', result: { content: [{ type: 'text', text: 'env: WEATHER_KEY=wk-"123"-secret' }] } }]);
      await test.core.handlers['uiState.set']({ key: 'loupe.tools.history', value: history });
      const kept = (await test.core.handlers['uiState.getAll']())['loupe.tools.history'];
      expect(kept).toContain('WEATHER_KEY=[redacted]');
      expect(kept).not.toContain('123');
      expect(await readFile(path.join(test.dataDir, UI_STATE_FILE), 'utf8')).not.toContain('123');
    } finally {
      await test.core.dispose();
    }
  });
});

describe("the core's own keys in ui-state.json", () => {
  it('are kept in the file but neither sent to the window nor set by it', async () => {
    const test = await startCore();
    try {
      await expect(test.core.handlers['uiState.set']({ key: `${CORE_KEY_PREFIX}approvals.history`, value: '[]' })).rejects.toThrow(/belong to the core/);
      const dataDir = test.dataDir;
      const store = await UiStateStore.open(dataDir, () => {});
      await store.set(`${CORE_KEY_PREFIX}mine`, 'core only');
      await store.set('window', 'shown');
      expect(store.all()).toEqual({ window: 'shown' });
      expect(store.get(`${CORE_KEY_PREFIX}mine`)).toBe('core only');
      expect((await UiStateStore.open(dataDir, () => {})).get(`${CORE_KEY_PREFIX}mine`)).toBe('core only');
    } finally {
      await test.core.dispose();
    }
  });
});
