import { errorMessage } from '../bridge/bridge-error';

/** How a call ended: the core's outcome, or why the bridge could not get one (e.g. the host went away). */
export type CallResult<O> = { outcome: O; error?: undefined } | { outcome?: undefined; error: string };

export interface CallSteps<O> {
  /** The call has an id and a start time: show it as under way. */
  start: (id: string, startedAt: number) => void;
  invoke: (id: string) => Promise<O>;
  /** It ended; `latest` is false when a newer call of the same key started meanwhile. */
  finish: (id: string, result: CallResult<O>, latest: boolean) => void;
}

export interface CallSlot<O> {
  call: (key: string, steps: CallSteps<O>) => Promise<void>;
}

/**
 * The one way a store runs a call to the core and shows it (`tools.call`, `prompts.get`,
 * `resources.read`): a fresh id, marked under way, then its outcome or the bridge's error in one
 * sentence, told whether it is still the latest for its key (a tool, a prompt, a URI).
 */
export function createCallSlot<O>(): CallSlot<O> {
  const latest = new Map<string, string>();
  return {
    async call(key, steps) {
      const id = crypto.randomUUID();
      latest.set(key, id);
      // Sent before it is shown as under way: showing it renders, and the request need not wait for that.
      let invoked: Promise<O>;
      try {
        invoked = steps.invoke(id);
      } catch (error) {
        invoked = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      steps.start(id, Date.now());
      let result: CallResult<O>;
      try {
        result = { outcome: await invoked };
      } catch (error) {
        result = { error: errorMessage(error) };
      }
      const isLatest = latest.get(key) === id;
      if (isLatest) latest.delete(key);
      steps.finish(id, result, isLatest);
    },
  };
}
