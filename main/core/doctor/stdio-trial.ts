import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { ProcessExit } from '../../../shared/connection.js';
import { DOCTOR_LIMITS } from '../../../shared/doctor.js';
import type { StdioTransportConfig } from '../../../shared/server-config.js';
import type { WireReport } from '../traffic/traffic-log.js';
import { createTransport } from '../transports/create-transport.js';
import type { RecordingStdioTransport } from '../transports/stdio-transport.js';
import { INITIALIZE_ID, initializeMessage } from './initialize-message.js';

export type InitializeOutcome =
  | { kind: 'answer'; message: JSONRPCMessage; ms: number }
  | { kind: 'exit'; exit: ProcessExit };

/**
 * The doctor's own start of a stdio server: Loupe's stdio transport (so every line is in the traffic
 * log) with a recorder that also keeps, for the checks, the stdout lines that are not JSON-RPC
 * before `initialize` is answered and the last stderr lines.
 */
export class StdioTrial {
  /** stdout lines that are not JSON-RPC, before the answer to initialize. */
  readonly strayStdout: string[] = [];
  strayStdoutCount = 0;
  readonly stderr: string[] = [];
  exit: ProcessExit | undefined;
  private answered = false;
  private readonly transport: RecordingStdioTransport;
  private readonly exited: Promise<ProcessExit>;

  constructor(config: StdioTransportConfig, recorder: WireReport) {
    const keep = (line: string) => {
      if (this.answered) return;
      this.strayStdoutCount += 1;
      if (this.strayStdout.length < DOCTOR_LIMITS.quotedLines) this.strayStdout.push(line.slice(0, DOCTOR_LIMITS.quotedLineChars));
    };
    // Every report goes on to the recorder; the doctor keeps what stdout and stderr said besides.
    // (A class instance's methods are on its prototype: spreading it would lose them.)
    const watching: WireReport = {
      message: (...args) => recorder.message(...args),
      note: (...args) => recorder.note(...args),
      http: (...args) => recorder.http(...args),
      httpRequestHeaders: (...args) => recorder.httpRequestHeaders(...args),
      noAnswer: (...args) => recorder.noAnswer(...args),
      endOpenRequests: (...args) => recorder.endOpenRequests(...args),
      schemaViolation: (...args) => recorder.schemaViolation(...args),
      malformed: (text, size, direction) => {
        if (direction !== 'out') keep(text);
        recorder.malformed(text, size, direction);
      },
      oversized: (stream, preview, size, problem, direction) => {
        if (stream === 'stdout') keep(preview);
        recorder.oversized(stream, preview, size, problem, direction);
      },
      stderr: (line) => {
        this.stderr.push(line.slice(0, DOCTOR_LIMITS.quotedLineChars));
        if (this.stderr.length > DOCTOR_LIMITS.quotedLines) this.stderr.shift();
        recorder.stderr(line);
      },
    };
    const created = createTransport(config, watching);
    if (created.type !== 'stdio') throw new Error('A stdio trial needs a stdio server.');
    this.transport = created.transport;
    this.exited = new Promise((resolve) => {
      this.transport.onexit = (exit) => {
        this.exit = exit;
        resolve(exit);
      };
    });
  }

  start(): Promise<void> {
    return this.transport.start();
  }

  /** Sends initialize; resolves with its answer or the process's exit, whichever comes first. */
  async initialize(clientVersion: string, signal: AbortSignal): Promise<InitializeOutcome> {
    const started = performance.now();
    const answer = new Promise<InitializeOutcome>((resolve) => {
      this.transport.onmessage = (message) => {
        if ('id' in message && message.id === INITIALIZE_ID && !('method' in message)) {
          this.answered = true;
          resolve({ kind: 'answer', message, ms: Math.round(performance.now() - started) });
        }
      };
    });
    const aborted = new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason instanceof Error ? signal.reason : new Error('Stopped.')), { once: true }));
    const exited = this.exited.then((exit): InitializeOutcome => ({ kind: 'exit', exit }));
    try {
      await this.transport.send(initializeMessage(clientVersion));
    } catch {
      // stdin is closed: the process is gone or going, and its exit says how.
      return Promise.race([exited, aborted]);
    }
    return Promise.race([answer, exited, aborted]);
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
