import { LOAD_LIMITS, type LoadRunParams } from '../../../../shared/load-run';
import type { JsonObject } from '../../../../shared/mcp';
import { isObject } from '../../../../shared/is-object';

/** The form as typed. */
export interface LoadDraft {
  tool: string;
  args: string;
  concurrency: string;
  /** Empty: as fast as the concurrency allows. */
  rate: string;
  duration: string;
}

export const INITIAL_DRAFT: LoadDraft = { tool: '', args: '{}', concurrency: '4', rate: '', duration: '10' };

export type LoadDraftErrors = Partial<Record<keyof LoadDraft, string>>;

function positive(text: string, what: string, max: number, whole: boolean): number | string {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || (whole && !Number.isInteger(value))) return `Enter the ${what} as a positive ${whole ? 'whole ' : ''}number.`;
  if (value > max) return `The ${what} is at most ${max}.`;
  return value;
}

/** The run's params, or one sentence per field that is wrong (the contract bounds them the same way). */
export function readDraft(draft: LoadDraft): { params: Omit<LoadRunParams, 'serverId' | 'runId'> } | { errors: LoadDraftErrors } {
  const errors: LoadDraftErrors = {};
  if (!draft.tool) errors.tool = 'Choose the tool to call.';
  let args: JsonObject = {};
  try {
    const parsed: unknown = JSON.parse(draft.args.trim() || '{}');
    if (isObject(parsed)) args = parsed;
    else errors.args = 'The arguments must be a JSON object, e.g. {"message": "hi"}.';
  } catch (error) {
    errors.args = `The arguments are not JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  const concurrency = positive(draft.concurrency, 'concurrency', LOAD_LIMITS.maxConcurrency, true);
  if (typeof concurrency === 'string') errors.concurrency = concurrency;
  const rate = draft.rate.trim() === '' ? undefined : positive(draft.rate, 'rate', LOAD_LIMITS.maxRate, false);
  if (typeof rate === 'string') errors.rate = rate;
  const duration = positive(draft.duration, 'duration', LOAD_LIMITS.maxDurationS, false);
  if (typeof duration === 'string') errors.duration = duration;
  if (Object.keys(errors).length > 0 || typeof concurrency !== 'number' || typeof duration !== 'number' || typeof rate === 'string') return { errors };
  return { params: { tool: draft.tool, arguments: args, concurrency, ...(rate !== undefined ? { rate } : {}), durationS: duration } };
}
