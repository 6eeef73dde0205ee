import { LATEST_OAUTH_SPEC_VERSION, OAUTH_SPEC_VERSIONS, type DebugCheckLevel, type OAuthDebugRun, type OAuthSpecVersion } from '../../../shared/oauth-debugger.js';
import { AUTH_HELP, COMMON_HELP, SERVER_OPTIONS, TARGET_HELP } from '../cli-args.js';
import type { CliCommandModule, CliIo, Exit } from '../cli-command.js';
import { openSession, prepareServer, type CliSession } from '../cli-session.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { closeSession, storeSecrets } from '../cli-connect.js';
import { parseServerCommand } from './server-command.js';

const OPTIONS = { ...SERVER_OPTIONS, version: { type: 'string' }, 'fail-on': { type: 'string' } } as const;

const HELP = `Usage: loupe auth-debug <server> [--version V] [--fail-on warning|error] [--json] [options]

Runs the server's OAuth flow one step after another, as the debugger in the app's Auth view does,
under one version of the MCP authorization spec, and prints each step with its checks: the 401
and its WWW-Authenticate, protected resource metadata (RFC 9728), authorization server metadata
(RFC 8414 / OpenID), client registration, the authorization request (PKCE S256, resource
indicator) and its redirect (state, iss), the token request, a refresh, a request with the token,
and the revocation of the tokens it got (RFC 7009). Nothing it gets is stored.

  --version V              ${OAUTH_SPEC_VERSIONS.join(', ')} (default ${LATEST_OAUTH_SPEC_VERSION})
  --fail-on warning|error  Exit with 5 when a check is at least this severe, or the flow stops (default: error)

The authorization page opens in your browser unless --authorize-with http-get, which follows it
with GETs (for test servers that approve without a person: use it in CI). Exits 3 when the server
cannot be reached.

${TARGET_HELP}

${COMMON_HELP}

${AUTH_HELP}`;

const MARKS: Record<string, string> = { ok: '✓', failed: '✗', skipped: '–', pending: '·', running: '…', waiting: '…' };

function runText(run: OAuthDebugRun): string {
  const lines = [`OAuth flow against ${run.serverUrl} under MCP ${run.version}`];
  for (const step of run.steps) {
    lines.push(`${String(step.index + 1).padStart(2)}. ${MARKS[step.status] ?? '?'} ${step.title}${step.status === 'skipped' ? ' (skipped)' : ''}`, `      ${step.summary}`);
    for (const check of step.checks) lines.push(`      ${check.level.padEnd(7)} ${check.sentence}${check.rule ? ` [${check.rule}]` : ''}`);
  }
  const end = run.status === 'done' ? 'Done.' : (run.failure ?? `The run ${run.status}.`);
  lines.push(`${end} Checks: ${run.counts.error} errors, ${run.counts.warning} warnings, ${run.counts.ok} ok.`);
  return lines.join('\n');
}

const ENDED = new Set(['done', 'failed', 'stopped']);

/** Starts a run in `all` mode and resolves with it once it ends; an authorization page to open is printed. */
async function runToEnd(session: CliSession, serverId: string, version: OAuthSpecVersion, io: CliIo): Promise<OAuthDebugRun> {
  let runId: string | undefined;
  let ended: ((run: OAuthDebugRun) => void) | undefined;
  const end = new Promise<OAuthDebugRun>((resolve) => (ended = resolve));
  const early: OAuthDebugRun[] = [];
  const printed = new Set<string>();
  const unsubscribe = session.core.subscribe((name, payload) => {
    if (name !== 'oauthDebug.changed') return;
    const run = payload as OAuthDebugRun;
    if (runId === undefined) early.push(run);
    else if (run.runId !== runId) return;
    if (run.authorizationUrl && !printed.has(run.authorizationUrl)) {
      printed.add(run.authorizationUrl);
      io.stderr(`Open this page to sign in, then come back here:\n  ${run.authorizationUrl}\n`);
    }
    if (ENDED.has(run.status)) ended?.(run);
  });
  try {
    const started = await session.core.handlers['oauthDebug.start']({ serverId, version, mode: 'all' });
    runId = started.runId;
    const already = [started, ...early.filter((run) => run.runId === runId)].find((run) => ENDED.has(run.status));
    return already ?? (await end);
  } finally {
    unsubscribe();
  }
}

function exitFor(run: OAuthDebugRun, failOn: DebugCheckLevel): Exit {
  const first = run.steps[0];
  if (run.status === 'failed' && first?.status === 'failed' && first.exchanges.every((exchange) => exchange.status === undefined)) return EXIT.connectionFailed;
  if (run.status !== 'done') return EXIT.findings;
  return run.counts.error > 0 || (failOn === 'warning' && run.counts.warning > 0) ? EXIT.findings : EXIT.ok;
}

export const authDebugCommand: CliCommandModule = {
  name: 'auth-debug',
  summary: 'auth-debug <server> [--version V]        Step through the OAuth flow and judge each step (for CI)',
  help: HELP,
  wantsJson: (argv) => argv.includes('--json'),
  async run(argv, env, extras) {
    const parsed = parseServerCommand(argv, OPTIONS, HELP, env);
    if (!parsed) return EXIT.ok;
    const { values, target, options } = parsed;
    if (values.args !== undefined) throw new UsageError('--args does not apply to auth-debug.');
    if (target.kind === 'stdio') throw new UsageError('auth-debug is for HTTP servers (--url or --server): a stdio server takes its credentials from its environment.');
    const version = (values.version ?? LATEST_OAUTH_SPEC_VERSION) as OAuthSpecVersion;
    if (!OAUTH_SPEC_VERSIONS.includes(version)) throw new UsageError(`--version must be one of ${OAUTH_SPEC_VERSIONS.join(', ')}, got "${values.version}".`);
    const failOn = (values['fail-on'] ?? 'error') as DebugCheckLevel;
    if (failOn !== 'warning' && failOn !== 'error') throw new UsageError(`--fail-on must be warning or error, got "${failOn}".`);
    const session = await openSession(options, env.version, undefined, (message) => env.io.stderr(`${message}\n`));
    let exit: Exit = EXIT.internal;
    try {
      const server = await prepareServer(session.core, target, options);
      if (options.auth) await storeSecrets(session, server.id, options.auth, extras.env ?? process.env);
      const run = await runToEnd(session, server.id, version, env.io);
      env.io.stdout(`${options.json ? JSON.stringify(run, null, 2) : runText(run)}\n`);
      exit = exitFor(run, failOn);
    } finally {
      exit = (await closeSession(session, options, env.io)) ?? exit;
    }
    return exit;
  },
};
