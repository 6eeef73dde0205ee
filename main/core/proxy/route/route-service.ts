/**
 * "Route through Loupe" for an entry the config import found: the change is shown first (a diff),
 * applied only to the file as it was shown (its SHA-256 must still match), and undone by Restore,
 * which puts back the exact bytes that were there, unless the file changed since Loupe wrote it.
 * Backups are kept in the data folder's `routes/` (0700; each file 0600), one per change.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { RoutePlan, RouteRecord, RouteTarget } from '../../../../shared/proxy.js';
import { LoupeError } from '../../../../shared/wire.js';
import { writeFileAtomic } from '../../base/atomic-write.js';
import { readJsonEntry, routeJsonEntry } from './json-route-edit.js';
import { routedFields, type RoutedFields } from './routed-entry.js';
import { readTomlEntry, routeTomlEntry } from './toml-route-edit.js';

const ROUTES_FOLDER = 'routes';
/** Config files are small; the import refuses larger ones too. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Backups listed at most (newest first). */
const MAX_RECORDS = 500;

interface Backup {
  record: RouteRecord;
  /** The file's bytes before the change, base64. */
  original: string;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The file behind a path (a symlinked config stays a symlink: its target is what is rewritten). */
async function readConfig(file: string): Promise<{ real: string; bytes: Buffer; mode: number }> {
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    throw new LoupeError(`${file} does not exist any more.`, 'not-found');
  }
  const info = await stat(real);
  if (!info.isFile()) throw new LoupeError(`${file} is not a file.`, 'invalid');
  if (info.size > MAX_FILE_BYTES) throw new LoupeError(`${file} is larger than 50 MB.`, 'invalid');
  return { real, bytes: await readFile(real), mode: info.mode & 0o777 };
}

/** The file names each client keeps its servers in (see the config import's candidates): no other file is rewritten. */
const CONFIG_FILE_NAMES: Record<RouteTarget['client'], readonly string[]> = {
  'claude-desktop': ['claude_desktop_config.json'],
  'claude-code': ['.claude.json', '.mcp.json'],
  vscode: ['mcp.json', 'settings.json'],
  cursor: ['mcp.json'],
  windsurf: ['mcp_config.json'],
  gemini: ['settings.json'],
  codex: ['config.toml'],
  cline: ['cline_mcp_settings.json'],
  // A registry server.json describes a server, no client runs it: nothing to route.
  'server-json': [],
};

function checkTarget(target: RouteTarget): void {
  if (!path.isAbsolute(target.path)) throw new LoupeError('The config file must be given as a full path.', 'invalid-params');
  if (CONFIG_FILE_NAMES[target.client].length === 0) throw new LoupeError(`A ${target.client} file is not a client's config: there is nothing to route through Loupe.`, 'invalid-params');
  if (!CONFIG_FILE_NAMES[target.client].includes(path.basename(target.path))) {
    throw new LoupeError(`${target.path} is not a ${target.client} config file (${CONFIG_FILE_NAMES[target.client].join(' or ')}).`, 'invalid-params');
  }
}

function rewrite(text: string, target: RouteTarget, routed: RoutedFields): string {
  return target.client === 'codex' ? routeTomlEntry(text, target, routed) : routeJsonEntry(text, target, routed);
}

export class RouteService {
  /** Ports picked for HTTP entries, by file and entry, so a preview and its apply agree. */
  private readonly ports = new Map<string, number>();

  constructor(private readonly dataDir: string) {}

  async preview(target: RouteTarget): Promise<RoutePlan> {
    checkTarget(target);
    const { bytes } = await readConfig(target.path);
    return this.plan(target, bytes);
  }

