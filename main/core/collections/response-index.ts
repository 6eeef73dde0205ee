/** Which traffic entry answered a request: the runner links each run to its request and response. */
import type { TrafficEntry } from '../../../shared/traffic.js';

/** Answers remembered; a run asks right after its call, so a few thousand is plenty. */
const REMEMBERED = 4_096;

export class ResponseIndex {
  private readonly responses = new Map<number, number>();

  /** A traffic observer: call it with every recorded entry. */
  readonly observe = (entry: TrafficEntry): void => {
    if (entry.requestSeq === undefined || entry.direction !== 'in') return;
    this.responses.set(entry.requestSeq, entry.seq);
    if (this.responses.size > REMEMBERED) this.responses.delete(this.responses.keys().next().value!);
  };

  /** The response's seq and its message text as sent (the parsed message, stringified, where no text was kept). */
  responseOf(requestSeq: number | undefined, entry: (seq: number) => TrafficEntry | undefined): { seq: number; text: string } | undefined {
    const seq = requestSeq === undefined ? undefined : this.responses.get(requestSeq);
    const response = seq === undefined ? undefined : entry(seq);
    if (!response || seq === undefined) return undefined;
    const text = response.raw ?? (response.message !== undefined ? JSON.stringify(response.message) : undefined);
    return text === undefined ? undefined : { seq, text };
  }
}
