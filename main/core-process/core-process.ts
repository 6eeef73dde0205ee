import type { FromCoreProcess, ToCoreProcess } from './messages.js';

export interface CoreExit {
  code: number | null;
  signal: string | null;
  /** The last line the process wrote to stderr, for the sentence the user sees. */
  lastStderrLine?: string;
}

/** One running core process, as its supervisor sees it, whichever way it was started. */
export interface CoreProcess {
  readonly pid: number | undefined;
  /** Throws when the process is gone, or the message cannot be serialized or is too deep or too large to cross (process-crossing.ts). */
  send(message: ToCoreProcess): void;
  onMessage(listener: (message: FromCoreProcess) => void): void;
  /** Called once, after the process has exited. */
  onExit(listener: (exit: CoreExit) => void): void;
  /** Ends it at once (SIGKILL): for a core that no longer answers. */
  kill(): void;
}

export type LaunchCoreProcess = () => CoreProcess;

const MAX_LINE_CHARS = 300;
const KEPT_CHARS = 4_096;

/** Remembers the end of a process's stderr, so its last line can explain an exit. */
export class StderrTail {
  private tail = '';

  push(chunk: Buffer | string): void {
    this.tail = (this.tail + chunk.toString()).slice(-KEPT_CHARS);
  }

  lastLine(): string | undefined {
    const lines = this.tail.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0);
    const last = lines[lines.length - 1];
    if (last === undefined) return undefined;
    return last.length > MAX_LINE_CHARS ? `${last.slice(0, MAX_LINE_CHARS)}…` : last;
  }
}

/** One sentence for the user about a core process that went away. */
export function describeCoreExit(exit: CoreExit): string {
  const how = exit.signal ? `was stopped by ${exit.signal}` : exit.code === null ? 'stopped' : `exited with code ${exit.code}`;
  return `Loupe's core process ${how}${exit.lastStderrLine ? `. Its last words: ${exit.lastStderrLine}` : '.'}`;
}
