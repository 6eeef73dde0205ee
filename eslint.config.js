import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries. In flat config a later block's no-restricted-imports replaces an earlier one's
 * for the same files, so each block lists every pattern that applies to its files.
 * Style sheets are left out: a feature may use another's classes.
 */
const CORE_TO_SHELL = {
  regex: '^(\\.\\./)+(electron|host|launcher|core-process|cli|app-frames)(/|$)',
  message: 'The core must not import a shell (electron, host, launcher, core-process, cli, app-frames).',
};
const RENDERER_TO_MAIN = { regex: '^(\\.\\./)+main(/|$)', message: 'The renderer reaches the core through the bridge, never by importing main/.' };
const FEATURE_DEEP_IMPORT = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index(\\.js)?$).+(?<!\\.css)$',
  message: "Import another feature through its index.ts (e.g. '../traffic'), not one of its files.",
};
const APP_DEEP_IMPORT = {
  regex: '^\\.\\./features/[^/]+/(?!index(\\.js)?$).+(?<!\\.css)$',
  message: "Import a feature through its index.ts (e.g. '../features/tools'), not one of its files.",
};
const UI_TO_FEATURE = { regex: '(^|/)features(/|$)', message: 'Shared UI and the bridge must not import a feature.' };

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,cts}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules on the app's own code: promises are awaited or handled, unions switched in full.
    files: ['main/**/*.ts', 'shared/**/*.ts', 'preload/**/*.cts', 'renderer/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['main/**', 'preload/**', 'tests/**', 'bench/**', '.ci/**', '*.js', '*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The contract is shared by every side: keep Node, Electron and React out of it.
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'electron', 'react', 'react-dom', 'fs', 'path'] }],
    },
  },
  {
    // Only the Electron layer may import electron; the core must run in plain Node.
    files: ['main/**'],
    ignores: ['main/electron/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
  {
    // The core runs under every shell (Electron, the browser host, the CLI) and imports none of them.
    files: ['main/core/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'], patterns: [CORE_TO_SHELL] }] },
  },
  {
    // The renderer talks to the core through the bridge only.
    files: ['renderer/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [RENDERER_TO_MAIN] }] },
  },
  {
    // A feature uses another feature only through its index.ts.
    files: ['renderer/src/features/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [RENDERER_TO_MAIN, FEATURE_DEEP_IMPORT] }] },
  },
  {
    files: ['renderer/src/app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [RENDERER_TO_MAIN, APP_DEEP_IMPORT] }] },
  },
  {
    // Shared UI and the bridge serve every feature and know none.
    files: ['renderer/src/ui/**', 'renderer/src/bridge/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [RENDERER_TO_MAIN, UI_TO_FEATURE] }] },
  },
);
