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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root,
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/electron/**/*.test.ts', 'tests/host/**/*.test.ts'],
          environment: 'node',
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
          include: ['tests/cli/**/*.test.ts', 'tests/conformance/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/chromium-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
