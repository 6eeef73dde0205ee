/**
 * One direction of a stdio proxy: bytes from a source go to a sink as they come, with the sink's
 * backpressure, and a copy of each chunk goes to the recorder after it has gone on. When intercept
 * rules are on, a line gate stands in between (see intercept-gate.ts); with none, a chunk is one
 * write and one hand-over, nothing else.
 */
import type { Readable, Writable } from 'node:stream';
import type { RecorderTap } from './recorder-tap.js';
import type { WireStream } from './recorder-protocol.js';

const NEWLINE = 0x0a;

/** What stands between source and sink while intercept rules are on. */
export interface LineGate {
  push(chunk: Buffer): void;
  /** The source ended: pass on what is held that is not paused; `then` once nothing is held back any more. */
  end(then: () => void): void;
}

export class Relay {
  private gate: LineGate | undefined;
  private waitingForDrain = false;
  /** Whether the last byte written ended a line: lines from elsewhere (an answer) go in only there. */
  private atLineStart = true;
  private readonly injected: Buffer[] = [];
  private ended = false;

  constructor(
    private readonly source: Readable,
    private readonly sink: Writable,
    readonly stream: WireStream,
    private readonly tap: RecorderTap,
    private readonly onEnd: () => void,
  ) {
    sink.on('error', () => undefined);
    source.on('data', (chunk: Buffer) => {
      if (this.gate) this.gate.push(chunk);
      else if (this.injected.length > 0) this.passAroundInjected(chunk);
      else this.write(chunk);
    });
    source.on('end', () => {
      this.ended = true;
      if (this.gate) this.gate.end(() => this.finish());
      else this.finish();
    });
    source.on('error', () => undefined);
  }

  /** Whether the line the gate is about to see starts at a line boundary. */
  get lineStart(): boolean {
    return this.atLineStart;
  }

  /** Puts a gate in (intercept rules on) or takes it out (undefined). */
  setGate(gate: LineGate | undefined): void {
    this.gate = gate;
  }

  /** Passes bytes on, and hands their copy to the recorder. */
  write(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.atLineStart = bytes[bytes.length - 1] === NEWLINE;
    if (!this.sink.destroyed && !this.sink.write(bytes) && !this.waitingForDrain) {
      this.waitingForDrain = true;
      this.source.pause();
      this.sink.once('drain', () => {
        this.waitingForDrain = false;
        this.source.resume();
      });
    }
    this.tap.chunk(this.stream, bytes);
  }

  /** Writes a whole line that did not come from the source (an answer), at the next line boundary. */
  inject(line: Buffer): void {
    if (this.atLineStart && this.injected.length === 0) this.write(line);
    else this.injected.push(line);
    if (this.ended) this.flushInjected();
  }

  /** The source's chunk, with the lines waiting to go in placed at its first line boundary. */
  private passAroundInjected(chunk: Buffer): void {
    if (this.atLineStart) {
      this.flushInjected();
      this.write(chunk);
      return;
    }
    const newline = chunk.indexOf(NEWLINE);
    if (newline < 0) {
      this.write(chunk);
      return;
    }
    this.write(chunk.subarray(0, newline + 1));
    this.flushInjected();
    this.write(chunk.subarray(newline + 1));
  }

  private flushInjected(): void {
    for (const line of this.injected.splice(0)) this.write(line);
  }

  private finish(): void {
    this.flushInjected();
    this.onEnd();
  }
}
