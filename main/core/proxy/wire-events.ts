/**
 * What a `loupe proxy` saw on the wire, as events: the one shape both its records take (streamed
 * to the running app's core, or written by the proxy itself to the data folder), and the one place
 * (`recordWireEvent`) that turns them into traffic entries through a WireReport, so a
 * proxied session's entries are built exactly like a connection's own.
 */
import type { HttpExchange } from '../../../shared/auth.js';
import type { Direction } from '../../../shared/traffic.js';
import type { WireReport } from '../traffic/traffic-log.js';
import { oversizedProblem } from '../transports/line-splitter.js';

export type WireEvent =
  /** One line as read (without its newline): stdio stdout/stdin, or an HTTP body or event's JSON-RPC text. */
  | { type: 'line'; direction: Direction; time: number; bytes: Uint8Array }
  | { type: 'stderr'; time: number; bytes: Uint8Array }
  /** A line over the length limit: its start and its whole length. */
  | { type: 'oversized'; direction: Direction; stream: 'stdout' | 'stderr' | 'stdin'; time: number; preview: Uint8Array; size: number; limit: number }
  /** What the proxy itself did or could not do, in one sentence. */
  | { type: 'note'; time: number; text: string; violation?: string }
  | { type: 'http'; time: number; exchange: HttpExchange };

/** Something that can take a wire event's time as the time of the entries it records. */
export interface TimedRecorder {
  recorder: WireReport;
  /** Sets the time the next entries get. */
  setTime(time: number): void;
}

const decoder = new TextDecoder();

/** Records one wire event as the entries a connection would have: parsed messages, malformed lines, stderr, notes. */
export function recordWireEvent(target: TimedRecorder, event: WireEvent): void {
  const { recorder } = target;
  target.setTime(event.time);
  switch (event.type) {
    case 'line': {
      const text = decoder.decode(event.bytes);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        if (text.trim() !== '') recorder.malformed(text, event.bytes.length, event.direction);
        return;
      }
      recorder.message(event.direction, value, event.bytes.length, text);
      return;
    }
    case 'stderr':
      recorder.stderr(decoder.decode(event.bytes));
      return;
    case 'oversized':
      recorder.oversized(event.stream === 'stderr' ? 'stderr' : 'stdout', decoder.decode(event.preview), event.size, oversizedProblem(event.stream, event.size, event.limit), event.direction);
      return;
    case 'note':
      recorder.note(event.text, event.violation);
      return;
    case 'http':
      recorder.http(event.exchange);
      return;
  }
}
