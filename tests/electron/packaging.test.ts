import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const projectDir = fileURLToPath(new URL('../..', import.meta.url));

interface BuilderConfig {
  electronVersion?: string;
  /** The loader normalizes the list into `{ filter }` sets. */
  files?: Array<{ filter?: string[] }>;
  linux?: { maintainer?: string; category?: string };
  electronFuses?: Record<string, boolean>;
}

/** electron-builder's own loader and schema check, as `npm run dist` runs them before building. */
async function loadConfig(): Promise<BuilderConfig> {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
    getConfig(projectDir: string, configPath: string | null, options: unknown): Promise<BuilderConfig>;
    validateConfiguration(config: BuilderConfig, logger: { isEnabled: boolean; add(): void }): Promise<void>;
  };
  const config = await getConfig(projectDir, null, null);
  await validateConfiguration(config, { isEnabled: false, add: () => {} });
  return config;
}

describe('packaging metadata (npm run dist)', () => {
  const packageJson = JSON.parse(readFileSync(`${projectDir}/package.json`, 'utf8')) as Record<string, unknown>;

  // Loading electron-builder takes seconds on a busy machine.
  it('passes electron-builder’s own schema check', async () => {
    await expect(loadConfig()).resolves.toBeDefined();
  }, 30_000);

  it('has what a .deb needs: author with an email, homepage, maintainer, category', async () => {
    const config = await loadConfig();
    expect(packageJson.author).toMatchObject({ email: expect.stringMatching(/^[^@\s]+@[^@\s]+$/) });
    expect(packageJson.homepage).toMatch(/^https:\/\//);
    expect(config.linux?.maintainer).toMatch(/<[^@\s]+@[^@\s]+>$/);
    expect(config.linux?.category).toBe('Development');
  });

  it('names the Electron version the project develops against, and keeps source maps out of the package', async () => {
    const config = await loadConfig();
    expect(config.electronVersion).toBe((packageJson.devDependencies as Record<string, string>).electron);
    const filters = (config.files ?? []).flatMap((set) => set.filter ?? []);
    expect(filters).toContain('!dist/**/*.map');
  });

  it('never runs dependencies’ install scripts, so no download can fail `npm install`', () => {
    expect(readFileSync(`${projectDir}/.npmrc`, 'utf8')).toMatch(/^ignore-scripts=true$/m);
  });

  it('flips the fuses that would let a local process inject code into the app', async () => {
    const config = await loadConfig();
    expect(config.electronFuses).toMatchObject({
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });
});
