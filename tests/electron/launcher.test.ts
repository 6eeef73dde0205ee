import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { findElectronBinary } from '../../main/launcher/electron-binary.js';
import { ensureElectronBinary, runInstaller, type FetchElectronDeps } from '../../main/launcher/fetch-electron.js';
import { DOWNLOAD_LOG_NAME, installerOutput } from '../../main/launcher/installer-output.js';
import { BROWSER_FALLBACK_NOTICE, browserFallbackNotice, planLaunch } from '../../main/launcher/launch-plan.js';

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

describe('ensureElectronBinary', () => {
  const deps = (overrides: Partial<FetchElectronDeps> = {}): FetchElectronDeps => ({
    find: () => null,
    installer: () => '/app/node_modules/electron/install.js',
    run: async () => 0,
    output: { verbose: true, logFile: '/data/electron-download.log', args: [] },
    env: {},
    say: () => {},
    ...overrides,
  });

  it('uses a binary that is already there, without downloading', async () => {
    const run = vi.fn(async () => 0);
    expect(await ensureElectronBinary(deps({ find: () => '/bin/electron', run }))).toEqual({ binary: '/bin/electron' });
    expect(run).not.toHaveBeenCalled();
  });

  it('downloads it with the electron package’s own installer, saying so first', async () => {
    let installed = false;
    const said: string[] = [];
    const outcome = await ensureElectronBinary(
      deps({
        find: () => (installed ? '/bin/electron' : null),
        run: async (installer) => {
          expect(installer).toBe('/app/node_modules/electron/install.js');
          installed = true;
          return 0;
        },
        say: (line) => said.push(line),
      }),
    );
    expect(outcome).toEqual({ binary: '/bin/electron' });
    expect(said).toEqual([expect.stringMatching(/^The Electron binary is not installed yet: downloading it/)]);
  });

  it('gives the reason when the download fails (no route to GitHub), for the fallback notice', async () => {
    const outcome = await ensureElectronBinary(deps({ run: async () => 1 }));
    expect(outcome).toEqual({ missing: 'its download failed (the installer exited with code 1); see the lines above' });
    expect(browserFallbackNotice('missing' in outcome ? outcome.missing : undefined)).toBe(
      'The Electron binary is not installed (its download failed (the installer exited with code 1); see the lines above), so MCP Loupe is starting in browser mode instead.',
    );
  });

  it('without --verbose, names the log that holds the download’s output, before and after', async () => {
    const said: string[] = [];
    const output = { verbose: false, logFile: '/data/electron-download.log', args: [] };
    const outcome = await ensureElectronBinary(deps({ run: async () => 1, output, say: (line) => said.push(line) }));
    expect(said).toEqual(['The Electron binary is not installed yet: downloading it (about 100 MB; its output goes to /data/electron-download.log)…']);
    expect(outcome).toEqual({ missing: 'its download failed (the installer exited with code 1); its output is in /data/electron-download.log' });
  });

  it('does not try when ELECTRON_SKIP_BINARY_DOWNLOAD is set, or when the package is absent', async () => {
    const run = vi.fn(async () => 0);
    expect(await ensureElectronBinary(deps({ env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }, run }))).toEqual({
      missing: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it was not downloaded',
    });
    expect(await ensureElectronBinary(deps({ installer: () => null, run }))).toEqual({ missing: 'the electron package is not installed (npm install --omit=dev leaves it out)' });
    expect(run).not.toHaveBeenCalled();
  });
});

describe('installerOutput', () => {
  it('sends the download’s output to a log in the default data folder', () => {
    expect(installerOutput(['--port=0'], {}, '/home/ada', 'linux')).toEqual({
      verbose: false,
      logFile: path.join('/home/ada/.config/MCP Loupe', DOWNLOAD_LOG_NAME),
      args: ['--port=0'],
    });
  });

  it('puts the log in the data folder given with --data-dir (either spelling) or LOUPE_DATA_DIR', () => {
    expect(installerOutput(['--data-dir', '/tmp/loupe data'], {}, '/home/ada', 'linux').logFile).toBe(path.join('/tmp/loupe data', DOWNLOAD_LOG_NAME));
    expect(installerOutput(['--data-dir=/tmp/other'], {}, '/home/ada', 'linux').logFile).toBe(path.join('/tmp/other', DOWNLOAD_LOG_NAME));
    expect(installerOutput([], { LOUPE_DATA_DIR: '/srv/loupe' }, '/home/ada', 'linux').logFile).toBe(path.join('/srv/loupe', DOWNLOAD_LOG_NAME));
  });

  it('shows the output with --verbose, and keeps that flag from the app', () => {
    expect(installerOutput(['--verbose', '--no-open'], {}, '/home/ada', 'linux')).toMatchObject({ verbose: true, args: ['--no-open'] });
  });
});

describe('runInstaller', () => {
  it('writes a failed download’s stack trace to the log, not to the terminal', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'loupe-launcher-'));
    try {
      const installer = path.join(folder, 'install.js');
      await writeFile(installer, "console.log('fetching'); console.error(new Error('getaddrinfo ENOTFOUND github.com').stack); process.exit(1);\n");
      const logFile = path.join(folder, 'data', DOWNLOAD_LOG_NAME);
      expect(await runInstaller(installer, { verbose: false, logFile, args: [] })).toBe(1);
      const log = await readFile(logFile, 'utf8');
      expect(log).toContain('fetching');
      expect(log).toMatch(/Error: getaddrinfo ENOTFOUND github\.com\n\s+at /);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
