/**
 * A proxied session saved by the proxy itself, when the app is not running (or went away): a
 * session folder of its own under the data folder's `traffic/`, written with the app's own journal
 * and entry builder, so the app lists it under Sessions… later like any other. The proxy writes
 * nothing else in the data folder, takes no lock, and keeps only its own session within the disk
 * budget (the app's sessions, and the app's budget decisions, are the app's).
 */
import { randomBytes } from 'node:crypto';
import type { ProxiedSessionMark } from '../../shared/traffic.js';
import { TrafficLog } from '../core/traffic/traffic-log.js';
import { TrafficSessions } from '../core/traffic/traffic-sessions.js';
import { recordWireEvent, type TimedRecorder, type WireEvent } from '../core/proxy/wire-events.js';

/** The proxy keeps no history in memory: entries go to disk and are let go. */
const RETENTION = { maxEntries: 1_000, maxBytes: 16 * 1024 * 1024 };

export class LocalRecord {
  private constructor(
    private readonly sessions: TrafficSessions,
    private readonly traffic: TrafficLog,
    private readonly target: TimedRecorder,
    /** Set by the journal when writing fails. */
    private readonly state: { failure?: string },
  ) {}

  /** Opens a new session folder; throws (one sentence) when the data folder cannot be written. */
  static async open(dataDir: string, mark: ProxiedSessionMark): Promise<LocalRecord> {
    const state: { failure?: string } = {};
    const sessions = await TrafficSessions.open(
      dataDir,
      (notice) => {
        if (notice.id === 'traffic-journal-failed') state.failure = notice.message;
      },
      new Date(),
      { proxied: mark },
    );
    const traffic = new TrafficLog(() => undefined, RETENTION, sessions.journal);
    const id = `proxy-${randomBytes(8).toString('hex')}`;
    let time = Date.now();
    const recorder = traffic.recorderFor(id, id, undefined, () => time);
    return new LocalRecord(sessions, traffic, { recorder, setTime: (at) => (time = at) }, state);
  }

  /** The saved session's id (its folder name). */
  get id(): string {
    return this.sessions.currentId;
  }

  /** Why it stopped saving (disk full, folder removed), once it has. */
  get failed(): string | undefined {
    return this.state.failure;
  }

  record(event: WireEvent): void {
    recordWireEvent(this.target, event);
  }

  close(): void {
    this.traffic.flush();
    this.sessions.close();
  }
}
