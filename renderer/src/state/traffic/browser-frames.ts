import type { FrameScheduler } from './traffic-session';

/** When frames do not come (a hidden tab), work still goes on at this pace. */
const FALLBACK_DELAY_MS = 200;

/** requestAnimationFrame, with a timer in case frames stop (hidden tabs get none). */
export const browserFrames: FrameScheduler = {
  request(callback) {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      callback();
    };
    const frame = requestAnimationFrame(run);
    const timer = setTimeout(run, FALLBACK_DELAY_MS);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  },
  now: () => performance.now(),
};
