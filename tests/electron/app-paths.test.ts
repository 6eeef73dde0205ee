import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAppIndexUrl, preloadPath, rendererIndexPath, rendererIndexUrl, resolveDataDir } from '../../main/electron/app-paths.js';

describe('resolveDataDir', () => {
  const userData = '/home/u/.config/MCP Loupe';

  it('prefers --data-dir <dir>', () => {
    expect(resolveDataDir(['electron', '.', '--data-dir', '/srv/loupe'], { LOUPE_DATA_DIR: '/env' }, userData)).toBe('/srv/loupe');
  });

  it('accepts --data-dir=<dir> and resolves a relative folder', () => {
    expect(resolveDataDir(['electron', '--data-dir=state'], {}, userData)).toBe(path.resolve('state'));
  });

  it('uses LOUPE_DATA_DIR when there is no argument', () => {
    expect(resolveDataDir(['electron', '.'], { LOUPE_DATA_DIR: '/env/loupe' }, userData)).toBe('/env/loupe');
  });

  it("falls back to Electron's userData folder", () => {
    expect(resolveDataDir(['electron', '.'], {}, userData)).toBe(userData);
  });
});

describe('app paths', () => {
  // Run from source, the root is the repository; compiled, it is dist/.
  const root = path.resolve(import.meta.dirname, '..', '..');

  it('point at the built renderer and preload, relative to main/electron', () => {
    expect(rendererIndexPath).toBe(path.join(root, 'renderer', 'index.html'));
    expect(preloadPath).toBe(path.join(root, 'preload', 'index.cjs'));
    expect(rendererIndexUrl).toBe(pathToFileURL(rendererIndexPath).href);
  });
});

describe('isAppIndexUrl', () => {
  const indexUrl = pathToFileURL('/opt/MCP Loupe/resources/app.asar/dist/renderer/index.html').href;

  it.each([indexUrl, `${indexUrl}#/traffic`, `${indexUrl}?tab=tools`, 'file:///opt/MCP%20Loupe/resources/app.asar/dist/renderer/index.html'])(
    'accepts %s',
    (url) => {
      expect(isAppIndexUrl(url, indexUrl)).toBe(true);
    },
  );

  it.each([
    'file:///opt/MCP%20Loupe/resources/app.asar/dist/renderer/other.html',
    'file:///opt/MCP%20Loupe/resources/app.asar/dist/renderer/index.html/..%2F..%2Fx',
    'file://evil/opt/MCP%20Loupe/resources/app.asar/dist/renderer/index.html',
    'https://opt/MCP%20Loupe/resources/app.asar/dist/renderer/index.html',
    'about:blank',
    'not a url',
  ])('refuses %s', (url) => {
    expect(isAppIndexUrl(url, indexUrl)).toBe(false);
  });
});
