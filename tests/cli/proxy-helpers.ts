/** Running the built `loupe proxy` and `loupe mock` in tests, and reading what they saved. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { TrafficEntry } from '../../shared/traffic.js';
import { parseTrafficJsonl } from '../../shared/traffic-jsonl.js';

export const CLI = fileURLToPath(new URL('../../dist/main/cli/loupe.js', import.meta.url));

export const newDataDir = () => mkdtempSync(join(tmpdir(), 'loupe-proxy-data-'));

/** The command line a client's config would have: loupe proxy in front of the server. */
export function proxyCommand(dataDir: string, server: string[], name = 'under-test'): { command: string; args: string[] } {
  return { command: process.execPath, args: [CLI, 'proxy', '--name', name, '--data-dir', dataDir, '--', ...server] };
}

/** An SDK v2 client connected through `loupe proxy` (or straight to the server without `dataDir`). */
export async function sdkClient(server: string[], dataDir?: string, name?: string): Promise<Client> {
  const [command, ...args] = server as [string, ...string[]];
  const launch = dataDir === undefined ? { command, args } : proxyCommand(dataDir, server, name);
  const client = new Client({ name: 'proxy-test-client', version: '7.7.7' }, { capabilities: { roots: { listChanged: true } } });
  await client.connect(new StdioClientTransport({ ...launch, stderr: 'pipe' }));
  return client;
}

export interface SavedSession {
  id: string;
  meta: { startedAt: number; pid: number; proxied?: { name: string; target: string; transport: string } };
  entries: TrafficEntry[];
}

/** Every saved session of a data folder, oldest first. */
export function savedSessions(dataDir: string): SavedSession[] {
  const root = join(dataDir, 'traffic');
  let ids: string[];
  try {
    ids = readdirSync(root).filter((name) => /^\d{4}-/.test(name)).sort();
  } catch {
    return [];
  }
  return ids.map((id) => {
    const folder = join(root, id);
    const text = readdirSync(folder)
      .filter((name) => name.endsWith('.jsonl'))
      .sort()
      .map((name) => readFileSync(join(folder, name), 'utf8'))
      .join('');
    return { id, meta: JSON.parse(readFileSync(join(folder, 'session.json'), 'utf8')) as SavedSession['meta'], entries: parseTrafficJsonl(text).entries };
  });
}

/** A process with its stdout and stderr kept as bytes. */
export interface RawRun {
  child: ChildProcessWithoutNullStreams;
  stdout: Buffer[];
  stderr: Buffer[];
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startRaw(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): RawRun {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
  const run: RawRun = {
    child,
    stdout: [],
    stderr: [],
    closed: new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal }))),
  };
  child.stdout.on('data', (chunk: Buffer) => run.stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => run.stderr.push(chunk));
  child.stdin.on('error', () => undefined);
  return run;
}

export function textOf(result: unknown): string {
  return ((result as { content?: Array<{ text?: string }> }).content ?? []).map((block) => block.text ?? '').join('');
}
