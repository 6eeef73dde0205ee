import { DOCTOR_LIMITS, type DoctorCheck } from '../../../shared/doctor.js';

/** What a check concludes: its status, what it saw, the fix. The runner adds the id, title and time. */
export type Verdict = Omit<DoctorCheck, 'id' | 'title' | 'tookMs'>;

/** One check of the doctor: a small module each, taken in order by `runSteps`. */
export interface DoctorStep<C> {
  id: string;
  title: string;
  /** Checks this one needs: when one of them failed or was skipped, this one is skipped. */
  needs?: readonly string[];
  /** Why the check failed when it ran out of time (else a generic sentence). */
  timeoutFix?: string;
  run(ctx: C, signal: AbortSignal): Promise<Verdict>;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** Runs one step within its time limit; a throw or a timeout is the step's failure. */
async function runOne<C>(step: DoctorStep<C>, ctx: C, timeoutMs: number): Promise<Verdict> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Verdict>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`No answer within ${timeoutMs / 1000} s.`));
      resolve({
        status: 'fail',
        saw: `No answer within ${timeoutMs / 1000} s.`,
        fix: step.timeoutFix ?? 'Check that the server is running and reachable, then run Diagnose again.',
      });
    }, timeoutMs);
  });
  try {
    return await Promise.race([step.run(ctx, controller.signal), timedOut]);
  } catch (error) {
    return { status: 'fail', saw: reasonOf(error) };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** The steps in order: each runs unless a check it needs did not pass. */
export async function runSteps<C>(steps: readonly DoctorStep<C>[], ctx: C, timeoutMs: number = DOCTOR_LIMITS.checkTimeoutMs): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  for (const step of steps) {
    const unmet = (step.needs ?? []).map((id) => checks.find((check) => check.id === id)).find((check) => check && (check.status === 'fail' || check.status === 'skipped'));
    if (unmet) {
      // A skip names the check that failed first, not the skipped one between them.
      checks.push({ id: step.id, title: step.title, status: 'skipped', saw: unmet.status === 'skipped' ? unmet.saw : `Skipped: "${unmet.title}" failed.` });
      continue;
    }
    const started = Date.now();
    const verdict = await runOne(step, ctx, timeoutMs);
    checks.push({ id: step.id, title: step.title, ...verdict, tookMs: Date.now() - started });
  }
  return checks;
}