  /** Writes the change, if the file is still as it was shown (`fileHash`), and keeps a backup. */
  async apply(target: RouteTarget, fileHash: string): Promise<RouteRecord> {
    checkTarget(target);
    const { real, bytes, mode } = await readConfig(target.path);
    if (sha256(bytes) !== fileHash) throw new LoupeError(`${target.path} changed since Loupe showed the change: look at it again before routing.`, 'conflict');
    const plan = await this.plan(target, bytes);
    const after = Buffer.from(plan.after, 'utf8');
    const record: RouteRecord = { id: randomUUID(), target, appliedAt: Date.now(), hashAfter: sha256(after), hashBefore: fileHash };
    await this.saveBackup({ record, original: bytes.toString('base64') });
    await writeFileAtomic(real, after, { mode });
    return record;
  }

  async list(): Promise<RouteRecord[]> {
    const backups = await this.backups();
    return backups.map((backup) => backup.record);
  }

  /** Puts the file's bytes back as they were before the change, unless the file changed since Loupe wrote it. */
  async restore(id: string): Promise<RouteRecord> {
    const backup = (await this.backups()).find((candidate) => candidate.record.id === id);
    if (!backup) throw new LoupeError('There is no such change to restore.', 'not-found');
    if (backup.record.restoredAt !== undefined) throw new LoupeError('This change was restored already.', 'invalid');
    const { real, bytes, mode } = await readConfig(backup.record.target.path);
    if (sha256(bytes) !== backup.record.hashAfter) {
      throw new LoupeError(`${backup.record.target.path} changed since Loupe routed it; Restore would undo those changes too, so it was not done. Its earlier content is kept in ${this.backupPath(id)}.`, 'conflict');
    }
    const original = Buffer.from(backup.original, 'base64');
    await writeFileAtomic(real, original, { mode });
    backup.record.restoredAt = Date.now();
    await this.saveBackup(backup);
    return backup.record;
  }

  private async plan(target: RouteTarget, bytes: Buffer): Promise<RoutePlan> {
    const text = bytes.toString('utf8');
    if (!Buffer.from(text, 'utf8').equals(bytes)) throw new LoupeError(`${target.path} is not UTF-8 text.`, 'invalid');
    const fields = target.client === 'codex' ? readTomlEntry(text, target) : readJsonEntry(text, target);
    const key = `${target.path}\n${target.project ?? ''}\n${target.name}`;
    const port = this.ports.get(key) ?? (await freePort());
    this.ports.set(key, port);
    const routed = routedFields(fields, target.name, this.dataDir, port);
    const after = rewrite(text, target, routed);
    return {
      target,
      diff: createTwoFilesPatch(target.path, target.path, text, after, 'as it is', 'routed through Loupe'),
      after,
      fileHash: sha256(bytes),
      ...(routed.kind === 'http'
        ? {
            note: `The entry now points at a loupe proxy on 127.0.0.1:${port}: keep that proxy running (its command is below) while the client uses this server.`,
            httpProxyCommand: routed.proxyCommand,
          }
        : {}),
    };
  }

  private backupPath(id: string): string {
    return path.join(this.dataDir, ROUTES_FOLDER, `${id}.json`);
  }

  private async saveBackup(backup: Backup): Promise<void> {
    await mkdir(path.join(this.dataDir, ROUTES_FOLDER), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.backupPath(backup.record.id), JSON.stringify(backup));
  }

  /** The backups on disk, newest first; a file that is not one is skipped. */
  private async backups(): Promise<Backup[]> {
    let names: string[];
    try {
      names = (await readdir(path.join(this.dataDir, ROUTES_FOLDER))).filter((name) => /^[0-9a-f-]{36}\.json$/.test(name));
    } catch {
      return [];
    }
    const backups: Backup[] = [];
    for (const name of names) {
      try {
        const backup = JSON.parse(await readFile(path.join(this.dataDir, ROUTES_FOLDER, name), 'utf8')) as Backup;
        if (typeof backup.record?.id === 'string' && typeof backup.original === 'string') backups.push(backup);
      } catch {
        // Not a backup Loupe wrote, or cut short: not listed.
      }
    }
    return backups.sort((a, b) => b.record.appliedAt - a.record.appliedAt).slice(0, MAX_RECORDS);
  }
}
