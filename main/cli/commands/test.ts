/** `loupe test`: runs a collection's requests and checks (docs/collections.md), for CI. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CollectionView, RunReport } from '../../../shared/collections.js';
import { AUTH_HELP, COMMON_HELP, parseCommon, parseOptions, parseTarget, SERVER_OPTIONS, splitAtDoubleDash } from '../cli-args.js';
import { CommandFailed, type CliCommandModule, type Exit } from '../cli-command.js';
import { prepareServer, type CliSession } from '../cli-session.js';
import { connectServers } from '../connect-servers.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { readReplies } from '../replies.js';
import { closeSession } from '../cli-connect.js';
import { formatReport, REPORTERS, textReport, unrunReport, type Reporter } from '../run-reports.js';
import { CONSENT_HELP, CONSENT_OPTIONS, refusedByFlags } from '../collection-consent.js';

const { env: _stdioEnv, args: _args, ...serverOptions } = SERVER_OPTIONS;
const OPTIONS = {
  ...serverOptions,
  env: { type: 'string' },
  reporter: { type: 'string' },
  out: { type: 'string' },
  'update-snapshots': { type: 'boolean' },
  only: { type: 'string' },
  ...CONSENT_OPTIONS,
} as const;

const HELP = `Usage: loupe test <collection-dir> [options] [server]

Runs every request of a collection (a folder with collection.yaml; see docs/collections.md) and
its checks, and reports each check. Each server is connected once for the whole run.

Options:
  --env NAME              The collection's environment whose variables fill in {{name}}
  --reporter text|json|junit|tap  The report's format (default text); junit is one test case per check
  --out FILE              Write the report to FILE (the text report still goes to stdout); a run
                          that cannot start (exit 2 or 3) writes one error there naming why
  --only PATH             Run one request file or folder of the collection
  --update-snapshots      Write each snapshot check's result as its new baseline (they pass)

What the collection may read (a run that reads an environment variable or a secret not allowed
here, or in the app for this folder, stops before it starts anything):
${CONSENT_HELP}

Server (optional; without one, each request runs on the collection's server it names):
  --server NAME|ID        Run every request on a server from the data folder's list
  --url URL               ... on an HTTP server; --transport http|sse, --header "Key: Value"
  -- COMMAND [ARGS…]      ... on a stdio server started with this command

${COMMON_HELP.replace('  --json                  Print JSON instead of text\n', '')}

${AUTH_HELP}

Exit codes: 0 every check passed, 1 a check failed or a request could not run (a broken file,
an unknown variable, a server that died), 2 usage error (or a broken collection.yaml), 3 a server
could not be connected, 4 any other error.`;

function parse(argv: readonly string[]) {
  const { own, command } = splitAtDoubleDash(argv);
  const { values, positionals } = parseOptions(own, OPTIONS);
  return { values, positionals, command };
}

function checkReporter(value: string | undefined): Reporter {
  const reporter = value ?? 'text';
  if (!(REPORTERS as readonly string[]).includes(reporter)) throw new UsageError(`--reporter must be one of ${REPORTERS.join(', ')}, got "${reporter}".`);
  return reporter as Reporter;
}

async function openCollection(session: CliSession, dir: string, environment: string | undefined): Promise<CollectionView> {
  let view: CollectionView;
  try {
    view = await session.core.handlers['collections.open']({ dir });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const broken = view.problems.find((problem) => problem.file === 'collection.yaml');
  if (broken) throw new UsageError(broken.message);
  if (environment !== undefined && !view.environments.includes(environment)) {
    throw new UsageError(`The collection has no environment "${environment}"${view.environments.length ? ` (it has ${view.environments.join(', ')})` : ''}.`);
  }
  return view;
}

async function writeReport(file: string, text: string): Promise<void> {
  await writeFile(file, text).catch((error: unknown) => {
    throw new CommandFailed(`Could not write ${file}: ${error instanceof Error ? error.message : String(error)}`, EXIT.internal);
  });
}

export const testCommand: CliCommandModule = {
  name: 'test',
  summary: 'test DIR [--env NAME] [--reporter text|json|junit|tap] [--out FILE]  Run a collection\'s checks',
  help: HELP,
  async run(argv, env, extras) {
    const { values, positionals, command } = parse(argv);
    if (values.help) {
      env.io.stdout(`${HELP}\n`);
      return EXIT.ok;
    }
    const [dirArgument, ...extra] = positionals;
    if (!dirArgument) throw new UsageError('Name the collection folder: loupe test <collection-dir>.');
    if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}" (a stdio command goes after --).`);
    const dir = path.resolve(dirArgument);
    const reporter = checkReporter(values.reporter);
    const { env: environment, ...rest } = values;
    const options = parseCommon({ ...rest, json: false }, env.defaultDataDir);
    const override = values.server !== undefined || values.url !== undefined || command.length > 0 ? parseTarget({ ...rest }, command) : undefined;
    const replies = options.replies ? await readReplies(options.replies) : undefined;
    const selection = values.only;

    const out = values.out === undefined ? undefined : path.resolve(values.out);
    const startedAt = Date.now();
    let view: CollectionView | undefined;
    /** A run that never started still writes its report to --out (one error naming why), then fails as it would. */
    const unrun = async (error: unknown): Promise<never> => {
      if (out) {
        const reason = error instanceof Error ? error.message : String(error);
        const collection = { name: view?.name ?? path.basename(dir), dir, ...(environment !== undefined ? { environment } : {}) };
        await writeReport(out, formatReport(unrunReport(collection, reason, startedAt), reporter)).catch((failure: unknown) => env.io.stderr(`${failure instanceof Error ? failure.message : String(failure)}\n`));
      }
      throw error;
    };
    let serverMap: Record<string, string> = {};
    const { session, serverIds } = await connectServers(env, options, replies, extras, async (opened) => {
      view = await openCollection(opened, dir, environment);
      const consent = await opened.core.handlers['collections.consent']({ collectionId: view.id, serverOverride: override !== undefined });
      const refused = refusedByFlags(consent, values);
      if (refused) throw new UsageError(refused);
      if (!consent.granted) await opened.core.handlers['collections.allow']({ collectionId: view.id, hash: consent.hash, remember: false });
      if (override) return [(await prepareServer(opened.core, override, options)).id];
      const ids = await opened.core.handlers['collections.prepareServers']({ collectionId: view.id, ...(environment !== undefined ? { environment } : {}), ...(selection ? { path: selection } : {}) });
      serverMap = ids;
      // The command line's --era and --timeout apply to each of them, sign-in options to the HTTP ones.
      const servers = await opened.core.handlers['servers.list']();
      const { auth: _auth, ...withoutAuth } = options;
      for (const id of Object.values(ids)) {
        const stdio = servers.find((server) => server.id === id)?.transport.type === 'stdio';
        await prepareServer(opened.core, { kind: 'configured', nameOrId: id }, stdio ? withoutAuth : options);
      }
      return Object.values(ids);
    }).catch(unrun);
    let exit: Exit;
    try {
      const collectionId = view!.id;
      let report: RunReport;
      try {
        report = await session.core.handlers['collections.run']({
          collectionId,
          ...(selection ? { path: selection } : {}),
          ...(override ? { serverId: serverIds[0]! } : { servers: serverMap }),
          ...(environment !== undefined ? { environment } : {}),
          ...(values['update-snapshots'] ? { updateSnapshots: true } : {}),
        });
      } catch (error) {
        return await unrun(new UsageError(error instanceof Error ? error.message : String(error)));
      }
      const text = formatReport(report, reporter);
      if (out) {
        await writeReport(out, text);
        env.io.stdout(`${textReport(report)}\n`);
      } else env.io.stdout(text);
      exit = report.totals.failed + report.totals.errors === 0 ? EXIT.ok : EXIT.callFailed;
    } finally {
      const closing = await closeSession(session, options, env.io);
      if (closing !== undefined) exit = closing;
    }
    return exit;
  },
};
