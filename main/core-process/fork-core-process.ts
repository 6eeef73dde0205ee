import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { assertCrossable } from '../core/base/process-crossing.js';
import { StderrTail, type CoreProcess } from './core-process.js';
import type { FromCoreProcess } from './messages.js';

const STDERR_DRAIN_MS = 500;

/** The compiled entry point, next to this file in dist/. */
export const CORE_PROCESS_ENTRY = fileURLToPath(new URL('./core-process-main.js', import.meta.url));

/** Browser mode's core: a Node child process, spoken to over Node's IPC channel. */
export function forkCoreProcess(entry: string = CORE_PROCESS_ENTRY): CoreProcess {
  const child = fork(entry, [], {
    serialization: 'advanced',
    // The host's stdout carries the URL line scripts read: the core's output goes to stderr.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    execArgv: [],
  });
  const stderr = new StderrTail();
  child.stdout?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk);
    process.stderr.write(chunk);
  });
  // A failed send shows up as the process's exit; nothing else to do with it here.
  child.on('error', () => undefined);
  return {
    pid: child.pid,
    send(message) {
      if (!child.connected) throw new Error('The core process is gone.');
      assertCrossable(message);
      child.send(message);
    },
    onMessage: (listener) => child.on('message', (message) => listener(message as FromCoreProcess)),
    onExit: (listener) => {
      let reported = false;
      const report = (code: number | null, signal: NodeJS.Signals | null) => {
        if (reported) return;
        reported = true;
        const lastStderrLine = stderr.lastLine();
        listener({ code, signal, ...(lastStderrLine ? { lastStderrLine } : {}) });
      };
      // 'close' comes once stderr is drained, so the last line is there; a stream some grandchild
      // still holds open must not delay the news.
      child.once('close', report);
      child.once('exit', (code, signal) => setTimeout(() => report(code, signal), STDERR_DRAIN_MS).unref());
    },
    kill: () => {
      child.kill('SIGKILL');
    },
  };
}
