/**
 * Where the running core listens for `loupe proxy` processes: a Unix domain socket (a named pipe
 * on Windows) announced with a random secret in the data folder (endpoint-file.ts). A peer must
 * send that secret in its first frame, within a second, before anything else is read; then
 * its wire events are recorded as a proxied session and acknowledged once they are on disk.
 * Connections still waiting for their hello have slots of their own, the oldest given up for a new
 * one: idle sockets never keep a real proxy out.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { chmod } from 'node:fs/promises';
import type { Notice } from '../../../shared/contract.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import { JOURNAL_FLUSH_MS } from '../traffic/traffic-journal.js';
import { chooseAddress, LINK_PROTOCOL, prepareEndpointFolder, removeEndpoint, writeEndpoint } from './endpoint-file.js';
import type { InterceptDesk } from './intercept-desk.js';
import { eventOfFrame, type CoreToProxy, type ProxyToCore, type SessionHello } from './link-messages.js';
import type { ProxiedSessions } from './proxied-sessions.js';
import { encodeFrame, FrameError, FrameReader, type Frame } from './proxy-frames.js';

/**
 * How long a connection may take to send its hello. A real proxy writes it as soon as the
 * connection opens (one small frame on a local socket: milliseconds); a second leaves room for a
 * proxy process that is busy, and a core that is busy does not count (see accept).
 */
const HELLO_TIMEOUT_MS = 1_000;
const HELLO_LIMITS = { headerBytes: 16 * 1024, payloadBytes: 0 };
/** Proxies linked at once; more are refused (each holds a session's worth of state). */
const MAX_LINKS = 64;
/** Connections waiting for their hello at once; past this, the one that has waited longest is closed. */
const MAX_WAITING = 64;
/** A paused message's text travels as the frame's payload; it is bounded by the proxy, and again here. */
const MAX_PAUSED_TEXT_BYTES = 8 * 1024 * 1024;

export interface ProxyEndpointDeps {
  dataDir: string;
  traffic: TrafficLog;
  sessions: ProxiedSessions;
  intercept: InterceptDesk;
  onNotice(notice: Notice): void;
}

function send(socket: Socket, message: CoreToProxy, payload?: Uint8Array): void {
  if (socket.destroyed) return;
  for (const part of encodeFrame(message, payload)) socket.write(part);
}

function secretMatches(expected: Buffer, given: unknown): boolean {
  if (typeof given !== 'string' || given.length !== expected.length * 2 || !/^[0-9a-f]+$/.test(given)) return false;
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

function isHello(value: unknown): value is SessionHello {
  const hello = value as Partial<SessionHello> | null;
  return (
    typeof hello === 'object' &&
    hello !== null &&
    typeof hello.name === 'string' &&
    (hello.transport === 'stdio' || hello.transport === 'http') &&
    typeof hello.target === 'string' &&
    typeof hello.pid === 'number' &&
    typeof hello.startedAt === 'number' &&
    (hello.listen === undefined || typeof hello.listen === 'string') &&
    (hello.earlierRecords === undefined || (Array.isArray(hello.earlierRecords) && hello.earlierRecords.every((id) => typeof id === 'string')))
  );
}

export class ProxyEndpoint {
  private readonly links = new Map<string, Socket>();
  /** Connections that have not sent their hello yet, oldest first. */
  private readonly waiting = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    private readonly secret: Buffer,
    private readonly deps: ProxyEndpointDeps,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /** Listens and announces the endpoint; a failure is a notice, never a failed start (the app works without proxies). */
  static async start(deps: ProxyEndpointDeps): Promise<ProxyEndpoint | undefined> {
    try {
      await prepareEndpointFolder(deps.dataDir);
      const { address, cleanup } = await chooseAddress(deps.dataDir);
      const secret = randomBytes(32);
      const server = createServer();
      const endpoint = new ProxyEndpoint(server, secret, deps, cleanup);
      server.on('connection', (socket) => endpoint.accept(socket));
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(address, () => resolve());
      });
      server.on('error', () => undefined);
      if (process.platform !== 'win32') await chmod(address, 0o600);
      await writeEndpoint(deps.dataDir, { protocol: LINK_PROTOCOL, address, secret: secret.toString('hex'), pid: process.pid });
      return endpoint;
    } catch (error) {
      deps.onNotice({
        id: 'proxy-endpoint',
        level: 'warning',
        message: `loupe proxy sessions cannot reach this window (${error instanceof Error ? error.message : String(error)}); proxies save their sessions to the data folder instead.`,
      });
      return undefined;
    }
  }

  /** Sends a message to one linked proxy; false when it is not linked. */
  send(sessionId: string, message: CoreToProxy): boolean {
    const socket = this.links.get(sessionId);
    if (!socket || socket.destroyed) return false;
    send(socket, message);
    return true;
  }

  broadcast(message: CoreToProxy): void {
    for (const socket of this.links.values()) send(socket, message);
  }

  async close(): Promise<void> {
    await removeEndpoint(this.deps.dataDir).catch(() => undefined);
    for (const socket of this.links.values()) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.cleanup().catch(() => undefined);
  }

  private accept(socket: Socket): void {
    socket.on('error', () => undefined);
    const refuse = (reason: string) => {
      send(socket, { t: 'refused', reason });
      socket.end();
    };
    if (this.links.size >= MAX_LINKS) return refuse(`Loupe already has ${MAX_LINKS} proxies linked.`);
    if (this.waiting.size >= MAX_WAITING) {
      const oldest = this.waiting.values().next().value!;
      this.waiting.delete(oldest);
      oldest.destroy();
    }
    this.waiting.add(socket);
    let linked: LinkedProxy | undefined;
    // A hello that arrived while this core was busy is read before the verdict: pending I/O runs
    // after the timers, before setImmediate.
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (!linked) socket.destroy();
        }),
      HELLO_TIMEOUT_MS,
    );
    let reader = new FrameReader((frame) => {
      if (linked) return linked.frame(frame);
      const hello = frame.header as Partial<Extract<ProxyToCore, { t: 'hello' }>>;
      if (hello.t !== 'hello' || !secretMatches(this.secret, hello.secret)) return void socket.destroy();
      if (hello.protocol !== LINK_PROTOCOL) return refuse(`This Loupe speaks link protocol ${LINK_PROTOCOL}, the proxy ${String(hello.protocol)}: use one version of Loupe for both.`);
      if (!isHello(hello.session)) return refuse("The proxy's hello does not describe its session.");
      clearTimeout(timer);
      this.waiting.delete(socket);
      if (this.links.size >= MAX_LINKS) return refuse(`Loupe already has ${MAX_LINKS} proxies linked.`);
      const session = this.deps.sessions.open(hello.session);
      linked = new LinkedProxy(session.id, socket, this.deps);
      this.links.set(session.id, socket);
      // Past the hello, frames may be as large as a line of the wire.
      reader = new FrameReader((next) => linked!.frame(next));
      send(socket, { t: 'welcome', sessionId: session.id, serverId: session.serverId, rules: this.deps.intercept.listRules() });
    }, HELLO_LIMITS);
    socket.on('data', (chunk: Buffer) => {
      try {
        reader.push(chunk);
      } catch (error) {
        if (linked && error instanceof FrameError) linked.note(`Loupe closed the link to this proxy: ${error.message}`);
        socket.destroy();
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (!linked) {
        this.waiting.delete(socket);
        return;
      }
      this.links.delete(linked.sessionId);
      linked.closed();
    });
  }
}

