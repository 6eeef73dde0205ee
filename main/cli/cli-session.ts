import { copyFile, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerConfig, ServerConfigInput } from '../../shared/server-config.js';
import { DEFAULT_CALL_TIMEOUTS } from '../../shared/server-config.js';
import { findClientPreset } from '../../shared/client-emulation.js';
import { LOCK_FILE } from '../core/base/data-folder-lock.js';
import { rememberSecretsNoticeSaid, SECRETS_NOTICE_ID } from '../core/secrets/secrets-notice.js';
import { SERVERS_FILE } from '../core/config/config-store.js';
import type { Core } from '../core/core.js';
import { createCore } from '../core/create-core.js';
import type { CommonOptions, Target } from './cli-args.js';
import { UsageError } from './exit-codes.js';
import { chooseReply, type Replies } from './replies.js';
import { collectExport } from '../../shared/traffic-export.js';

export interface CliSession {
  core: Core;
  /** Stops every connection, writes the record file (if asked for) and removes the working copy. */
  close(): Promise<void>;
}

const MAX_SNAPSHOT_FILE_BYTES = 10_000_000;

/**
 * The CLI never writes the app's data folder (the app may be running and holds its lock), but for
 * the mark that it said the keychain notice: it copies the folder's files into a temporary one and
 * runs the core there. Saved servers, auto-reply rules
 * and templates come along; an ad-hoc server is added to the copy only.
 */
async function snapshotDataFolder(dataDir: string): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), 'loupe-cli-'));
  let names: string[] = [];
  try {
    names = await readdir(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const name of names) {
    if (name === LOCK_FILE) continue;
    const source = path.join(dataDir, name);
    const info = await stat(source).catch(() => undefined);
    if (info?.isFile() && info.size <= MAX_SNAPSHOT_FILE_BYTES) await copyFile(source, path.join(copy, name));
  }
  // Without a server list the core would add its demo server: the CLI shows what is configured, nothing more.
  if (!names.includes(SERVERS_FILE)) await writeFile(path.join(copy, SERVERS_FILE), `${JSON.stringify({ version: 1, servers: [] })}\n`, { mode: 0o600 });
  return copy;
}

export async function openSession(
  options: CommonOptions,
  version: string,
  replies: Replies | undefined,
  warn: (message: string) => void,
): Promise<CliSession> {
  const workDir = await snapshotDataFolder(options.dataDir);
  let core: Core;
  try {
    core = await createCore({
      dataDir: workDir,
      mode: 'browser',
      version,
      // The copy's secrets come from the app's store; what the CLI stores stays in memory.
      secretsReadOnly: true,
      // Lists are fetched when a command asks, so the recorded traffic is what the command sent.
      followLists: false,
      ...(options.timeoutMs ? { initializeTimeoutMs: options.timeoutMs } : {}),
    });
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  const { notices } = await core.handlers['app.info']();
  for (const notice of notices) warn(notice.message.replaceAll(workDir, options.dataDir));
  // Printed once per data folder: the mark is the one file the CLI writes in the real folder.
  if (notices.some((notice) => notice.id === SECRETS_NOTICE_ID)) await rememberSecretsNoticeSaid(options.dataDir).catch(() => undefined);
  // The core's dispose sends the last spans before the session ends.
  if (options.otlp) await core.handlers['telemetry.configure']({ endpoint: options.otlp });

  // The saved auto-reply rules answer inside the core; what is still pending is answered here.
  const answered = new Set<string>();
  const unsubscribe = core.subscribe((name, payload) => {
    if (name !== 'approvals.changed') return;
    const approval = payload as Parameters<typeof chooseReply>[0];
    if (approval.status !== 'pending') return;
    // A rule is drafting the reply with a model: it answers, or (failing) sends the request back here.
    if (approval.model?.status === 'drafting' && approval.model.by.startsWith('rule:')) return;
    if (answered.has(approval.id)) return;
    answered.add(approval.id);
    const choice = chooseReply(approval, replies);
    if (choice.declined) warn(choice.declined);
    // The event comes as the request starts waiting, before it can take an answer: answer on the next turn.
    setImmediate(() => {
      core.handlers['approvals.decide']({ id: approval.id, decision: choice.decision }).catch((error: unknown) => {
        warn(`Could not answer the server's ${approval.kind} request: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
  });

  return {
    core,
    close: async () => {
      unsubscribe();
      try {
        await core.handlers['connections.list']().then((states) =>
          Promise.all(states.map((state) => core.handlers['connections.disconnect']({ serverId: state.serverId }))),
        );
        if (options.record) await writeFile(options.record, await collectExport((query) => core.handlers['traffic.export'](query)));
        if (options.har) await writeFile(options.har, (await core.handlers['traffic.exportHar']()).text);
      } finally {
        await core.dispose();
        await rm(workDir, { recursive: true, force: true });
      }
    },
  };
}

function findConfigured(servers: ServerConfig[], nameOrId: string): ServerConfig {
  const byId = servers.find((server) => server.id === nameOrId);
  if (byId) return byId;
  const byName = servers.filter((server) => server.name === nameOrId);
  const matches = byName.length > 0 ? byName : servers.filter((server) => server.name.toLowerCase() === nameOrId.toLowerCase());
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new UsageError(`${matches.length} servers are named "${nameOrId}": pick one by id (${matches.map((server) => server.id).join(', ')}).`);
  }
  const known = servers.map((server) => `"${server.name}"`).join(', ');
  throw new UsageError(`No server named "${nameOrId}" in the data folder${known ? ` (there are ${known})` : ''}.`);
}

function adHocInput(target: Exclude<Target, { kind: 'configured' }>): ServerConfigInput {
  if (target.kind === 'stdio') {
    return { name: path.basename(target.command) || 'command', transport: { type: 'stdio', command: target.command, args: target.args, env: target.env } };
  }
  return { name: new URL(target.url).host, transport: { type: target.transport, url: target.url, headers: target.headers } };
}

/** The server to connect, in the session's copy of the list, with the command line's overrides. */
export async function prepareServer(core: Core, target: Target, options: CommonOptions): Promise<ServerConfig> {
  const base =
    target.kind === 'configured' ? findConfigured(await core.handlers['servers.list'](), target.nameOrId) : undefined;
  const input: ServerConfigInput = base ?? adHocInput(target as Exclude<Target, { kind: 'configured' }>);
  if (options.auth && input.transport.type === 'stdio') throw new UsageError(`Sign-in options apply to HTTP servers only; "${input.name}" is a stdio server.`);
  const preset = options.client ? findClientPreset(options.client) : undefined;
  const era = options.era ?? preset?.era;
  const overrides: Partial<ServerConfigInput> = {
    ...(era ? { era } : {}),
    ...(preset ? { client: { preset: preset.id } } : {}),
    ...(options.timeoutMs
      ? { connectTimeoutMs: options.timeoutMs, timeouts: { ...DEFAULT_CALL_TIMEOUTS, timeoutMs: options.timeoutMs } }
      : {}),
    ...(options.auth ? { auth: { ...input.auth, ...options.auth.settings } } : {}),
  };
  const config = { ...input, ...overrides };
  if (base) return Object.keys(overrides).length > 0 ? core.handlers['servers.update']({ id: base.id, config }) : base;
  return core.handlers['servers.add'](config);
}
