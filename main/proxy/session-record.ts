/**
 * Where a proxied session's record goes: live to the running app when there is one, else into a
 * saved session of the proxy's own; it moves from one to the other as the app comes and goes. What
 * could be kept nowhere (a read-only data folder, a link that could not keep up) is counted, and
 * said in a note in the next record that works. Nothing here can stop the bytes: it runs in the
 * proxy's recorder thread, and every failure ends in a count, never an exception.
 */
import type { InterceptDecision, InterceptRule } from '../../shared/proxy.js';
import type { ProxiedSessionMark } from '../../shared/traffic.js';
import type { ProxyToCore, SessionHello } from '../core/proxy/link-messages.js';
import type { WireEvent } from '../core/proxy/wire-events.js';
import { AppLink } from './app-link.js';
import { LocalRecord } from './local-record.js';

/** How often a proxy without the app looks for it again. */
export const APP_RETRY_MS = 2_000;
/** Events held while the record moves between the app and the data folder. */
const MAX_HELD_EVENTS = 100_000;

export interface SessionRecordOptions {
  dataDir: string;
  hello: Omit<SessionHello, 'earlierRecords'>;
  /** The app's intercept rules (none while the app is not linked). */
  onRules(rules: InterceptRule[]): void;
  onDecide(id: string, decision: InterceptDecision): void;
  /** The app's link closed (paused messages must go on). */
  onAppGone(): void;
}

function now(): number {
  return performance.timeOrigin + performance.now();
}

export class SessionRecord {
  private link: AppLink | undefined;
  private local: LocalRecord | undefined;
  /** The data folder could not take a saved session: why. */
  private localProblem: string | undefined;
  /** Saved sessions this one wrote, for the app to name. */
  private readonly savedIds: string[] = [];
  /** While moving between records, events wait here in order. */
  private held: WireEvent[] | undefined = [];
  private lost = 0;
  private lossToSay: { count: number; reasons: Set<string> } | undefined;
  private retry: NodeJS.Timeout | undefined;
  private ending = false;
  private started: Promise<void> | undefined;
  private readonly mark: ProxiedSessionMark;

  constructor(private readonly options: SessionRecordOptions) {
    this.mark = { name: options.hello.name, target: options.hello.target, transport: options.hello.transport };
  }

  /** Links to the app or opens a saved session; resolves once events have somewhere to go (or nowhere can take them). */
  start(): Promise<void> {
    this.started ??= (async () => {
      if (!(await this.tryApp())) {
        await this.openLocal();
        this.scheduleRetry();
      }
      this.release();
    })();
    return this.started;
  }

  event(event: WireEvent): void {
    if (this.held) {
      if (this.held.length < MAX_HELD_EVENTS) this.held.push(event);
      else this.countLost(1, 'too many arrived while the record moved between Loupe and the data folder');
      return;
    }
    this.deliver(event);
  }

  /** Sends an intercept message to the app; false when no app is linked. */
  control(message: ProxyToCore, payload?: Uint8Array): boolean {
    if (!this.link?.live) return false;
    this.link.control(message, payload);
    return true;
  }

  /** Records the loss of events that never reached this thread (the recorder fell behind). */
  countLost(count: number, reason: string): void {
    this.lost += count;
    this.lossToSay ??= { count: 0, reasons: new Set() };
    this.lossToSay.count += count;
    this.lossToSay.reasons.add(reason);
  }

  async end(exit?: string): Promise<void> {
    await this.started;
    // A link that broke an instant ago, its close not yet handled: move its record here first.
    if (this.link && !this.link.live) await this.appLost();
    this.ending = true;
    clearTimeout(this.retry);
    if (this.held) this.release();
    if (exit !== undefined) this.deliver({ type: 'note', time: now(), text: exit });
    this.sayLoss();
    if (this.link) await this.link.close(exit);
    this.local?.close();
  }

  private deliver(event: WireEvent): void {
    this.sayLoss();
    if (this.link?.live) {
      if (!this.link.send(event)) this.countLost(1, 'Loupe did not take them in time');
      return;
    }
    if (this.link) {
      // The socket is already broken but its close has not run appLost yet: hold the event for it.
      this.held ??= [];
      this.held.push(event);
      return;
    }
    if (this.local && this.local.failed === undefined) {
      this.local.record(event);
      return;
    }
    this.countLost(1, this.local?.failed ?? this.localProblem ?? 'there was nowhere to record them');
  }

  /** A note on entries lost since the last one, in the record that works now. */
  private sayLoss(): void {
    const loss = this.lossToSay;
    if (!loss || !(this.link?.live || (this.local && this.local.failed === undefined))) return;
    this.lossToSay = undefined;
    const text = `${loss.count.toLocaleString('en')} ${loss.count === 1 ? 'entry is' : 'entries are'} missing from the record here: ${[...loss.reasons].join('; ')}. The bytes themselves passed between the client and the server unchanged.`;
    const note: WireEvent = { type: 'note', time: now(), text };
    if (this.link?.live) {
      this.link.send(note);
      this.link.control({ t: 'lost', count: this.lost });
    } else this.local!.record(note);
  }

  private async tryApp(): Promise<boolean> {
    const hello: SessionHello = { ...this.options.hello, ...(this.savedIds.length > 0 ? { earlierRecords: [...this.savedIds] } : {}) };
    const link = await AppLink.connect(this.options.dataDir, hello, {
      onRules: (rules) => this.options.onRules(rules),
      onDecide: (id, decision) => this.options.onDecide(id, decision),
      onLost: () => void this.appLost(),
    });
    if (!(link instanceof AppLink)) return false;
    this.link = link;
    this.options.onRules(link.rules);
    if (this.lost > 0) link.control({ t: 'lost', count: this.lost });
    return true;
  }

  private async openLocal(): Promise<void> {
    if (this.local && this.local.failed === undefined) return;
    try {
      this.local = await LocalRecord.open(this.options.dataDir, this.mark);
      this.savedIds.push(this.local.id);
      this.localProblem = undefined;
    } catch (error) {
      this.localProblem = `the data folder could not take a saved session (${error instanceof Error ? error.message : String(error)})`;
    }
  }

  /** The app went away: what it may not have saved is saved here, and the record goes on here. */
  private async appLost(): Promise<void> {
    const link = this.link;
    this.link = undefined;
    this.options.onRules([]);
    this.options.onAppGone();
    if (!link || this.ending) return;
    const unsaved = link.takeUnsaved();
    this.held ??= [];
    await this.openLocal();
    const held = this.held;
    this.held = undefined;
    const text = `Loupe went away (it was closed, killed or stopped answering). ${
      unsaved.events.length > 0 ? `The ${unsaved.events.length.toLocaleString('en')} entries before this note are the ones it had not confirmed saving; the` : 'The'
    } record goes on here.`;
    if (unsaved.uncertain > 0) this.countLost(unsaved.uncertain, 'Loupe had not confirmed saving them when it went away');
    for (const event of unsaved.events) this.deliver(event);
    this.deliver({ type: 'note', time: now(), text });
    for (const event of held ?? []) this.deliver(event);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.ending) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.retryApp(), APP_RETRY_MS);
    this.retry.unref();
  }

  private async retryApp(): Promise<void> {
    if (this.ending || this.link) return;
    this.held ??= [];
    const linked = await this.tryApp();
    if (linked && this.local) {
      this.local.record({ type: 'note', time: now(), text: 'Loupe is running again: the record of this session goes on there, live.' });
      this.local.close();
      this.local = undefined;
    }
    this.release();
    if (!linked) this.scheduleRetry();
  }

  private release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const event of held) this.deliver(event);
  }
}
