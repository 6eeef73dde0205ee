/**
 * Lets a large buffer go once it has gone unused for a while. Kept between uses, it spares the
 * next large message a fresh allocation, whose first writing of every page costs ~3–4 ms per MB on
 * a small VM (~90 ms for a 25 MB result); dropped after a pause, it gives the memory back.
 */
export const KEEP_IDLE_MS = 30_000;

export class IdleRelease {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly release: () => void,
    private readonly idleMs = KEEP_IDLE_MS,
  ) {}

  /** The buffer was just used: `release` runs `idleMs` from now, unless it is used again first. */
  used(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.release();
    }, this.idleMs);
    this.timer.unref();
  }

  /** The buffer is busy: nothing is released until it is `used` again. */
  busy(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
