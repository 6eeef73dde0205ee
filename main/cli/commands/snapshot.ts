/** `loupe snapshot`: a server's whole surface as one capability snapshot file. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CapabilitySnapshot } from '../../../shared/collections.js';
import { stableJson } from '../../core/collections/stable-json.js';
import { AUTH_HELP, COMMON_HELP, parseCommon, parseOptions, parseTarget, SERVER_OPTIONS, splitAtDoubleDash, TARGET_HELP } from '../cli-args.js';
import { CommandFailed, type CliCommandModule, type Exit } from '../cli-command.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { readReplies } from '../replies.js';
import { closeSession, connectTarget } from '../cli-connect.js';

const { args: _args, ...serverOptions } = SERVER_OPTIONS;
const OPTIONS = { ...serverOptions, out: { type: 'string' } } as const;

const HELP = `Usage: loupe snapshot <server> [--out FILE] [options]

Writes the server's whole surface (capabilities, tools with their input and output schemas and
annotations, resources, resource templates, prompts with their arguments) as one JSON file, with
sorted keys so a change reads as a small diff. Compare two with "loupe diff".

  --out FILE              Where to write it (default: stdout)

${TARGET_HELP}

${COMMON_HELP.replace('  --json                  Print JSON instead of text\n', '')}

${AUTH_HELP}`;

export function surfaceSummary(snapshot: CapabilitySnapshot): string {
  const count = (items: unknown[], word: string) => `${items.length} ${word}${items.length === 1 ? '' : 's'}`;
  return `${snapshot.server.name} ${snapshot.server.version}: ${count(snapshot.tools, 'tool')}, ${count(snapshot.resources, 'resource')}, ${count(snapshot.resourceTemplates, 'template')}, ${count(snapshot.prompts, 'prompt')}`;
}

export const snapshotCommand: CliCommandModule = {
  name: 'snapshot',
  summary: "snapshot <server> [--out FILE]  Save a server's surface (tools, resources, prompts) as a file",
  help: HELP,
  async run(argv, env, extras) {
    const { own, command } = splitAtDoubleDash(argv);
    const { values, positionals } = parseOptions(own, OPTIONS);
    if (values.help) {
      env.io.stdout(`${HELP}\n`);
      return EXIT.ok;
    }
    if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}" (a stdio command goes after --).`);
    const options = parseCommon({ ...values, json: false }, env.defaultDataDir);
    const target = parseTarget(values, command);
    const replies = options.replies ? await readReplies(options.replies) : undefined;
    const { session, serverId } = await connectTarget(env, target, options, replies, extras);
    let exit: Exit = EXIT.ok;
    try {
      const snapshot = await session.core.handlers['surfaces.take']({ serverId });
      if (values.out) {
        const out = path.resolve(values.out);
        await writeFile(out, stableJson(snapshot)).catch((error: unknown) => {
          throw new CommandFailed(`Could not write ${out}: ${error instanceof Error ? error.message : String(error)}`, EXIT.internal);
        });
        env.io.stdout(`${surfaceSummary(snapshot)}; written to ${out}\n`);
      } else env.io.stdout(stableJson(snapshot));
    } finally {
      const closing = await closeSession(session, options, env.io);
      if (closing !== undefined) exit = closing;
    }
    return exit;
  },
};
