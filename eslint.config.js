import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The layers, as allow-lists: each zone names the folders its files may import from, and
 * everything else in the repository is refused (import-x/no-restricted-paths resolves every
 * import, `import type` included). ARCHITECTURE.md has the same table in words.
 */
const ALWAYS = ['./node_modules', './shared'];

/** main/: the core's folders from the bottom up (each may import those before it), then the shells. */
const MAIN_ZONES = {
  'main/core/base': [],
  'main/core/secrets': ['main/core/base'],
  'main/core/config': ['main/core/base', 'main/core/secrets', 'main/core/transports'],
  'main/core/traffic': ['main/core/base'],
  'main/core/transports': ['main/core/base', 'main/core/traffic', 'main/core/mcp'],
  'main/core/mcp': ['main/core/base'],
  'main/core/tasks': ['main/core/base'],
  'main/core/documents': ['main/core/base'],
  'main/core/auth': ['main/core/base', 'main/core/secrets', 'main/core/traffic', 'main/core/transports'],
  'main/core/connections': ['main/core/base', 'main/core/config', 'main/core/traffic', 'main/core/transports', 'main/core/mcp', 'main/core/tasks', 'main/core/auth'],
  'main/core/lists': ['main/core/base', 'main/core/mcp', 'main/core/connections'],
  'main/core/approvals': ['main/core/base', 'main/core/config', 'main/core/traffic', 'main/core/connections'],
  'main/core/apps': ['main/core/base', 'main/core/traffic', 'main/core/connections'],
  'main/core/lint': ['main/core/base', 'main/core/traffic'],
  'main/core/telemetry': ['main/core/base', 'main/core/traffic'],
  'main/core/load': ['main/core/base'],
  'main/core/collections': ['main/core/base', 'main/core/secrets', 'main/core/traffic', 'main/core/mcp'],
  'main/core/proxy': ['main/core/base', 'main/core/config', 'main/core/traffic', 'main/core/transports'],
  'main/core/models': ['main/core/base', 'main/core/secrets', 'main/core/config', 'main/core/traffic', 'main/core/transports', 'main/core/approvals'],
  'main/core/chat': ['main/core/base', 'main/core/config', 'main/core/approvals', 'main/core/models'],
  'main/core/demo': [],
  'main/core/doctor': ['main/core/base', 'main/core/traffic', 'main/core/transports', 'main/core/auth'],
  'main/core/compare': ['main/core/base', 'main/core/connections', 'main/core/lists', 'main/core/collections'],
  'main/core/handlers': ['main/core'],
  'main/core-process': ['main/core'],
  'main/app-frames': [],
  'main/host': ['main/core', 'main/core-process', 'main/app-frames'],
  // The data folder's location (core/config/data-folder.ts), for the Electron download's log.
  'main/launcher': ['main/core/config'],
  'main/proxy': ['main/core/base', 'main/core/proxy', 'main/core/traffic', 'main/core/transports'],
  'main/mock': ['main/core/base', 'main/core/traffic', 'main/core/transports', 'main/proxy'],
  'main/cli': ['main/core', 'main/host', 'main/proxy', 'main/mock'],
  'main/electron': ['main/core', 'main/core-process', 'main/app-frames', 'main/host', 'main/launcher'],
  preload: [],
  shared: [],
};

/** renderer/src: shared → bridge → state → ui → features → app. */
const RENDERER = 'renderer/src';
const RENDERER_ZONES = {
  [`${RENDERER}/bridge`]: [],
  [`${RENDERER}/state`]: [`${RENDERER}/bridge`],
  [`${RENDERER}/ui`]: [`${RENDERER}/bridge`, `${RENDERER}/state`],
};
/** A feature may import the layers below it and itself; another feature only through a slot that app/ fills. */
const FEATURE_BELOW = [`${RENDERER}/bridge`, `${RENDERER}/state`, `${RENDERER}/ui`];
for (const feature of readdirSync(new URL(`./${RENDERER}/features`, import.meta.url))) {
  RENDERER_ZONES[`${RENDERER}/features/${feature}`] = FEATURE_BELOW;
}
RENDERER_ZONES[`${RENDERER}/app`] = [`${RENDERER}/bridge`, `${RENDERER}/state`, `${RENDERER}/ui`, `${RENDERER}/features`];
RENDERER_ZONES[`${RENDERER}/main.tsx`] = [RENDERER];

const zone = (target, allowed) => ({
  target: `./${target}`,
  from: './',
  except: [...new Set([...ALWAYS, `./${target}`, ...allowed.map((folder) => `./${folder}`)])],
  message: `${target} may import only ${[target, 'shared', ...allowed].join(', ')} (see ARCHITECTURE.md, "The layers").`,
});

/** The files each zone holds, for the package bans below. */
const APP_CODE = ['main/**/*.ts', 'shared/**/*.ts', 'preload/**/*.cts', `${RENDERER}/**/*.{ts,tsx}`];

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
    // Type-aware rules on the app's own code: promises are awaited or handled, unions switched in full, no `any` leaks.
    files: APP_CODE,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // The core's handlers and stores are async with nothing to await on purpose: a throw in them
    // becomes a rejected promise, which their callers (.catch, the dispatcher) rely on.
    files: ['main/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Where each file may import from, and no import cycle anywhere in the app's code.
    files: APP_CODE,
    plugins: { 'import-x': importX },
    settings: {
      // The cycle rule reads the modules an import leads to: TypeScript ones with the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.cts', '.js', '.mjs', '.cjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.cjs': ['.cts', '.cjs'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: Object.entries({ ...MAIN_ZONES, ...RENDERER_ZONES }).map(([target, allowed]) => zone(target, allowed)) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['main/**', 'preload/**', 'tests/**', 'bench/**', '.ci/**', '*.js', '*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
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
    // Only the Electron layer may import electron; the core runs in plain Node under every shell.
    files: ['main/**', `${RENDERER}/**`],
    ignores: ['main/electron/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
  {
    // OpenTelemetry loads only when traces are switched on: its SDK is imported by
    // telemetry/span-exporting.ts alone, which McpTelemetry imports when a collector is named.
    files: ['main/**'],
    ignores: ['main/electron/**', 'main/core/telemetry/span-exporting.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron'],
          patterns: [
            { group: ['@opentelemetry/*'], allowTypeImports: true, message: 'OpenTelemetry is loaded only while traces are exported: use it in telemetry/span-exporting.ts.' },
            { group: ['**/span-exporting.js'], allowTypeImports: true, message: 'span-exporting.ts loads OpenTelemetry: import it with await import() when exporting starts.' },
          ],
        },
      ],
    },
  },
  {
    // app/ takes a feature through its index.ts (its named exports), never one of its files.
    files: [`${RENDERER}/app/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['electron'], patterns: [{ regex: '^\\.\\./features/[^/]+/(?!index(\\.js)?$).+(?<!\\.css)$', message: "Import a feature through its index.ts (e.g. '../features/tools'), not one of its files." }] },
      ],
    },
  },
);
