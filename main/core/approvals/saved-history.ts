import type { Approval } from '../../../shared/approvals.js';
import { isObject } from '../../../shared/is-object.js';
import { CORE_KEY_PREFIX, type UiStateStore } from '../config/ui-state-store.js';

/** Where the approvals' history is kept between starts, in ui-state.json (redacted like all of it). */
export const APPROVAL_HISTORY_KEY = `${CORE_KEY_PREFIX}approvals.history`;
/** The newest approvals that fit in this many characters of JSON are kept; older ones are left out. */
export const APPROVAL_HISTORY_BUDGET_CHARS = 1_000_000;
/** Changes come in bursts (a flood of requests, a draft streaming in): one write per burst. */
const SAVE_DELAY_MS = 300;

const KINDS = new Set(['sampling', 'elicitation-form', 'elicitation-url']);

function looksLikeApproval(value: unknown): value is Approval {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.serverId === 'string' &&
    typeof value.serverName === 'string' &&
    typeof value.kind === 'string' &&
    KINDS.has(value.kind) &&
    typeof value.status === 'string' &&
    typeof value.receivedAt === 'number' &&
    isObject(value.request)
  );
}

/** The approvals a previous run saved, oldest first; anything unreadable is left out. */
export function readSavedApprovals(uiState: UiStateStore): Approval[] {
  const text = uiState.get(APPROVAL_HISTORY_KEY);
  if (text === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(looksLikeApproval) : [];
  } catch {
    return [];
  }
}

/** The newest approvals whose JSON fits the budget, oldest first, as one JSON array. */
export function serializeApprovals(approvals: readonly Approval[], budget = APPROVAL_HISTORY_BUDGET_CHARS): string {
  const when = (approval: Approval) => approval.decidedAt ?? approval.receivedAt;
  const newestFirst = [...approvals].sort((a, b) => when(b) - when(a));
  const kept: string[] = [];
  let size = 2;
  for (const approval of newestFirst) {
    const json = JSON.stringify(approval);
    if (size + json.length + 1 > budget) break;
    kept.push(json);
    size += json.length + 1;
  }
  return `[${kept.reverse().join(',')}]`;
}

/**
 * Saves the approvals' history (a short while after each change, and on `flush`), so "History"
 * still lists the decisions after a restart of the app. What servers sent in them is redacted
 * on the way in, as everything in ui-state.json is.
 */
export function saveApprovalsOnChange(uiState: UiStateStore, list: () => Approval[]): { changed: () => void; flush: () => Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  const save = async () => {
    timer = undefined;
    await uiState.set(APPROVAL_HISTORY_KEY, serializeApprovals(list())).catch(() => {});
  };
  return {
    changed: () => {
      timer ??= setTimeout(() => void save(), SAVE_DELAY_MS);
    },
    flush: async () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      await save();
    },
  };
}
