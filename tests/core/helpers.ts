import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer as createHttpServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EventName, EventPayload } from '../../shared/contract.js';
import type { ServerConfig, TransportConfig } from '../../shared/server-config.js';
import type { TrafficEntry } from '../../shared/traffic.js';
import { collectExport } from '../../shared/traffic-export.js';
import type { Core } from '../../main/core/core.js';
import { createCore, type CreateCoreOptions } from '../../main/core/create-core.js';

const require = createRequire(import.meta.url);
export const FIXTURE_SERVER = fileURLToPath(new URL('../fixtures/fixture-server.mjs', import.meta.url));
export const EVERYTHING_ENTRY = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

export interface TestCore {
  core: Core;
  dataDir: string;
  events: Array<{ name: EventName; payload: unknown }>;
  add(name: string, transport: TransportConfig): Promise<ServerConfig>;
  traffic(serverId?: string): Promise<TrafficEntry[]>;
}

export async function startCore(options: Partial<CreateCoreOptions> = {}): Promise<TestCore> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'loupe-core-'));
  const core = await createCore({ mode: 'browser', version: 'test', ...options, dataDir });
  const events: TestCore['events'] = [];
  core.subscribe((name, payload) => events.push({ name, payload }));
  return {
    core,
    dataDir,
    events,
    add: (name, transport) => core.handlers['servers.add']({ name, transport }),
    traffic: async (serverId) => {
      const entries = await allTraffic(core);
      return serverId ? entries.filter((entry) => entry.serverId === serverId) : entries;
    },
  };
}

/** The whole export (`traffic.export`, read piece by piece), as one text. */
export async function exportedText(core: Pick<Core, 'handlers'>, which?: number[] | { serverId: string }): Promise<string> {
  const chosen = Array.isArray(which) ? { seqs: which } : (which ?? {});
  return (await collectExport((query) => core.handlers['traffic.export'](query), chosen)).join('');
}

/** Every entry the core keeps, whole: read page by page, with large ones fetched on their own. */
export async function allTraffic(core: Core): Promise<TrafficEntry[]> {
  const entries: TrafficEntry[] = [];
  let afterSeq: number | undefined;
  for (;;) {
    const page = await core.handlers['traffic.list'](afterSeq === undefined ? {} : { afterSeq });
    for (const entry of page.entries) entries.push(entry.truncated && entry.kind !== 'stderr' && entry.kind !== 'malformed' ? ((await core.handlers['traffic.get']({ seq: entry.seq })) ?? entry) : entry);
    const last = page.entries.at(-1);
    if (!page.more || !last) return entries;
    afterSeq = last.seq;
  }
}

/** A saved session's record, read back piece by piece as the window does. */
export async function readSession(core: Core, id: string): Promise<{ text: string; pieces: number }> {
  let text = '';
  let pieces = 0;
  let offset: number | null = 0;
  while (offset !== null) {
    const piece = await core.handlers['traffic.sessions.read']({ id, offset });
    text += piece.text;
    pieces++;
    offset = piece.nextOffset;
  }
  return { text, pieces };
}

export function eventsNamed<E extends EventName>(test: TestCore, name: E): Array<EventPayload<E>> {
  return test.events.filter((event) => event.name === name).map((event) => event.payload as EventPayload<E>);
}

export function fixture(...args: string[]): TransportConfig {
  return { type: 'stdio', command: process.execPath, args: [FIXTURE_SERVER, ...args], env: [] };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts server-everything's HTTP transports on a free loopback port and waits until it listens. */
export async function startEverythingHttp(mode: 'streamableHttp' | 'sse'): Promise<{ port: number; child: ChildProcess; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_ENTRY, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start`)), 20_000);
    const onData = (chunk: Buffer) => {
      if (/listening|running/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server-everything ${mode} exited with ${code}`)));
  });
  return { port, child, stop: () => child.kill() };
}

export async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Forwards a request to `target` (host:port), as a forward proxy (absolute URL) or a reverse one. */
export function forward(req: IncomingMessage, res: ServerResponse, target: URL): void {
  const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: target.pathname + target.search, headers: req.headers }, (reply) => {
    res.writeHead(reply.statusCode ?? 502, reply.headers);
    reply.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export interface ForwardProxy {
  port: number;
  /** What went through: `CONNECT host:port`, or `METHOD url` for an absolute-form request. */
  seen: string[];
  close(): Promise<void>;
}

/** A company proxy on loopback: tunnels CONNECT (undici does, even for http:// targets) and forwards absolute-form requests. */
export async function startForwardProxy(): Promise<ForwardProxy> {
  const seen: string[] = [];
  const proxy = createHttpServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    forward(req, res, new URL(req.url ?? '/'));
  });
  proxy.on('connect', (req, client, head) => {
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const port = await listenOnLoopback(proxy);
  return {
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

/** A self-signed certificate for 127.0.0.1 made with the openssl command (.ci/run installs it), as PEM files in `dir`. */
export function selfSignedCertificate(dir: string): { key: string; cert: string } {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { key, cert };
}

type CollectionHandlers = Pick<Core['handlers'], 'collections.consent' | 'collections.allow' | 'collections.run' | 'collections.prepareServers'>;

/** Allows (for this session) what the collection asks, as the person does before a first run. */
export async function allowCollection(handlers: CollectionHandlers, collectionId: string, serverOverride = false): Promise<void> {
  const consent = await handlers['collections.consent']({ collectionId, serverOverride });
  if (!consent.granted) await handlers['collections.allow']({ collectionId, hash: consent.hash, remember: false });
}

/** Runs a collection the way a person does: what it asks is allowed first, then it runs. */
export async function runAllowed(handlers: CollectionHandlers, params: Parameters<CollectionHandlers['collections.run']>[0]) {
  await allowCollection(handlers, params.collectionId, params.serverId !== undefined);
  return handlers['collections.run'](params);
}

/** Adds a collection's servers to the list the way a person does: what it asks is allowed first. */
export async function prepareAllowed(handlers: CollectionHandlers, params: Parameters<CollectionHandlers['collections.prepareServers']>[0]) {
  await allowCollection(handlers, params.collectionId);
  return handlers['collections.prepareServers'](params);
}
