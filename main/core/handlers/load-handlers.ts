import type { RequestHandlers } from '../../../shared/contract.js';
import { LOAD_LIMITS, type LoadProgress, type LoadRunParams } from '../../../shared/load-run.js';
import { LoupeError } from '../../../shared/wire.js';
import type { ConnectionManager } from '../connections/connection-manager.js';
import { LoadRun } from '../load/load-run.js';

type LoadHandlers = Pick<RequestHandlers, 'load.run' | 'load.cancel'>;

/** The contract checks these at dispatch; in-process callers (the CLI) reach the handler directly. */
function checkLimits(params: LoadRunParams): void {
  const refuse = (message: string) => {
    throw new LoupeError(message, 'invalid-params');
  };
  if (!Number.isInteger(params.concurrency) || params.concurrency < 1 || params.concurrency > LOAD_LIMITS.maxConcurrency) refuse(`The concurrency must be a whole number from 1 to ${LOAD_LIMITS.maxConcurrency}.`);
  if (params.rate !== undefined && !(params.rate > 0 && params.rate <= LOAD_LIMITS.maxRate)) refuse(`The rate must be more than 0 and at most ${LOAD_LIMITS.maxRate} calls a second.`);
  if (!(params.durationS > 0 && params.durationS <= LOAD_LIMITS.maxDurationS)) refuse(`The duration must be more than 0 and at most ${LOAD_LIMITS.maxDurationS} seconds.`);
}

export function loadHandlers(connections: ConnectionManager, emit: (progress: LoadProgress) => void): LoadHandlers {
  const runs = new Map<string, LoadRun>();
  return {
    'load.run': async (params) => {
      checkLimits(params);
      if (runs.has(params.runId)) throw new LoupeError(`A load run named ${params.runId} is running already.`, 'invalid-params');
      const connection = connections.connected(params.serverId);
      const run = new LoadRun(
        params,
        {
          call: (callId) => connection.request('tools/call', { name: params.tool, arguments: params.arguments }, { callId }),
          cancel: (callId) => connections.cancel(callId, 'The load run stopped.'),
          connected: () => connection.state.status === 'connected',
        },
        emit,
      );
      runs.set(params.runId, run);
      try {
        return await run.run();
      } finally {
        runs.delete(params.runId);
      }
    },
    'load.cancel': async ({ runId }) => {
      runs.get(runId)?.cancel();
    },
  };
}
