import type { AppWireRecord } from '../../../../../shared/apps';

/** Records held while a send is under way; past this, the oldest are replaced by a count. */
const MAX_PENDING = 2_000;

/**
 * Sends an app's records to the core's traffic log in batches (at most one request at a time),
 * so a flood of messages never becomes a flood of bridge requests.
 */
export class RecordQueue {
  private pending: AppWireRecord[] = [];
  private lost = 0;
  private sending = false;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(private readonly send: (records: AppWireRecord[]) => Promise<void>) {}

  push(record: AppWireRecord): void {
    if (this.pending.length >= MAX_PENDING) {
      this.lost++;
      return;
    }
    this.pending.push(record);
    if (!this.sending) queueMicrotask(() => void this.flush());
  }

  /** Resolves once every record pushed so far is sent (or given up with the core), a send under way included. */
  async drain(): Promise<void> {
    while (this.sending || this.pending.length > 0 || this.lost > 0) {
      if (this.sending) await this.inFlight;
      else await this.flush();
    }
  }

  /** Sends what is pending, unless a send is under way (which sends the rest after it). */
  flush(): Promise<void> {
    if (this.sending || (this.pending.length === 0 && this.lost === 0)) return Promise.resolve();
    this.inFlight = this.sendPending();
    return this.inFlight;
  }

  private async sendPending(): Promise<void> {
    this.sending = true;
    const batch = this.pending;
    this.pending = [];
    if (this.lost > 0) {
      batch.push({ direction: 'in', text: `${this.lost} more messages`, violation: `Loupe could not record ${this.lost} messages of the app: it sent them faster than they could be logged.` });
      this.lost = 0;
    }
    try {
      await this.send(batch);
    } catch {
      // The core is down or restarting: these records are lost with its log.
    } finally {
      this.sending = false;
      if (this.pending.length > 0) queueMicrotask(() => void this.flush());
    }
  }
}
