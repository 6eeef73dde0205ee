/**
 * Recent runs per tool, kept in memory and in localStorage. Storage is bounded: a few runs per
 * tool, results only when small (a 20 MB result is remembered as "too large to keep"), and a
 * total size cap that drops the oldest runs first.
 */
import type { JsonObject, RpcOutcome } from '../../../../shared/mcp.js';

export interface ToolRun {
  callId: string;
  serverId: string;
  toolName: string;
  /** The tool's entry in the list when its name is not unique there (`name#2`): its history is its own. */
  listKey?: string;
  startedAt: number;
  status: 'running' | 'done';
  arguments: JsonObject;
  outcome?: RpcOutcome;
  /** The bridge rejected the call itself (e.g. the host went away). */
  error?: string;
  /** Restored from storage without its result, which was too large to keep. */
  resultDropped?: boolean;
}

export const MAX_RUNS_PER_TOOL = 10;
/** Results larger than this (as JSON) are not written to storage. */
export const MAX_STORED_RESULT_CHARS = 32 * 1024;
/** The whole history's budget in storage, in characters. */
export const MAX_STORED_CHARS = 1_500_000;
export const STORAGE_KEY = 'loupe.tools.history.v1';

/** serverId + the tool's list entry (its name, or `name#2` for a second tool of that name): its identity for drafts and history. */
export function toolKey(serverId: string, listKey: string): string {
  return `${serverId}\u0000${listKey}`;
}

/** Newest first, at most `MAX_RUNS_PER_TOOL`. */
export function addRun(runs: readonly ToolRun[] | undefined, run: ToolRun): ToolRun[] {
  return [run, ...(runs ?? []).filter((existing) => existing.callId !== run.callId)].slice(0, MAX_RUNS_PER_TOOL);
}

export function replaceRun(runs: readonly ToolRun[] | undefined, run: ToolRun): ToolRun[] {
  return (runs ?? []).map((existing) => (existing.callId === run.callId ? run : existing));
}

/** The run as it is stored: finished only, its result dropped when too large. */
export function storableRun(run: ToolRun): ToolRun | null {
  if (run.status !== 'done') return null;
  const outcome = run.outcome;
  if (!outcome || outcome.result === undefined) return run;
  let size: number;
  try {
    size = outcome.responseSize > MAX_STORED_RESULT_CHARS ? outcome.responseSize : (JSON.stringify(outcome.result)?.length ?? 0);
  } catch {
    size = Infinity;
  }
  if (size <= MAX_STORED_RESULT_CHARS) return run;
  // Texts the core holds are not kept across restarts either.
  const { result: _result, heldTexts: _heldTexts, ...withoutResult } = outcome;
  return { ...run, outcome: withoutResult, resultDropped: true };
}

/**
 * Each run's stored JSON, by run: runs are replaced, never changed, so a run is serialized once
 * however often the history is saved (up to MAX_STORED_CHARS, after every run).
 */
const storedTexts = new WeakMap<ToolRun, string | null>();

function storedText(run: ToolRun): string | null {
  let text = storedTexts.get(run);
  if (text === undefined) {
    const stored = storableRun(run);
    text = stored ? JSON.stringify(stored) : null;
    storedTexts.set(run, text);
  }
  return text;
}

/** The history as stored, newest runs kept first when the budget runs out. */
export function serializeHistory(history: Readonly<Record<string, readonly ToolRun[]>>, budget = MAX_STORED_CHARS): string {
  const all = Object.values(history)
    .flat()
    .sort((a, b) => b.startedAt - a.startedAt);
  const kept: string[] = [];
  let used = 2;
  for (const run of all) {
    const text = storedText(run);
    if (text === null) continue;
    const size = text.length + 1;
    if (used + size > budget) continue;
    kept.push(text);
    used += size;
  }
  return `[${kept.join(',')}]`;
}

const isRun = (value: unknown): value is ToolRun => {
  if (typeof value !== 'object' || value === null) return false;
  const run = value as Partial<ToolRun>;
  return (
    typeof run.callId === 'string' &&
    typeof run.serverId === 'string' &&
    typeof run.toolName === 'string' &&
    typeof run.startedAt === 'number' &&
    run.status === 'done' &&
    typeof run.arguments === 'object' &&
    run.arguments !== null &&
    !Array.isArray(run.arguments)
  );
};

/** Stored history back into runs by tool, newest first; anything malformed is skipped. */
export function parseHistory(text: string | null): Record<string, ToolRun[]> {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (!Array.isArray(parsed)) return {};
  const history: Record<string, ToolRun[]> = {};
  for (const run of parsed.filter(isRun).sort((a, b) => b.startedAt - a.startedAt)) {
    const key = toolKey(run.serverId, typeof run.listKey === 'string' ? run.listKey : run.toolName);
    const runs = (history[key] ??= []);
    if (runs.length < MAX_RUNS_PER_TOOL) runs.push(run);
  }
  return history;
}
