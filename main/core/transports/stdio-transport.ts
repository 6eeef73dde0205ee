import type { ChildProcess } from 'node:child_process';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { ProcessExit } from '../../../shared/connection.js';
import { classifyMessage, isDeliverable } from '../traffic/classify-message.js';
import type { WireReport } from '../traffic/traffic-log.js';
import { DEFAULT_MAX_LINE_BYTES, LineSplitter, OVERSIZED_PREVIEW_BYTES, oversizedProblem } from './line-splitter.js';
import { standInForTooDeep } from './too-deep.js';
import { forgetTree, signalTree, spawnTree, treeAlive } from './process-tree.js';

export interface StdioLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

const STDERR_TAIL_LINES = 20;

/** How long a line may be; longer ones are recorded as their start and length, and skipped. */
export interface LineLimits {
  stdoutBytes: number;
  stderrBytes: number;
}

export const DEFAULT_LINE_LIMITS: LineLimits = { stdoutBytes: DEFAULT_MAX_LINE_BYTES, stderrBytes: 1024 * 1024 };

const CLOSE_GRACE_MS = 2_000;

/**
 * An MCP stdio client transport that owns the child process and records its wire exactly:
 * unlike the SDK's transport it keeps stdout lines that are not JSON-RPC (as malformed
 * entries), unpacks JSON-RPC batches, records stderr, and splits lines in linear time.
 */
export class RecordingStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Called once when the process has exited and its pipes are closed. */
  onexit?: (exit: ProcessExit) => void;

  private child: ChildProcess | undefined;
  private readonly stderrTail: string[] = [];
  private exitInfo: ProcessExit | undefined;
  private exited: Promise<void> | undefined;
  private closing = false;

  constructor(
    private readonly launch: StdioLaunch,
    private readonly recorder: WireReport,
    private readonly limits: LineLimits = DEFAULT_LINE_LIMITS,
  ) {}

  get exit(): ProcessExit | undefined {
    return this.exitInfo;
  }

  /**
   * The child's pid. With `stderr` it marks this transport as a stdio transport for the SDK, which
   * then treats a silent or closed `server/discover` probe as a 2025 server, as it should on a pipe.
   */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Always null: Loupe reads stderr itself and records it. */
  get stderr(): null {
    return null;
  }

  get recentStderr(): string[] {
    return [...this.stderrTail];
  }

  async start(): Promise<void> {
    if (this.child) throw new Error('The stdio transport is already started.');
    const child = spawnTree(this.launch.command, this.launch.args, {
      env: this.launch.env,
      cwd: this.launch.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    this.child = child;

    const stdout = new LineSplitter((line) => this.handleStdoutLine(line), {
      maxLineBytes: this.limits.stdoutBytes,
      onOversized: (preview, bytes) => this.recordOversized('stdout', preview, bytes, this.limits.stdoutBytes),
    });
    const stderr = new LineSplitter((line) => this.handleStderrLine(line.toString('utf8')), {
      maxLineBytes: this.limits.stderrBytes,
      onOversized: (preview, bytes) => this.recordOversized('stderr', preview, bytes, this.limits.stderrBytes),
    });
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stdout?.on('end', () => {
      stdout.end();
      this.stdoutEnded();
    });
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stderr?.on('end', () => stderr.end());
    child.stdin?.on('error', (error) => this.onerror?.(error));

    this.exited = new Promise((resolve) => {
      child.on('close', (code, signal) => {
        this.exitInfo = { code, signal, stderrTail: this.recentStderr };
        this.onexit?.(this.exitInfo);
        this.onclose?.();
        resolve();
      });
    });

    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (error) => reject(error));
    });
    child.on('error', (error) => this.onerror?.(error));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || !stdin.writable) throw new Error('The server process is not running.');
    const text = JSON.stringify(message);
    const line = `${text}\n`;
    this.recorder.message('out', message, Buffer.byteLength(line, 'utf8'), text);
    if (!stdin.write(line)) {
      await new Promise<void>((resolve) => stdin.once('drain', () => resolve()));
    }
  }

  /**
   * Ends the server: stdin closes first (the polite way for stdio servers), then SIGTERM, then
   * SIGKILL, each to the whole process tree. What the server started and left behind (a wrapper's
   * child) is stopped too, even when the server itself exited on its own.
   */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.closing) return;
    this.closing = true;
    const pid = child.pid;
    if (!this.exitInfo) {
      child.stdin?.end();
      if (!(await this.waitForExit(CLOSE_GRACE_MS))) {
        if (pid !== undefined) signalTree(pid, 'SIGTERM');
        else child.kill('SIGTERM');
        if (!(await this.waitForExit(CLOSE_GRACE_MS))) {
          if (pid !== undefined) signalTree(pid, 'SIGKILL');
          else child.kill('SIGKILL');
          await this.waitForExit(CLOSE_GRACE_MS);
        }
      }
    }
    if (pid !== undefined) await this.stopLeftovers(pid);
  }

  /** Processes of the server's group still running after it exited: asked to stop, then killed. */
  private async stopLeftovers(pid: number): Promise<void> {
    if (treeAlive(pid)) {
      signalTree(pid, 'SIGTERM');
      for (let waited = 0; waited < CLOSE_GRACE_MS && treeAlive(pid); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      if (treeAlive(pid)) signalTree(pid, 'SIGKILL');
    }
    forgetTree(pid);
  }

  private async waitForExit(ms: number): Promise<boolean> {
    if (!this.exited) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const result = await Promise.race([this.exited.then(() => true as const), timeout]);
    clearTimeout(timer);
    return result;
  }

  /**
   * stdout is the protocol channel: once it ends, nothing more can arrive. A process that keeps
   * running without it is stopped, so the connection does not look alive when it is not.
   */
  private stdoutEnded(): void {
    if (this.exitInfo || this.closing) return;
    this.recorder.note('The server closed its stdout but its process kept running, so Loupe stopped the process.');
    void this.close();
  }

  private recordOversized(stream: 'stdout' | 'stderr', preview: Buffer, bytes: number, limit: number): void {
    this.recorder.oversized(stream, preview.toString('utf8'), bytes, oversizedProblem(stream, bytes, limit));
  }

  private handleStdoutLine(line: Buffer): void {
    // Nothing a server writes may throw out of the transport: a line that cannot be handled is kept as it came.
    try {
      this.deliverStdoutLine(line);
    } catch (error) {
      this.recorder.malformed(line.subarray(0, OVERSIZED_PREVIEW_BYTES).toString('utf8'), line.length);
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private deliverStdoutLine(line: Buffer): void {
    const text = line.toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      if (text.trim() !== '') this.recorder.malformed(text, line.length);
      return;
    }
    const cls = this.recorder.message('in', value, line.length, text);
    if (cls.tooDeep) {
      const standIn = standInForTooDeep(cls);
      if (standIn) this.onmessage?.(standIn);
      return;
    }
    if (Array.isArray(value)) {
      for (const message of value) {
        if (isDeliverable(classifyMessage(message).kind)) this.onmessage?.(message as JSONRPCMessage);
      }
    } else if (isDeliverable(cls.kind)) {
      this.onmessage?.(value as JSONRPCMessage);
    }
  }

  private handleStderrLine(line: string): void {
    this.recorder.stderr(line);
    this.stderrTail.push(line);
    if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
  }
}
