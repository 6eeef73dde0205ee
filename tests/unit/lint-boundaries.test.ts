/**
 * The layers in eslint.config.js, checked with probe files placed where they would live: each
 * import the design forbids fails the lint, and the imports it allows pass.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const eslint = new ESLint({
  cwd: ROOT,
  // The probes are not part of a TypeScript project: lint them without type information.
  overrideConfig: [tseslint.configs.disableTypeChecked, { rules: { '@typescript-eslint/no-unused-vars': 'off' } }],
});

const BOUNDARY_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-imports', 'import-x/no-cycle']);

/** The boundary errors for `code` as if it were the file at `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const fatal = result?.messages.filter((message) => message.fatal) ?? [];
  if (fatal.length > 0) throw new Error(`The probe did not parse: ${fatal.map((message) => message.message).join('; ')}`);
  return (result?.messages ?? []).filter((message) => BOUNDARY_RULES.has(message.ruleId ?? '')).map((message) => message.message);
}

/** A probe that imports `from` and uses it. */
const importing = (from: string) => `import * as probe from '${from}';\nexport const used = probe;\n`;

// The first probe loads the config and parses the graph its import leads to: seconds on a loaded machine.
describe('the layers refuse what the design forbids', { timeout: 120_000 }, () => {
  test.each([
    ['shared → main', 'shared/probe.ts', '../main/core/create-core.js'],
    ['shared → renderer', 'shared/probe.ts', '../renderer/src/state/servers'],
    ['core → renderer', 'main/core/handlers/probe.ts', '../../../renderer/src/state/servers'],
    ['core → a shell', 'main/core/handlers/probe.ts', '../../host/start-host.js'],
    ['preload → main', 'preload/probe.cts', '../main/core/create-core.js'],
    ['renderer → main', 'renderer/src/features/tools/Probe.ts', '../../../../main/core/create-core.js'],
    ['feature → app', 'renderer/src/features/tools/Probe.ts', '../../app/navigation'],
    ['feature → another feature (outside a slot)', 'renderer/src/features/prompts/Probe.ts', '../resources'],
    ['feature → another feature’s file', 'renderer/src/features/prompts/Probe.ts', '../resources/resources-store'],
    ['feature → another feature’s style sheet', 'renderer/src/features/prompts/Probe.ts', '../resources/resources.css'],
    ['ui → app', 'renderer/src/ui/Probe.ts', '../app/navigation'],
    ['ui → a feature', 'renderer/src/ui/Probe.ts', '../features/tools'],
    ['state → ui', 'renderer/src/state/Probe.ts', '../ui/format'],
    ['state → a feature', 'renderer/src/state/Probe.ts', '../features/tools'],
    ['bridge → ui', 'renderer/src/bridge/Probe.ts', '../ui/format'],
    ['bridge → state', 'renderer/src/bridge/Probe.ts', '../state/servers'],
    ['the core’s base → a folder above it', 'main/core/base/probe.ts', '../config/config-store.js'],
    ['config → connections (upward in the core)', 'main/core/config/probe.ts', '../connections/connection.js'],
    ['connections → lists (upward in the core)', 'main/core/connections/probe.ts', '../lists/server-lists.js'],
    ['mcp → connections (upward in the core)', 'main/core/mcp/probe.ts', '../connections/connection.js'],
    ['traffic → transports (upward in the core)', 'main/core/traffic/probe.ts', '../transports/create-transport.js'],
    ['collections → connections (upward in the core)', 'main/core/collections/probe.ts', '../connections/connection.js'],
    ['models → chat (upward: chat uses models)', 'main/core/models/probe.ts', '../chat/chat-engine.js'],
    ['proxy (core) → connections', 'main/core/proxy/probe.ts', '../connections/connection.js'],
    ['the proxy command → the CLI', 'main/proxy/probe.ts', '../cli/run-cli.js'],
    ['the mock command → the host', 'main/mock/probe.ts', '../host/start-host.js'],
    ['app → a feature’s file instead of its index', 'renderer/src/app/Probe.ts', '../features/tools/ToolsPanel'],
    ['the core → OpenTelemetry outside span-exporting.ts', 'main/core/telemetry/probe.ts', '@opentelemetry/api'],
    ['the core → span-exporting.ts at load time', 'main/core/telemetry/probe.ts', './span-exporting.js'],
  ])('%s fails the lint', async (_what, file, from) => {
    expect(await boundaryErrors(file, importing(from))).not.toEqual([]);
  });

  test.each([
    ['a feature → its own files, ui, state, bridge, shared', 'renderer/src/features/prompts/Probe.ts', ['./prompts-store', '../../ui/format', '../../state/servers', '../../bridge/api', '../../../../shared/lists']],
    ['ui → state and bridge', 'renderer/src/ui/Probe.ts', ['../state/servers', '../bridge/api']],
    ['state → bridge', 'renderer/src/state/Probe.ts', ['../bridge/api']],
    ['app → features through their index, and everything below', 'renderer/src/app/Probe.ts', ['../features/tools', '../state/servers', '../ui/format']],
    ['connections → the core below it', 'main/core/connections/probe.ts', ['../traffic/traffic-log.js', '../auth/auth-session.js', '../base/notice.js']],
    ['chat → models, approvals and base', 'main/core/chat/probe.ts', ['../models/model-step.js', '../approvals/approval-queue.js', '../base/notice.js']],
    ['lists → connections', 'main/core/lists/probe.ts', ['../connections/connection.js']],
    ['a shell → the core', 'main/host/probe.ts', ['../core/create-core.js', '../core-process/core-supervisor.js']],
  ])('%s passes', async (_what, file, froms) => {
    const code = froms.map((from, index) => `import * as probe${index} from '${from}';\nexport const used${index} = probe${index};\n`).join('');
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  test('OpenTelemetry’s types, and span-exporting.ts loaded when exporting starts, pass', async () => {
    const code = "import type { Span } from '@opentelemetry/api';\nimport type { SpanExporting } from './span-exporting.js';\nexport type Used = [Span, SpanExporting];\nexport const load = () => import('./span-exporting.js');\n";
    expect(await boundaryErrors('main/core/telemetry/probe.ts', code)).toEqual([]);
  });
});

describe('an import cycle fails the lint', { timeout: 120_000 }, () => {
  const folder = path.join(ROOT, 'shared', `lint-probe-${process.pid}`);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('two modules that import each other', async () => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
    const code = "import { b } from './b.js';\nexport const a = () => b;\n";
    writeFileSync(path.join(folder, 'a.ts'), code);
    expect(await boundaryErrors(path.relative(ROOT, path.join(folder, 'a.ts')), code)).toEqual([expect.stringMatching(/cycle/i)]);
  });
});
