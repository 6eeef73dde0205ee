import { utilityProcess } from 'electron';
import { assertCrossable } from '../core/base/process-crossing.js';
import { StderrTail, type CoreProcess } from '../core-process/core-process.js';
import type { FromCoreProcess } from '../core-process/messages.js';

/**
 * The desktop app's core: an Electron utilityProcess, so a server that blocks or crashes the core
 * never freezes or kills the main process and its window.
 */
export function launchUtilityCore(entry: string): CoreProcess {
  const child = utilityProcess.fork(entry, [], { serviceName: 'MCP Loupe core', stdio: 'pipe' });
  const stderr = new StderrTail();
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(chunk));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr.push(chunk);
    process.stderr.write(chunk);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  return {
    get pid() {
      return child.pid;
    },
    send(message) {
      if (exited) throw new Error('The core process is gone.');
      assertCrossable(message);
      child.postMessage(message);
    },
    onMessage: (listener) => child.on('message', (message: unknown) => listener(message as FromCoreProcess)),
    onExit: (listener) => {
      child.once('exit', (code: number) => {
        const lastStderrLine = stderr.lastLine();
        // utilityProcess reports a code only; a crash shows as a non-zero one.
        listener({ code, signal: null, ...(lastStderrLine ? { lastStderrLine } : {}) });
      });
    },
    kill: () => {
      child.kill();
    },
  };
}
