/**
 * A proxy's link to the running app's core (see main/core/proxy/proxy-endpoint.ts): found through
 * the data folder, authenticated with the endpoint's secret. Wire events are streamed as frames and
 * kept until the core says they are on disk, so that if the app goes away, what it may not have
 * saved can be saved by the proxy itself. Nothing here ever blocks: a link that cannot keep up
 * refuses events (they are counted as lost), and a link that stops answering is dropped.
 */
import { connect, type Socket } from 'node:net';
import { LINK_PROTOCOL, readEndpoint } from '../core/proxy/endpoint-file.js';
import { eventFrame, type CoreToProxy, type ProxyToCore, type SessionHello } from '../core/proxy/link-messages.js';
import { encodeFrame, FrameReader } from '../core/proxy/proxy-frames.js';
import type { WireEvent } from '../core/proxy/wire-events.js';

const CONNECT_TIMEOUT_MS = 3_000;
/** Bytes written to the socket but not yet taken by the core: past this, events are refused. */
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;
/** Events kept until acknowledged: past this, the oldest are let go (and counted as uncertain). */
const MAX_UNACKED_BYTES = 64 * 1024 * 1024;
/** A core that acknowledges nothing for this long while events wait is taken as hung. */
const ACK_TIMEOUT_MS = 10_000;

export interface AppLinkHandlers {
  onRules(rules: Extract<CoreToProxy, { t: 'rules' }>['rules']): void;
  onDecide(id: string, decision: Extract<CoreToProxy, { t: 'decide' }>['decision']): void;
  /** The link closed without `close()` being called: the app was killed, hung or quit. */
  onLost(): void;
}

function eventBytes(event: WireEvent): number {
  switch (event.type) {
    case 'line':
    case 'stderr':
      return event.bytes.length;
    case 'oversized':
      return event.preview.length;
    case 'note':
    case 'http':
      return 1024;
  }
}

export class AppLink {
  /** Events sent and not yet acknowledged, with their numbers. */
  private unacked: Array<{ number: number; event: WireEvent; bytes: number }> = [];
  private unackedBytes = 0;
  private sent = 0;
  private acked = 0;
  /** Unacknowledged events let go because too many waited: they may or may not be in the app's record. */
  private uncertain = 0;
  private lastAck = Date.now();
  private closing = false;
  private finalAck: (() => void) | undefined;
  private corked = false;
  private readonly watchdog: NodeJS.Timeout;

  private constructor(
    private readonly socket: Socket,
    readonly sessionId: string,
    readonly rules: Extract<CoreToProxy, { t: 'welcome' }>['rules'],
    private readonly handlers: AppLinkHandlers,
  ) {
    this.watchdog = setInterval(() => {
      if (this.unacked.length > 0 && Date.now() - this.lastAck > ACK_TIMEOUT_MS) socket.destroy();
    }, 1_000);
    this.watchdog.unref();
    socket.on('close', () => {
      clearInterval(this.watchdog);
      this.finalAck?.();
      if (!this.closing) handlers.onLost();
    });
  }

  /** Links to the running app, or says in one sentence why it could not. */
  static async connect(dataDir: string, hello: SessionHello, handlers: AppLinkHandlers): Promise<AppLink | { missing: string }> {
    const endpoint = await readEndpoint(dataDir);
    if ('missing' in endpoint) return endpoint;
    if (endpoint.protocol !== LINK_PROTOCOL) return { missing: `The running Loupe speaks link protocol ${endpoint.protocol}, this proxy ${LINK_PROTOCOL}.` };
    return new Promise((resolve) => {
      const socket = connect(endpoint.address);
      let link: AppLink | undefined;
      let settled = false;
      const settle = (value: AppLink | { missing: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (!(value instanceof AppLink)) socket.destroy();
        resolve(value);
      };
      const timer = setTimeout(() => settle({ missing: 'Loupe did not answer.' }), CONNECT_TIMEOUT_MS);
      socket.on('error', (error) => settle({ missing: `Loupe could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message}).` }));
      socket.on('close', () => settle({ missing: 'Loupe closed the link.' }));
      const reader = new FrameReader((frame) => {
        const message = frame.header as CoreToProxy;
        if (!link) {
          if (message.t === 'welcome') {
            link = new AppLink(socket, message.sessionId, message.rules, handlers);
            settle(link);
          } else if (message.t === 'refused') settle({ missing: `Loupe refused the link: ${message.reason}` });
          return;
        }
        link.receive(message);
      });
      socket.on('data', (chunk: Buffer) => {
        try {
          reader.push(chunk);
        } catch {
          socket.destroy();
        }
      });
      socket.on('connect', () => {
        for (const part of encodeFrame({ t: 'hello', secret: endpoint.secret, protocol: LINK_PROTOCOL, session: hello } satisfies ProxyToCore)) socket.write(part);
      });
    });
  }

  get live(): boolean {
    return !this.socket.destroyed;
  }

  /** Sends an event; false when the link is too far behind to take it (the caller counts it lost). */
  send(event: WireEvent): boolean {
    if (this.socket.destroyed || this.socket.writableLength > MAX_BACKLOG_BYTES) return false;
    if (this.unacked.length === 0) this.lastAck = Date.now();
    this.writeCorked(eventFrame(event));
    const bytes = eventBytes(event);
    this.unacked.push({ number: ++this.sent, event, bytes });
    this.unackedBytes += bytes;
    while (this.unackedBytes > MAX_UNACKED_BYTES && this.unacked.length > 1) {
      this.unackedBytes -= this.unacked.shift()!.bytes;
      this.uncertain++;
    }
    return true;
  }

  control(message: ProxyToCore, payload?: Uint8Array): void {
    if (this.socket.destroyed) return;
    this.writeCorked(encodeFrame(message, payload));
  }

  /** Everything written in one turn leaves in one write (the frames of a burst, and each frame's parts). */
  private writeCorked(parts: Buffer[]): void {
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    for (const part of parts) this.socket.write(part);
  }

  /** What the app may not have saved: events it never acknowledged, and how many more were let go unacknowledged. */
  takeUnsaved(): { events: WireEvent[]; uncertain: number } {
    const events = this.unacked.map((item) => item.event);
    this.unacked = [];
    this.unackedBytes = 0;
    return { events, uncertain: this.uncertain };
  }

  /** Says goodbye and waits (briefly) for the app to acknowledge everything. */
  async close(exit?: string): Promise<void> {
    this.closing = true;
    clearInterval(this.watchdog);
    if (this.socket.destroyed) return;
    const acknowledged = new Promise<void>((resolve) => (this.finalAck = resolve));
    this.control({ t: 'bye', ...(exit !== undefined ? { exit } : {}) });
    await Promise.race([acknowledged, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    this.socket.end();
  }

  private receive(message: CoreToProxy): void {
    switch (message.t) {
      case 'ack':
        this.acknowledge(message.through);
        if (this.closing && this.acked >= this.sent) this.finalAck?.();
        return;
      case 'rules':
        this.handlers.onRules(message.rules);
        return;
      case 'decide':
        this.handlers.onDecide(message.id, message.decision);
        return;
      case 'welcome':
      case 'refused':
        return;
    }
  }

  private acknowledge(through: number): void {
    this.lastAck = Date.now();
    this.acked = Math.max(this.acked, through);
    while (this.unacked.length > 0 && this.unacked[0]!.number <= this.acked) this.unackedBytes -= this.unacked.shift()!.bytes;
  }
}