/** One linked proxy: records its events, acknowledges them once on disk, passes its control messages on. */
class LinkedProxy {
  private events = 0;
  private ackTimer: NodeJS.Timeout | undefined;
  private saidGoodbye = false;

  constructor(
    readonly sessionId: string,
    private readonly socket: Socket,
    private readonly deps: ProxyEndpointDeps,
  ) {}

  frame(frame: Frame): void {
    const event = eventOfFrame(frame);
    if (event) {
      this.deps.sessions.record(this.sessionId, event);
      this.countEvent();
      return;
    }
    const message = frame.header as Partial<ProxyToCore>;
    switch (message.t) {
      case 'paused': {
        const pause = message as Extract<ProxyToCore, { t: 'paused' }>;
        if (typeof pause.id !== 'string' || (pause.direction !== 'in' && pause.direction !== 'out') || typeof pause.ruleId !== 'string' || typeof pause.deadline !== 'number') {
          throw new FrameError('A "paused" message is missing a field.');
        }
        if (frame.payload.length > MAX_PAUSED_TEXT_BYTES) throw new FrameError('A paused message is over the size limit.');
        const serverId = this.deps.sessions.get(this.sessionId)?.serverId ?? this.sessionId;
        const method = typeof pause.method === 'string' ? { method: pause.method.slice(0, 256) } : {};
        this.deps.intercept.paused(this.sessionId, serverId, { id: pause.id, direction: pause.direction, ruleId: pause.ruleId, deadline: pause.deadline, ...method }, frame.payload.toString('utf8'));
        return;
      }
      case 'released': {
        const released = message as Extract<ProxyToCore, { t: 'released' }>;
        if (typeof released.id === 'string' && (released.status === 'timed-out' || released.status === 'released')) this.deps.intercept.released(this.sessionId, released.id, released.status);
        return;
      }
      case 'lost': {
        const lost = message as Extract<ProxyToCore, { t: 'lost' }>;
        if (typeof lost.count === 'number' && Number.isSafeInteger(lost.count) && lost.count >= 0) this.deps.sessions.setLost(this.sessionId, lost.count);
        return;
      }
      case 'intercepting': {
        const intercepting = message as Extract<ProxyToCore, { t: 'intercepting' }>;
        this.deps.sessions.setIntercepting(this.sessionId, intercepting.on === true);
        return;
      }
      case 'bye': {
        const bye = message as Extract<ProxyToCore, { t: 'bye' }>;
        this.saidGoodbye = true;
        this.deps.traffic.flushToDisk();
        this.deps.sessions.close(this.sessionId, { ended: true, ...(typeof bye.exit === 'string' ? { exit: bye.exit } : {}) });
        send(this.socket, { t: 'ack', through: this.events });
        return;
      }
      default:
        throw new FrameError(`An unknown message "${String(message.t)}".`);
    }
  }

  note(text: string): void {
    this.deps.sessions.record(this.sessionId, { type: 'note', time: Date.now(), text });
  }

  closed(): void {
    clearTimeout(this.ackTimer);
    this.deps.intercept.sessionGone(this.sessionId);
    if (!this.saidGoodbye) this.deps.sessions.close(this.sessionId, { ended: false });
  }

  private countEvent(): void {
    this.events++;
    // Acknowledged once the journal has written them: a proxy keeps what is not acknowledged, to save it itself if the app goes.
    this.ackTimer ??= setTimeout(() => {
      this.ackTimer = undefined;
      this.deps.traffic.flushToDisk();
      send(this.socket, { t: 'ack', through: this.events });
    }, JOURNAL_FLUSH_MS);
  }
}
