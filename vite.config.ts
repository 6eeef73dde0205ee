import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { ANY_APP_FRAME_SOURCE, contentSecurityPolicy } from './shared/content-security-policy.js';

/** Puts the app's Content-Security-Policy into the built page itself, whatever serves it. */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'loupe-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy({ appFrames: ANY_APP_FRAME_SOURCE }) }, injectTo: 'head-prepend' },
    ],
  };
}

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * e2e files that measure the page under a flood or a 20 MB result: they run one at a time, after
 * the others, so no other file's host competes with what they watch.
 */
const HEAVY_E2E = ['approvals-flood', 'traffic-flood', 'tools-large', 'large-contents', 'reload-large'].map((name) => `tests/e2e/${name}.test.ts`);
const e2eProject = { root, environment: 'node' as const, globalSetup: ['tests/e2e/chromium-server.ts'], testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  root: `${root}renderer`,
  base: './',
  plugins: [react(), contentSecurityPolicyMeta()],
  build: {
    outDir: `${root}dist/renderer`,
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
  },
  test: {
    // No test touches the person's OS keychain: secrets go to the data folder's private file
    // (the keychain path is covered with a fake keyring in tests/core/secret-store.test.ts).
    env: { LOUPE_SECRET_STORAGE: 'file' },
    // Most of a file's time is spent waiting on the servers, hosts and browsers it starts, so two
    // files at a time pay even on a two-core machine (vitest's default there is one: cores - 1).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root,
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/electron/**/*.test.ts', 'tests/host/**/*.test.ts'],
          environment: 'node',
          // Some build 100,000-entry views: vitest's 5 s default is a timing threshold on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        // Components and hooks of renderer/src rendered in jsdom with Testing Library: the UI's own
        // logic, without a host, a core or a browser.
        extends: true,
        test: {
          name: 'component',
          root,
          include: ['tests/component/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'core',
          root,
          include: ['tests/core/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'cli',
          root,
          include: ['tests/cli/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'conformance',
          root,
          include: ['tests/conformance/**/*.test.ts'],
          environment: 'node',
          // Both files run the suite's own Node 22 runtime, which the first of them installs.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { ...e2eProject, name: 'e2e', include: ['tests/e2e/**/*.test.ts'], exclude: HEAVY_E2E },
      },
      {
        extends: true,
        test: { ...e2eProject, name: 'e2e-heavy', include: HEAVY_E2E, fileParallelism: false },
      },
    ],
  },
});
