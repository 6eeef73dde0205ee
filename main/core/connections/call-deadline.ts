import type { CallTimeouts } from '../../../shared/server-config.js';

/**
 * Loupe's own timeout for one call, in place of the SDK's: restarted by progress when the call's
 * timeouts say so, capped by their total, and stopped while the server's requests wait for a person
 * (a sampling or elicitation request in Approvals, a 2026-07-28 round's input). The time a person
 * takes to read is not the server's, and must not fail the call (issue 24).
 */
export class CallDeadline {
  private timer: NodeJS.Timeout | undefined;
  /** Server time used since the last (re)start of the per-request timeout, and in all. */
  private sinceRestart = 0;
  private total = 0;
  /** When the running stretch began (undefined while paused or ended). */
  private runningSince: number | undefined;
  private pauses = 0;
  private ended = false;

  constructor(
    private readonly timeouts: CallTimeouts,
    private readonly expire: (message: string) => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.resume(true);
  }

  /** A progress notification for the call arrived. */
  progress(): void {
    if (this.ended || !this.timeouts.resetTimeoutOnProgress) return;
    this.settle();
    this.sinceRestart = 0;
    this.arm();
  }

  /** A person is now needed; calls nest (several requests may wait at once). */
  pause(): void {
    if (this.ended) return;
    this.pauses += 1;
    if (this.pauses === 1) {
      this.settle();
      this.runningSince = undefined;
      clearTimeout(this.timer);
    }
  }

  resume(first = false): void {
    if (this.ended) return;
    if (!first) {
      if (this.pauses === 0) return;
      this.pauses -= 1;
      if (this.pauses > 0) return;
    }
    this.runningSince = this.now();
    this.arm();
  }

  stop(): void {
    this.ended = true;
    clearTimeout(this.timer);
  }

  /** Adds the running stretch to the time used. */
  private settle(): void {
    if (this.runningSince === undefined) return;
    const now = this.now();
    const used = now - this.runningSince;
    this.sinceRestart += used;
    this.total += used;
    this.runningSince = now;
  }

  private arm(): void {
    clearTimeout(this.timer);
    if (this.runningSince === undefined) return;
    const perRequest = this.timeouts.timeoutMs - this.sinceRestart;
    const overall = this.timeouts.maxTotalTimeoutMs - this.total;
    const wait = Math.max(0, Math.min(perRequest, overall));
    this.timer = setTimeout(() => {
      this.ended = true;
      const seconds = (ms: number) => Math.round(ms / 1000);
      this.expire(
        overall <= perRequest && this.timeouts.resetTimeoutOnProgress
          ? `No answer within ${seconds(this.timeouts.maxTotalTimeoutMs)} s in all (the most a call may take, progress or not): the request timed out.`
          : `No answer within ${seconds(this.timeouts.timeoutMs)} s: the request timed out.`,
      );
    }, wait);
    this.timer.unref?.();
  }
}
