/** The import boundaries in eslint.config.js, checked on snippets placed where they would live. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const eslint = new ESLint({
  cwd: ROOT,
  // The snippets are not part of a TypeScript project: lint them without type information.
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
});

/** The no-restricted-imports messages for `code` as if it were the file at `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import boundaries', () => {
  test('a feature imports another feature only through its index.ts', async () => {
    expect(await boundaryErrors('renderer/src/features/prompts/Probe.ts', "import { useTrafficStore } from '../traffic/traffic-store';\nexport const x = useTrafficStore;\n")).toEqual([
      expect.stringContaining('through its index.ts'),
    ]);
    expect(await boundaryErrors('renderer/src/features/prompts/Probe.ts', "import { useTrafficStore } from '../traffic';\nexport const x = useTrafficStore;\n")).toEqual([]);
    // Its own files, shared UI and the bridge are fine.
    expect(await boundaryErrors('renderer/src/features/prompts/Probe.ts', "import { a } from './prompts-store';\nimport { b } from '../../ui/format';\nimport { c } from '../../bridge/mirror';\nexport const x = [a, b, c];\n")).toEqual([]);
  });

  test('the app imports features through their index.ts', async () => {
    expect(await boundaryErrors('renderer/src/app/Probe.ts', "import { ToolsPanel } from '../features/tools/ToolsPanel';\nexport const x = ToolsPanel;\n")).toHaveLength(1);
    expect(await boundaryErrors('renderer/src/app/Probe.ts', "import { ToolsPanel } from '../features/tools';\nexport const x = ToolsPanel;\n")).toEqual([]);
  });

  test('shared UI and the bridge know no feature', async () => {
    expect(await boundaryErrors('renderer/src/ui/Probe.ts', "import { useToolsStore } from '../features/tools';\nexport const x = useToolsStore;\n")).toEqual([
      expect.stringContaining('must not import a feature'),
    ]);
    expect(await boundaryErrors('renderer/src/bridge/Probe.ts', "import { useToolsStore } from '../features/tools';\nexport const x = useToolsStore;\n")).toHaveLength(1);
  });

  test('the renderer never imports main/, the core no shell, and shared/ stays platform-free', async () => {
    expect(await boundaryErrors('renderer/src/features/tools/Probe.ts', "import { createCore } from '../../../../main/core/create-core';\nexport const x = createCore;\n")).toEqual(
      expect.arrayContaining([expect.stringContaining('through the bridge')]),
    );
    expect(await boundaryErrors('main/core/handlers/probe.ts', "import { startHost } from '../../host/host';\nexport const x = startHost;\n")).toEqual([
      expect.stringContaining('must not import a shell'),
    ]);
    expect(await boundaryErrors('main/core/handlers/probe.ts', "import { app } from 'electron';\nexport const x = app;\n")).toHaveLength(1);
    expect(await boundaryErrors('main/host/probe.ts', "import { createCore } from '../core/create-core';\nexport const x = createCore;\n")).toEqual([]);
    expect(await boundaryErrors('shared/probe.ts', "import { readFile } from 'node:fs';\nexport const x = readFile;\n")).toHaveLength(1);
  });
});
