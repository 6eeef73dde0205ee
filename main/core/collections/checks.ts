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
import { checkLabel, preview } from '../../../shared/check-label.js';
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
  const content = isObject(result) && Array.isArray(result.content) ? result.content : [];
  const text = content.find((block) => isObject(block) && typeof block.text === 'string') as { text: string } | undefined;
  return text ? `: ${preview(text.text)}` : '';
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

/**
 * `response`, the response message's text as sent, when there is one: the worker parses it there,
 * so a large result is not copied across threads as an object.
 */
export async function evaluateChecks(
  checks: readonly Check[],
  outcome: RpcOutcome,
  response: string | undefined,
  validator: IsolatedValidator,
  snapshot: (check: SnapshotCheck, index: number) => Promise<Omit<CheckResult, 'index' | 'label'>>,
): Promise<CheckResult[]> {
  const results = new Map<number, Omit<CheckResult, 'index' | 'label'>>();
  const inWorker: Array<{ index: number; check: ValueCheck }> = [];
  const noResult = outcome.failure ? `There is no result to check: ${outcome.failure.message.replace(/\.?$/, '.')}` : undefined;
  for (const [index, check] of checks.entries()) {
    if ('outcome' in check) results.set(index, outcomeCheck(check, outcome));
    else if ('latencyMs' in check) {
      const passed = outcome.durationMs <= check.latencyMs;
      results.set(index, passed ? { passed } : { passed, message: `It took ${Math.round(outcome.durationMs)} ms, over the budget of ${check.latencyMs} ms.` });
    } else if (noResult) results.set(index, { passed: false, message: noResult });
    else if (isValueCheck(check)) {
      if (runsInline(check)) results.set(index, evaluateInline(outcome.result, check));
      else inWorker.push({ index, check });
    }
    else results.set(index, await snapshot(check, index));
  }
  if (inWorker.length > 0) {
    for (const verdict of await valueChecks(validator, response !== undefined ? { response } : { result: outcome.result }, inWorker)) {
      results.set(verdict.index, verdict.passed ? { passed: true } : { passed: false, message: verdict.message ?? 'It failed.' });
    }
  }
  return checks.map((check, index) => ({ index, label: labelOf(check), ...(results.get(index) ?? { passed: false, message: 'It was not evaluated.' }) }));
}
