import { getEventListeners } from 'node:events';

/** Idle controllers kept for reuse; more are simply let go. */
const MAX_IDLE = 64;

/**
 * AbortControllers for requests, reused. Node takes several microseconds to make an AbortSignal,
 * about as long as the rest of Loupe's bookkeeping for a call, and nearly every call ends without
 * being aborted. A controller is taken back only when its signal never fired and nothing listens
 * to it any more, so a reused one cannot be told from a new one.
 */
export class AbortPool {
  private readonly idle: AbortController[] = [];

  take(): AbortController {
    return this.idle.pop() ?? new AbortController();
  }

  /** Hands a controller back once its request has finished; an aborted or still watched one is dropped. */
  give(controller: AbortController): void {
    const signal = controller.signal;
    if (signal.aborted || this.idle.length >= MAX_IDLE || getEventListeners(signal, 'abort').length > 0) return;
    this.idle.push(controller);
  }
}
