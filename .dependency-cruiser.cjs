/**
 * Import circles, type-only imports included: eslint's import-x/no-cycle skips `import type`, and a
 * circle through types still ties two modules together (shared/client-emulation.ts ↔
 * server-config.ts was one). The layer rules themselves stay in eslint.config.js.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module reaches itself through its imports (type-only imports count).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|release)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'] },
  },
};
