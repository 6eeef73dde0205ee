/**
 * A proxy's recorder thread: takes copies of the bytes as they passed, finds the lines and makes
 * wire events of them, and hands them to the session's record (the app, or the data folder). It
 * runs off the byte path: however slow the record, the bytes have already gone on.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Direction } from '../../shared/traffic.js';
import type { WireEvent } from '../core/proxy/wire-events.js';
import { DEFAULT_MAX_LINE_BYTES, LineSplitter } from '../core/transports/line-splitter.js';
import { DEFAULT_LINE_LIMITS } from '../core/transports/stdio-transport.js';
import type { FromRecorder, RecorderStart, ToRecorder, WireStream } from './recorder-protocol.js';
import { SessionRecord } from './session-record.js';

const start = workerData as RecorderStart;
const consumed = new BigInt64Array(start.consumed);
const port = parentPort!;
const post = (message: FromRecorder) => port.postMessage(message);

const record = new SessionRecord({
  dataDir: start.dataDir,
  hello: start.hello,
  onRules: (rules) => post({ type: 'rules', rules }),
  onDecide: (id, decision) => post({ type: 'decide', id, decision }),
  onAppGone: () => post({ type: 'appGone' }),
});

/** A long line's buffer is reused by its splitter: the event keeps a copy. */
const COPY_FROM_BYTES = 1024 * 1024;

const STREAMS: Record<WireStream, { direction: Direction; limit: number; who: string }> = {
  stdin: { direction: 'out', limit: DEFAULT_MAX_LINE_BYTES, who: 'the client' },
  stdout: { direction: 'in', limit: DEFAULT_LINE_LIMITS.stdoutBytes, who: 'the server' },
  stderr: { direction: 'in', limit: DEFAULT_LINE_LIMITS.stderrBytes, who: "the server's stderr" },
};

/** One stream's lines. After a gap, the rest of the broken line is skipped, up to its newline. */
class StreamLines {
  private splitter: LineSplitter;
  private skipToNewline = false;
  private time = 0;

  constructor(private readonly stream: WireStream) {
    this.splitter = this.newSplitter();
  }

  push(chunk: Buffer, time: number): void {
    this.time = time;
    if (this.skipToNewline) {
      const newline = chunk.indexOf(0x0a);
      if (newline < 0) return;
      this.skipToNewline = false;
      chunk = chunk.subarray(newline + 1);
    }
    this.splitter.push(chunk);
  }

  gap(): void {
    this.splitter = this.newSplitter();
    this.skipToNewline = true;
  }

  end(): void {
    this.splitter.end();
  }

  private newSplitter(): LineSplitter {
    const { direction, limit } = STREAMS[this.stream];
    return new LineSplitter(
      (line) => {
        const bytes = line.length >= COPY_FROM_BYTES ? Buffer.from(line) : line;
        record.event(this.stream === 'stderr' ? { type: 'stderr', time: this.time, bytes } : { type: 'line', direction, time: this.time, bytes });
      },
      {
        maxLineBytes: limit,
        onOversized: (preview, size) => record.event({ type: 'oversized', direction, stream: this.stream, time: this.time, preview: Buffer.from(preview), size, limit }),
      },
    );
  }
}

const lines: Record<WireStream, StreamLines> = { stdin: new StreamLines('stdin'), stdout: new StreamLines('stdout'), stderr: new StreamLines('stderr') };
const gaps: Record<WireStream, number> = { stdin: 0, stdout: 0, stderr: 0 };

function handle(message: ToRecorder): void {
  switch (message.type) {
    case 'chunks': {
      let offset = message.bytes.byteOffset;
      for (const { stream, time, length } of message.parts) {
        flushGap(stream, time);
        lines[stream].push(Buffer.from(message.bytes.buffer, offset, length), time);
        offset += length;
      }
      Atomics.add(consumed, 0, BigInt(message.bytes.length));
      return;
    }
    case 'gap':
      if (gaps[message.stream] === 0) lines[message.stream].gap();
      gaps[message.stream] += message.bytes;
      return;
    case 'line':
      record.event({ type: 'line', direction: message.direction, time: message.time, bytes: message.bytes });
      Atomics.add(consumed, 0, BigInt(message.bytes.length));
      return;
    case 'note':
      record.event({ type: 'note', time: message.time, text: message.text });
      return;
    case 'http':
      record.event({ type: 'http', time: message.time, exchange: message.exchange });
      return;
    case 'control':
      record.control(message.message, message.payload);
      return;
    case 'end':
      void finish(message.exit);
      return;
  }
}

/** The note that says where bytes went unrecorded, once recording goes on after them. */
function flushGap(stream: WireStream, time: number): void {
  const bytes = gaps[stream];
  if (bytes === 0) return;
  gaps[stream] = 0;
  const event: WireEvent = {
    type: 'note',
    time,
    text: `${bytes.toLocaleString('en')} bytes from ${STREAMS[stream].who} are not in the record here: the recorder fell behind. They passed through unchanged; the line they broke is left out.`,
  };
  record.event(event);
}

async function finish(exit?: string): Promise<void> {
  for (const stream of ['stdin', 'stdout', 'stderr'] as const) {
    flushGap(stream, performance.timeOrigin + performance.now());
    lines[stream].end();
  }
  await record.end(exit).catch(() => undefined);
  post({ type: 'done' });
}

// Messages that arrive while the record is starting wait in the record, in order.
port.on('message', handle);
void record.start();
