import { describe, expect, it, vi } from 'vitest';
import { findElectronBinary } from '../../main/launcher/electron-binary.js';
import { BROWSER_FALLBACK_NOTICE, planLaunch } from '../../main/launcher/launch-plan.js';

describe('findElectronBinary', () => {
  it('returns the path the electron package exports when the file is there', () => {
    const fileExists = vi.fn(() => true);
    expect(findElectronBinary(() => '/app/node_modules/electron/dist/electron', fileExists)).toBe(
      '/app/node_modules/electron/dist/electron',
    );
    expect(fileExists).toHaveBeenCalledWith('/app/node_modules/electron/dist/electron');
  });

  it('returns null when the electron package throws because its binary was never downloaded', () => {
    const load = () => {
      throw new Error('Electron failed to install correctly, please delete node_modules/electron and try installing again');
    };
    expect(findElectronBinary(load, () => true)).toBeNull();
  });

  it('returns null when the exported path points at a missing file', () => {
    expect(findElectronBinary(() => '/app/node_modules/electron/dist/electron', () => false)).toBeNull();
  });

  it.each([undefined, null, '', 42, {}])('returns null when the package exports %j instead of a path', (exported) => {
    expect(findElectronBinary(() => exported, () => true)).toBeNull();
  });
});

describe('planLaunch', () => {
  const context = {
    appDir: '/app',
    browserHostCli: '/app/dist/main/host/cli.js',
    nodeBinary: '/usr/bin/node',
    args: ['--data-dir', '/tmp/loupe data', '--port=0'],
  };

  it('runs Electron on the app folder with the same arguments, saying nothing', () => {
    expect(planLaunch({ ...context, electronBinary: '/app/node_modules/electron/dist/electron' })).toEqual({
      command: '/app/node_modules/electron/dist/electron',
      args: ['/app', '--data-dir', '/tmp/loupe data', '--port=0'],
    });
  });

  it('falls back to the browser host with the same arguments, and says so in one sentence', () => {
    const plan = planLaunch({ ...context, electronBinary: null });
    expect(plan).toEqual({
      command: '/usr/bin/node',
      args: ['/app/dist/main/host/cli.js', '--data-dir', '/tmp/loupe data', '--port=0'],
      notice: BROWSER_FALLBACK_NOTICE,
    });
    expect(BROWSER_FALLBACK_NOTICE).toMatch(/^[^.]*Electron[^.]*browser mode[^.]*\.$/);
  });
});
