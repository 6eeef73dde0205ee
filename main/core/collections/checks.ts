/**
 * Evaluates a request's checks on its outcome. Outcome and latency checks, and JSON Pointer checks
 * without a regex, are read here; regexes, JSONPath and schemas run in the schema worker, bounded
 * in time per check; snapshot checks are handed to the caller (they need the baseline file and
 * the diff thread).
 */
import type { Check, CheckResult } from '../../../shared/collections.js';
import { isObject } from '../../../shared/is-object.js';
import type { RpcOutcome } from '../../../shared/mcp.js';
import type { IsolatedValidator } from '../mcp/isolated-validator.js';
import { checkLabel } from '../../../shared/check-label.js';
import { quotedFirstText } from '../../../shared/tool-result-text.js';
import { evaluateInline, isValueCheck, runsInline, type ValueCheck, type ValueCheckJob, type ValueCheckOutcome } from '../mcp/value-checks.js';

export type SnapshotCheck = Extract<Check, { snapshot: unknown }>;

/** Each check's label, made once: a request's checks are the same objects run after run until its file changes. */
const labels = new WeakMap<Check, string>();

function labelOf(check: Check): string {
  let label = labels.get(check);
  if (label === undefined) labels.set(check, (label = checkLabel(check)));
  return label;
}

function firstText(result: unknown): string {
  const quoted = quotedFirstText(result);
  return quoted === undefined ? '' : `: ${quoted}`;
}

function outcomeCheck(check: Extract<Check, { outcome: unknown }>, outcome: RpcOutcome): { passed: boolean; message?: string } {
  const isError = isObject(outcome.result) && outcome.result.isError === true;
  const failure = outcome.failure;
  const actual = failure
    ? failure.kind === 'protocol'
      ? `The server answered with JSON-RPC error ${failure.code ?? '(no code)'}: ${failure.message}`
      : `The request failed: ${failure.message}`
    : isError
      ? `The tool returned isError: true${firstText(outcome.result)}`
      : 'The request succeeded';
  const passed =
    check.outcome === 'success'
      ? !failure && !isError
      : check.outcome === 'isError'
        ? !failure && isError
        : failure?.kind === 'protocol' && (check.code === undefined || failure.code === check.code);
  if (passed) return { passed };
  const wanted = check.outcome === 'success' ? 'success' : check.outcome === 'isError' ? 'isError: true' : `a JSON-RPC error${check.code !== undefined ? ` ${check.code}` : ''}`;
  return { passed, message: `${actual.replace(/\.?$/, '')} (the check expects ${wanted}).` };
}

/**
 * Runs the value checks in the worker. A check that runs past the time limit (or stops the
 * worker) fails with why; the others are run again without it, so each gets a verdict.
 */
async function valueChecks(validator: IsolatedValidator, subject: Pick<ValueCheckJob, 'result' | 'response'>, items: Array<{ index: number; check: ValueCheck }>): Promise<ValueCheckOutcome[]> {
  const verdicts: ValueCheckOutcome[] = [];
  let pending = items;
  while (pending.length > 0) {
    let started = -1;
    const answer = await validator.run<ValueCheckOutcome[] | { stopped: string }>(
      { valueChecks: { ...subject, items: pending } },
      {
        progress: (index) => (started = index),
        timedOut: () => ({ stopped: `It took longer than ${validator.timeLimitSeconds} s to evaluate (a regex that backtracks, or a very large result), so it counts as failed.` }),
        failed: (reason) => ({ stopped: `It could not be evaluated: ${reason.replace(/\.$/, '')}.` }),
      },
    );
    if (Array.isArray(answer)) {
      verdicts.push(...answer);
      break;
    }
    if (started < 0) {
      verdicts.push(...pending.map(({ index }) => ({ index, passed: false, message: answer.stopped })));
      break;
    }
    verdicts.push({ index: started, passed: false, message: answer.stopped });
    pending = pending.filter(({ index }) => index !== started);
  }
  return verdicts;
}

/** What a check that no branch evaluated says (never expected: every kind of check has one). */
const NOT_EVALUATED = { passed: false, message: 'It was not evaluated.' } as const;

function labelled(checks: readonly Check[], results: ReadonlyArray<Omit<CheckResult, 'index' | 'label'> | undefined>): CheckResult[] {
  return checks.map((check, index) => ({ index, label: labelOf(check), ...(results[index] ?? NOT_EVALUATED) }));
}

/**
 * `response`, the response message's text as sent, when there is one: the worker parses it there,
 * so a large result is not copied across threads as an object.
 *
 * The verdicts come back at once (not as a promise) when every check is read here: a run of many
 * requests with outcome and pointer checks spends no promise on them.
 */
export function evaluateChecks(
  checks: readonly Check[],
  outcome: RpcOutcome,
  response: string | undefined,
  validator: IsolatedValidator,
  snapshot: (check: SnapshotCheck, index: number) => Promise<Omit<CheckResult, 'index' | 'label'>>,
): CheckResult[] | Promise<CheckResult[]> {
  const results = new Array<Omit<CheckResult, 'index' | 'label'> | undefined>(checks.length);
  let inWorker: Array<{ index: number; check: ValueCheck }> | undefined;
  let snapshots: Array<{ index: number; check: SnapshotCheck }> | undefined;
  const noResult = outcome.failure ? `There is no result to check: ${outcome.failure.message.replace(/\.?$/, '.')}` : undefined;
  for (let index = 0; index < checks.length; index++) {
    const check = checks[index]!;
    if ('outcome' in check) results[index] = outcomeCheck(check, outcome);
    else if ('latencyMs' in check) {
      const passed = outcome.durationMs <= check.latencyMs;
      results[index] = passed ? { passed } : { passed, message: `It took ${Math.round(outcome.durationMs)} ms, over the budget of ${check.latencyMs} ms.` };
    } else if (noResult) results[index] = { passed: false, message: noResult };
    else if (isValueCheck(check)) {
      if (runsInline(check)) results[index] = evaluateInline(outcome.result, check);
      else (inWorker ??= []).push({ index, check });
    } else (snapshots ??= []).push({ index, check });
  }
  if (!inWorker && !snapshots) return labelled(checks, results);
  return (async () => {
    // One after another, in the order the request lists them.
    for (const { index, check } of snapshots ?? []) results[index] = await snapshot(check, index);
    if (inWorker) {
      for (const verdict of await valueChecks(validator, response !== undefined ? { response } : { result: outcome.result }, inWorker)) {
        results[verdict.index] = verdict.passed ? { passed: true } : { passed: false, message: verdict.message ?? 'It failed.' };
      }
    }
    return labelled(checks, results);
  })();
}
