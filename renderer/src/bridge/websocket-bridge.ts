import type { EventName, EventPayload, ParamsArg, RequestName, RequestResult } from '../../../shared/contract';
import type { WireMessage, WireRequest } from '../../../shared/wire';
import { workerReplyParser, type ParseLargeReply } from './parse-off-thread';
import { BridgeError } from './bridge-error';
import { EventHub } from './event-hub';
import { LOST_CONNECTION_MESSAGE, type Bridge, type LinkLoss, type LinkState } from './types';

interface PendingCall {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

export function retryDelay(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_MS);
}

/** Asks the page's own address whether a host is there and still takes this tab; undefined when it does. */
export type ProbeHost = () => Promise<LinkLoss | undefined>;

/**
 * A HEAD of the page at `origin`, with the tab's cookie: a network failure means nothing answers
 * there; a 4xx means a host answers but not to this tab (another secret, or another host name).
 */
export function probeHostAt(origin: string, fetcher: typeof fetch = fetch): ProbeHost {
  return async () => {
    try {
      const response = await fetcher(new URL('/', origin), { method: 'HEAD', credentials: 'same-origin', cache: 'no-store', redirect: 'manual' });
      return response.status >= 400 && response.status < 500 ? 'refused' : undefined;
    } catch {
      return 'unreachable';
    }
  };
}

/**
 * Browser mode: the contract over one WebSocket. Authentication rides on the HttpOnly cookie
 * the host set when the page was opened. When the socket drops, every pending call is
 * rejected and the bridge reconnects with exponential back-off.
 */
export class WebSocketBridge implements Bridge {
  readonly kind = 'websocket';
  private socket: WebSocket | null = null;
  private nextId = 1;
  /** Requests sent and waiting for their response. */
  private readonly inFlight = new Map<number, PendingCall>();
  /** Requests made while the first socket was still connecting. */
  private queued: { request: WireRequest; call: PendingCall }[] = [];
  private readonly events = new EventHub();
  private readonly linkListeners = new Set<(state: LinkState) => void>();
  private link: LinkState = { status: 'connecting' };
  private failedAttempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly url: string,
    private readonly openSocket: (url: string) => WebSocket = (target) => new WebSocket(target),
    /** Fetches and parses a large reply the host stashed; a worker in the app, so the page does not stall. */
    private readonly parseLarge: ParseLargeReply = workerReplyParser(),
    /** Says why the link stays lost; without one, the banner cannot say more than "lost". */
    private readonly probeHost?: ProbeHost,
  ) {
    this.connect();
  }

  invoke<K extends RequestName>(name: K, ...params: ParamsArg<K>): Promise<RequestResult<K>> {
    return new Promise<RequestResult<K>>((resolve, reject) => {
      const call: PendingCall = { resolve: resolve as (value: unknown) => void, reject };
      const request: WireRequest = { type: 'request', id: this.nextId++, name, params: params[0] };
      const socket = this.socket;
      if (this.link.status === 'open' && socket?.readyState === WebSocket.OPEN) {
        this.send(socket, request, call);
      } else if (this.link.status === 'connecting') {
        this.queued.push({ request, call });
      } else {
        reject(new BridgeError({ message: LOST_CONNECTION_MESSAGE, code: 'link-lost' }));
      }
    });
  }

  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.events.on(name, listener);
  }

  getLinkState(): LinkState {
    return this.link;
  }

  onLinkStateChange(listener: (state: LinkState) => void): () => void {
    this.linkListeners.add(listener);
    return () => {
      this.linkListeners.delete(listener);
    };
  }

  reconnectNow(): void {
    if (this.link.status !== 'lost' || this.link.retryAt === null) return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  private connect(): void {
    this.retryTimer = undefined;
    if (this.link.status === 'lost') this.setLink({ ...this.link, retryAt: null });
    let socket: WebSocket;
    try {
      socket = this.openSocket(this.url);
    } catch (error) {
      console.error('Could not open the bridge socket', error);
      this.handleClose();
      return;
    }
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.failedAttempts = 0;
      this.setLink({ status: 'open' });
      const queued = this.queued;
      this.queued = [];
      for (const { request, call } of queued) this.send(socket, request, call);
    });
    socket.addEventListener('message', (event) => {
      if (this.socket === socket) this.handleMessage(event.data);
    });
    socket.addEventListener('close', () => {
      if (this.socket === socket) this.handleClose();
    });
  }

  private send(socket: WebSocket, request: WireRequest, call: PendingCall): void {
    this.inFlight.set(request.id, call);
    try {
      socket.send(JSON.stringify(request));
    } catch (error) {
      this.inFlight.delete(request.id);
      call.reject(new BridgeError({ message: error instanceof Error ? error.message : String(error), code: 'link-lost' }));
    }
  }

  private handleMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: WireMessage;
    try {
      message = JSON.parse(data) as WireMessage;
    } catch {
      console.warn('Ignored a bridge message that is not JSON');
      return;
    }
    this.deliver(message);
  }

  private deliver(message: WireMessage): void {
    if (message.type === 'event') {
      this.events.emit(message.name, message.payload);
      return;
    }
    if (message.type !== 'response') return;
    const call = this.inFlight.get(message.id);
    if (!call) return;
    this.inFlight.delete(message.id);
    if (!message.ok) call.reject(new BridgeError(message.error));
    else if ('fetch' in message) this.fetchLarge(message.fetch, call);
    else call.resolve(message.value);
  }

  /** A large value waits on the host; the parse worker fetches it. */
  private fetchLarge(url: string, call: PendingCall): void {
    this.parseLarge({ url }).then(call.resolve, (error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      call.reject(new BridgeError({ message: `The reply could not be read: ${detail}`, code: 'reply-lost' }));
    });
  }

  private handleClose(): void {
    this.socket = null;
    const lost = new BridgeError({ message: LOST_CONNECTION_MESSAGE, code: 'link-lost' });
    for (const call of this.inFlight.values()) call.reject(lost);
    this.inFlight.clear();
    for (const { call } of this.queued) call.reject(lost);
    this.queued = [];

    this.failedAttempts += 1;
    const delay = retryDelay(this.failedAttempts);
    const why = this.link.status === 'lost' ? this.link.why : undefined;
    this.setLink({ status: 'lost', attempt: this.failedAttempts, retryAt: Date.now() + delay, ...(why ? { why } : {}) });
    this.retryTimer = setTimeout(() => this.connect(), delay);
    this.explainLoss();
  }

  /** After a failed reconnect, asks the address what is there, for the banner to say. */
  private explainLoss(): void {
    if (!this.probeHost || this.failedAttempts < 2) return;
    const attempt = this.failedAttempts;
    void this.probeHost().then((why) => {
      if (this.link.status !== 'lost' || this.link.attempt !== attempt) return;
      const { why: _previous, ...rest } = this.link;
      this.setLink(why ? { ...rest, why } : rest);
    });
  }

  private setLink(state: LinkState): void {
    this.link = state;
    for (const listener of [...this.linkListeners]) listener(state);
  }
}
