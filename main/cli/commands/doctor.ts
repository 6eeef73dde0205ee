import type { DoctorCheck, DoctorCheckStatus, DoctorReport } from '../../../shared/doctor.js';
import { COMMON_HELP, SERVER_OPTIONS, TARGET_HELP } from '../cli-args.js';
import type { CliCommandModule, Exit } from '../cli-command.js';
import { closeSession } from '../cli-connect.js';
import { openSession, prepareServer } from '../cli-session.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { parseServerCommand } from './server-command.js';

const HELP = `Usage: loupe doctor <server> [--json] [options]

Diagnoses a server that does not connect: runs checks in order and prints one line per check,
✓ passed, ✗ failed (with what it saw and the fix), ! a warning, - skipped after a failure.
A stdio server: the command is found on PATH, it starts and stays up, stdout carries only
JSON-RPC, its stderr, the time to answer initialize, the protocol version. An HTTP server: the
proxy variables, DNS, the TCP connect, TLS (the certificate, NODE_EXTRA_CA_CERTS), the path
(/mcp or /sse), sign-in metadata on a 401 (RFC 9728, RFC 8414), CORS, the first request's
headers. The doctor's exchanges go in the traffic record (--record). Exits 0 when no check
failed, 1 when one did.

${TARGET_HELP}

${COMMON_HELP}`;

const MARKS: Record<DoctorCheckStatus, string> = { pass: '✓', fail: '✗', warn: '!', skipped: '-' };

function checkText(check: DoctorCheck): string[] {
  const lines = [`${MARKS[check.status]} ${check.title}: ${check.saw}`];
  for (const line of check.lines ?? []) lines.push(`    ${line}`);
  if (check.fix) lines.push(`  fix: ${check.fix}`);
  if (check.command) lines.push(`    $ ${check.command}`);
  return lines;
}

export function doctorText(report: DoctorReport): string {
  const failed = report.checks.filter((check) => check.status === 'fail').length;
  const verdict = failed === 0 ? 'Every check passed.' : `${failed === 1 ? 'One check' : `${failed} checks`} failed.`;
  return [...report.checks.flatMap(checkText), `${report.serverName}: ${verdict}`].join('\n');
}

export const doctorCommand: CliCommandModule = {
  name: 'doctor',
  summary: 'doctor <server>                         Diagnose a server that does not connect, check by check',
  help: HELP,
  wantsJson: (argv) => argv.includes('--json'),
  async run(argv, env) {
    const parsed = parseServerCommand(argv, SERVER_OPTIONS, HELP, env);
    if (!parsed) return EXIT.ok;
    const { values, target, options } = parsed;
    if (values.args !== undefined) throw new UsageError('--args does not apply to doctor.');
    if (options.auth) throw new UsageError('Sign-in options do not apply to doctor: it checks the sign-in metadata without signing in.');
    const session = await openSession(options, env.version, undefined, (message) => env.io.stderr(`${message}\n`));
    let exit: Exit = EXIT.internal;
    try {
      const server = await prepareServer(session.core, target, options);
      const report = await session.core.handlers['doctor.run']({ serverId: server.id });
      env.io.stdout(`${options.json ? JSON.stringify(report, null, 2) : doctorText(report)}\n`);
      exit = report.ok ? EXIT.ok : EXIT.callFailed;
    } finally {
      exit = (await closeSession(session, options, env.io)) ?? exit;
    }
    return exit;
  },
};
