import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);
