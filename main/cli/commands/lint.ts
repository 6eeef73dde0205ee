import { atLeast, LINT_PROVIDER_NAMES, type LintSeverity, type ToolLintReport } from '../../../shared/tool-lint.js';
import { AUTH_HELP, COMMON_HELP, SERVER_OPTIONS, TARGET_HELP } from '../cli-args.js';
import type { CliCommandModule } from '../cli-command.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { onServer, parseServerCommand } from './server-command.js';

const OPTIONS = { ...SERVER_OPTIONS, 'fail-on': { type: 'string' } } as const;

const HELP = `Usage: loupe lint <server> [--fail-on warning|error] [--json] [options]

Checks each tool the server lists against the model providers' documented rules (OpenAI,
Anthropic, Gemini): names, schema keywords, $ref cycles and dangling references, missing types,
nesting, undocumented parameters. Each finding has a severity and a suggested fix.

  --fail-on warning|error  Exit with 5 when a finding is at least this severe (default: error)

${TARGET_HELP}

${COMMON_HELP}

${AUTH_HELP}`;

function reportText(report: ToolLintReport): string {
  const lines: string[] = [];
  for (const finding of report.findings) {
    const providers = finding.providers.length > 0 ? ` [${finding.providers.map((provider) => LINT_PROVIDER_NAMES[provider]).join(', ')}]` : '';
    lines.push(`${finding.severity.padEnd(7)} ${finding.tool}  ${finding.path}${providers}`, `        ${finding.message}`, `        fix: ${finding.fix}`);
  }
  const { error, warning, info } = report.counts;
  lines.push(`${report.tools} tools checked: ${error} errors, ${warning} warnings, ${info} notes.`);
  return lines.join('\n');
}

export const lintCommand: CliCommandModule = {
  name: 'lint',
  summary: 'lint <server> [--fail-on warning|error]   Check the tools against model providers\' rules (for CI)',
  help: HELP,
  wantsJson: (argv) => argv.includes('--json'),
  async run(argv, env, extras) {
    const parsed = parseServerCommand(argv, OPTIONS, HELP, env);
    if (!parsed) return EXIT.ok;
    const { values, options } = parsed;
    if (values.args !== undefined) throw new UsageError('--args does not apply to lint.');
    const failOn = (values['fail-on'] ?? 'error') as LintSeverity;
    if (failOn !== 'warning' && failOn !== 'error') throw new UsageError(`--fail-on must be warning or error, got "${failOn}".`);
    return onServer(env, parsed, extras, async (session, serverId) => {
      const report = await session.core.handlers['tools.lint']({ serverId, force: true });
      env.io.stdout(`${options.json ? JSON.stringify(report, null, 2) : reportText(report)}\n`);
      return report.findings.some((finding) => atLeast(finding.severity, failOn)) ? EXIT.findings : EXIT.ok;
    });
  },
};
