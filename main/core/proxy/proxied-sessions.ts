/**
 * The proxied sessions the running app shows: each `loupe proxy` linked to the core is one, a
 * server card marked proxied. Its wire events are recorded through the traffic log like any
 * connection's (so filters, details, export and the record on disk treat them alike), and the
 * real client's and server's identities are read from that traffic as it is recorded.
 */
import { randomBytes } from 'node:crypto';
import type { ProxiedPeer, ProxiedSession } from '../../../shared/proxy.js';
import type { TrafficEntry } from '../../../shared/traffic.js';
import type { TrafficLog } from '../traffic/traffic-log.js';
import type { SessionHello } from './link-messages.js';
import { peerOfEntry } from './session-identity.js';
import { recordWireEvent, type TimedRecorder, type WireEvent } from './wire-events.js';

/** Ended sessions kept for the list, newest last. */
const MAX_ENDED = 50;
const MAX_TEXT = 1000;

function samePeer(a: ProxiedPeer | undefined, b: ProxiedPeer): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

interface Session {
  state: ProxiedSession;
  target: TimedRecorder;
}

export class ProxiedSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly byServerId = new Map<string, Session>();

  constructor(
    private readonly traffic: TrafficLog,
    private readonly emit: (session: ProxiedSession) => void,
    /** A session started: its traffic is recorded under `serverId` (the record on disk names it). */
    private readonly onOpen: (session: ProxiedSession) => void = () => undefined,
  ) {
    traffic.observe((entry) => {
      const session = this.byServerId.get(entry.serverId);
      if (session) this.learn(session, entry);
    });
  }

  /** A proxy linked: its session starts (as live). */
  open(hello: SessionHello): ProxiedSession {
    const id = `proxy-${randomBytes(8).toString('hex')}`;
    let time = Date.now();
    const recorder = this.traffic.recorderFor(id, id, undefined, () => time);
    const state: ProxiedSession = {
      id,
      serverId: id,
      name: hello.name.slice(0, MAX_TEXT),
      transport: hello.transport,
      target: hello.target.slice(0, MAX_TEXT),
      ...(hello.listen !== undefined ? { listen: hello.listen.slice(0, MAX_TEXT) } : {}),
      pid: hello.pid,
      status: 'live',
      startedAt: hello.startedAt,
      ...(hello.earlierRecords?.length ? { earlierRecords: hello.earlierRecords.slice(0, 100) } : {}),
      lostEntries: 0,
      intercepting: false,
    };
    const session: Session = { state, target: { recorder, setTime: (at) => (time = at) } };
    this.sessions.set(id, session);
    this.byServerId.set(id, session);
    this.trimEnded();
    this.onOpen({ ...state });
    this.emit({ ...state });
    return { ...state };
  }

  record(sessionId: string, event: WireEvent): void {
    const session = this.sessions.get(sessionId);
    if (session?.state.status === 'live') recordWireEvent(session.target, event);
  }

  setLost(sessionId: string, count: number): void {
    const session = this.sessions.get(sessionId);
    if (!session || session.state.lostEntries === count) return;
    session.state.lostEntries = count;
    this.emit({ ...session.state });
  }

  setIntercepting(sessionId: string, on: boolean): void {
    const session = this.sessions.get(sessionId);
    if (!session || session.state.intercepting === on) return;
    session.state.intercepting = on;
    this.emit({ ...session.state });
  }

  /** The proxy's link closed: `ended` when it said goodbye, `lost` when it went without a word. */
  close(sessionId: string, how: { ended: true; exit?: string } | { ended: false }): void {
    const session = this.sessions.get(sessionId);
    if (!session || session.state.status !== 'live') return;
    if (!how.ended) {
      session.target.setTime(Date.now());
      session.target.recorder.note('The link to this loupe proxy closed without a goodbye: the proxy was killed or lost its way to Loupe. It goes on passing bytes; what it records from now on is in a saved session of its own.');
    }
    session.state.status = how.ended ? 'ended' : 'lost';
    session.state.intercepting = false;
    session.state.endedAt = Date.now();
    if (how.ended && how.exit !== undefined) session.state.exit = how.exit.slice(0, MAX_TEXT);
    this.byServerId.delete(session.state.serverId);
    this.emit({ ...session.state });
  }

  list(): ProxiedSession[] {
    return [...this.sessions.values()].map((session) => ({ ...session.state }));
  }

  get(sessionId: string): ProxiedSession | undefined {
    const state = this.sessions.get(sessionId)?.state;
    return state ? { ...state } : undefined;
  }

  private learn(session: Session, entry: TrafficEntry): void {
    const found = peerOfEntry(entry);
    if (!found) return;
    if (samePeer(session.state[found.side], found.peer)) return;
    // A 2026-07-28 client repeats its `_meta` on every request: the first is the one shown, unless the era changes.
    if (found.side === 'client' && session.state.client?.era === found.peer.era && found.peer.era === 'modern') return;
    session.state[found.side] = found.peer;
    this.emit({ ...session.state });
  }

  private trimEnded(): void {
    const ended = [...this.sessions.values()].filter((session) => session.state.status !== 'live');
    for (const session of ended.slice(0, Math.max(0, ended.length - MAX_ENDED))) this.sessions.delete(session.state.id);
  }
}
