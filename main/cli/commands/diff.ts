/** `loupe diff`: the capability diff of two sides (snapshot files or live servers), each change classified. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CHANGE_CLASSES, type CapabilitySnapshot, type SurfaceDiff } from '../../../shared/collections.js';
import { diffSurfaces, failsAt } from '../../core/collections/surface-diff.js';
import { readSurfaceFile } from '../../core/collections/surface-snapshot.js';
import { AUTH_HELP, COMMON_HELP, parseCommon, parseTarget, SERVER_OPTIONS, splitAtDoubleDash, type Target } from '../cli-args.js';
import type { CliCommandModule, Exit } from '../cli-command.js';
import { prepareServer } from '../cli-session.js';
import { connectServers } from '../connect-servers.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { readReplies } from '../replies.js';
import { closeSession } from '../cli-connect.js';

const { args: _args, server: _server, url: _url, ...serverOptions } = SERVER_OPTIONS;
const OPTIONS = {
  ...serverOptions,
  server: { type: 'string', multiple: true },
  url: { type: 'string', multiple: true },
  'fail-on': { type: 'string' },
} as const;

const FAIL_ON = [...CHANGE_CLASSES, 'any'] as const;
type FailOn = (typeof FAIL_ON)[number];

const HELP = `Usage: loupe diff <BEFORE> <AFTER> [--fail-on breaking|additive|any] [--json] [options]

Compares two servers' surfaces (tools and their schemas, resources, templates, prompts,
capabilities) and classifies each change: breaking (something clients use is gone or stricter),
additive (something new or looser) or cosmetic (descriptions, titles, annotation hints).

Each side is one of, in the order given (the first is BEFORE, the second AFTER):
  FILE                    A capability snapshot ("loupe snapshot --out FILE", or the app's)
  --server NAME|ID        A server from the data folder's list
  --url URL               An HTTP server (--transport and --header apply to every --url)
  -- COMMAND [ARGS…]      A stdio server started with this command; always the last side
Examples:
  loupe diff .loupe/surfaces/main.json -- node dist/server.js
  loupe diff old.json new.json --fail-on additive
  loupe diff --url http://localhost:3000/mcp --url http://localhost:3001/mcp --json

  --fail-on LEVEL         Exit 1 when a change at or above LEVEL is found: breaking (the default),
                          additive (breaking or additive), or any (cosmetic too)

${COMMON_HELP}

${AUTH_HELP}

Exit codes: 0 nothing at or above --fail-on, 1 such a change, 2 usage error (or a file that is not a
snapshot), 3 a server could not be connected, 4 any other error.`;

type Side = { kind: 'file'; file: string } | { kind: 'live'; target: Target; label: string };

function parse(argv: readonly string[]) {
  const { own, command } = splitAtDoubleDash(argv);
  try {
    return { ...parseArgs({ args: own, options: OPTIONS, allowPositionals: true, strict: true, tokens: true }), command };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function sides(parsed: ReturnType<typeof parse>): Side[] {
  const { values, tokens, command } = parsed;
  const { server: _servers, url: _urls, env: _env, ...single } = values;
  const found: Side[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') found.push({ kind: 'file', file: path.resolve(token.value) });
    else if (token.kind === 'option' && (token.name === 'server' || token.name === 'url') && token.value !== undefined) {
      const target = parseTarget({ ...single, [token.name]: token.value }, []);
      found.push({ kind: 'live', target, label: `${token.rawName} ${token.value}` });
    }
  }
  if (command.length > 0) found.push({ kind: 'live', target: parseTarget({ ...single, ...(values.env ? { env: values.env } : {}) }, command), label: command.join(' ') });
  else if (values.env !== undefined) throw new UsageError('--env applies to a command after -- only.');
  if (found.length !== 2) throw new UsageError(`Give two sides to compare (files, --server, --url or -- COMMAND), not ${found.length}.`);
  return found;
}

function changeLines(diff: SurfaceDiff): string[] {
  const { breaking, additive, cosmetic } = diff.counts;
  if (diff.changes.length === 0) return ['No changes.'];
  return [`${breaking} breaking, ${additive} additive, ${cosmetic} cosmetic`, ...diff.changes.map((change) => `${change.class.toUpperCase().padEnd(8)}  ${change.message}`)];
}

export const diffCommand: CliCommandModule = {
  name: 'diff',
  summary: 'diff BEFORE AFTER [--fail-on breaking|additive|any]  Compare two servers\' surfaces',
  help: HELP,
  wantsJson: (argv) => argv.includes('--json'),
  async run(argv, env, extras) {
    const parsed = parse(argv);
    const { values } = parsed;
    if (values.help) {
      env.io.stdout(`${HELP}\n`);
      return EXIT.ok;
    }
    const failOn = (values['fail-on'] ?? 'breaking') as FailOn;
    if (!FAIL_ON.includes(failOn)) throw new UsageError(`--fail-on must be one of ${FAIL_ON.join(', ')}, got "${String(values['fail-on'])}".`);
    const [before, after] = sides(parsed) as [Side, Side];
    const { server: _servers, url: _urls, ...common } = values;
    const options = parseCommon(common, env.defaultDataDir);
    const readFile = async (side: Extract<Side, { kind: 'file' }>) => {
      try {
        return await readSurfaceFile(side.file);
      } catch (error) {
        throw new UsageError(error instanceof Error ? error.message : String(error));
      }
    };
    const surfaces: Array<CapabilitySnapshot | undefined> = await Promise.all([before, after].map((side) => (side.kind === 'file' ? readFile(side) : Promise.resolve(undefined))));
    const live = [before, after].flatMap((side, index) => (side.kind === 'live' ? [{ side, index }] : []));
    let exit: Exit = EXIT.ok;
    if (live.length > 0) {
      const replies = options.replies ? await readReplies(options.replies) : undefined;
      const { session, serverIds } = await connectServers(env, options, replies, extras, async (opened) => {
        const ids: string[] = [];
        // Two live sides are two servers, even when given alike.
        for (const [order, { side }] of live.entries()) {
          const target = side.kind === 'live' ? side.target : undefined;
          if (!target) continue;
          const server = await prepareServer(opened.core, target, options);
          if (ids.includes(server.id)) throw new UsageError(`Both sides are the same server (${side.kind === 'live' ? side.label : ''}): give two.`);
          ids[order] = server.id;
        }
        return ids;
      });
      try {
        for (const [order, { index }] of live.entries()) surfaces[index] = await session.core.handlers['surfaces.take']({ serverId: serverIds[order]! });
      } finally {
        const closing = await closeSession(session, options, env.io);
        if (closing !== undefined) exit = closing;
      }
    }
    const diff = diffSurfaces(surfaces[0]!, surfaces[1]!);
    const fails = failsAt(diff, failOn);
    const label = (side: Side) => (side.kind === 'file' ? side.file : side.label);
    if (values.json) env.io.stdout(`${JSON.stringify({ before: label(before), after: label(after), failOn, fails, counts: diff.counts, changes: diff.changes }, null, 2)}\n`);
    else env.io.stdout(`${changeLines(diff).join('\n')}\n`);
    return exit !== EXIT.ok ? exit : fails ? EXIT.callFailed : EXIT.ok;
  },
};
