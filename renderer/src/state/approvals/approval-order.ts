import type { Approval, ApprovalKind, ApprovalStatus } from '../../../../shared/approvals.js';
import { compileTextFilter, type TextFields } from '../../../../shared/filter/text-filter.js';
import type { FilterKey } from '../../../../shared/filter/filter-terms.js';
import { isObject } from '../../../../shared/is-object.js';

/** Statuses in which a request ended without anyone here answering it: shown until acknowledged. */
export const UNANSWERED_STATUSES: ReadonlySet<ApprovalStatus> = new Set(['cancelled', 'disconnected', 'invalid']);

export const STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  dismissed: 'Dismissed',
  cancelled: 'Cancelled by server',
  disconnected: 'Disconnected',
  invalid: 'Invalid',
};

export const KIND_LABELS: Record<ApprovalKind, string> = {
  sampling: 'Sampling',
  'elicitation-form': 'Elicitation',
  'elicitation-url': 'URL elicitation',
};

const CANCELLED_LABELS: Record<NonNullable<Approval['cancelledBy']>, string> = {
  server: 'Cancelled by server',
  you: 'Cancelled by you',
  timeout: "Ended by Loupe's timeout",
};

/** Status words for elicitations, where "approved" means the person accepted. */
export function statusLabel(approval: Pick<Approval, 'kind' | 'status' | 'cancelledBy'>): string {
  if (approval.status === 'cancelled') return CANCELLED_LABELS[approval.cancelledBy ?? 'server'];
  if (approval.kind !== 'sampling') {
    if (approval.status === 'approved') return 'Accepted';
    if (approval.status === 'rejected') return 'Declined';
    if (approval.status === 'dismissed') return 'Cancelled';
  }
  return STATUS_LABELS[approval.status];
}

const byArrival = (a: Approval, b: Approval) => a.receivedAt - b.receivedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Requests waiting for a person, oldest first: the one waiting longest is answered first. */
export function pendingQueue(approvals: Iterable<Approval>): Approval[] {
  return [...approvals].filter((approval) => approval.status === 'pending').sort(byArrival);
}

/** Everything that is no longer pending, the latest decision first. */
export function historyOf(approvals: Iterable<Approval>): Approval[] {
  const when = (approval: Approval) => approval.decidedAt ?? approval.receivedAt;
  return [...approvals]
    .filter((approval) => approval.status !== 'pending')
    .sort((a, b) => when(b) - when(a) || byArrival(b, a));
}

export interface ServerPendingCount {
  serverId: string;
  serverName: string;
  count: number;
}

/** How many requests each server has waiting, in the order their first request arrived. */
export function pendingByServer(queue: ReadonlyArray<{ serverId: string; serverName: string }>): ServerPendingCount[] {
  const counts = new Map<string, ServerPendingCount>();
  for (const approval of queue) {
    const entry = counts.get(approval.serverId);
    if (entry) entry.count += 1;
    else counts.set(approval.serverId, { serverId: approval.serverId, serverName: approval.serverName, count: 1 });
  }
  return [...counts.values()];
}

/** The header button's accessible name, e.g. "Approvals, 2 pending". */
export function approvalsButtonLabel(pending: number, autoReplyOn: boolean): string {
  const parts = ['Approvals', pending > 0 ? `${pending} pending` : 'none pending'];
  if (autoReplyOn) parts.push('auto-reply on');
  return parts.join(', ');
}

/** "waiting for 12 s", "waiting for 3 min 5 s", "waiting for 1 h 2 min". */
export function waitingText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `waiting for ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `waiting for ${minutes} min ${seconds % 60} s`;
  return `waiting for ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Who answered: the person, an auto-reply rule, or nobody (the request ended another way). */
export function decidedByText(approval: Pick<Approval, 'decidedBy' | 'status'>): string {
  const by = approval.decidedBy;
  if (by === 'user') return 'you';
  if (by?.startsWith('rule:')) return `auto-reply rule “${by.slice('rule:'.length)}”`;
  if (by) return by;
  if (approval.status === 'invalid') return 'Loupe, automatically (malformed request)';
  return 'nobody';
}

function firstText(content: unknown): string | undefined {
  const blocks = Array.isArray(content) ? content : [content];
  for (const block of blocks) {
    if (isObject(block) && block.type === 'text' && typeof block.text === 'string') return block.text;
  }
  return undefined;
}

export function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

const SUMMARY_LIMIT = 160;

/** One line of at most 160 characters, for a row of the desk. */
export function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SUMMARY_LIMIT ? `${line.slice(0, SUMMARY_LIMIT - 1)}…` : line;
}

/** One line that says what the server asks for, for the queue. Never throws on odd requests. */
export function summaryOf(approval: Pick<Approval, 'kind' | 'request' | 'status' | 'problem'>): string {
  const request = approval.request;
  if (approval.status === 'invalid' && approval.problem) return clip(approval.problem);
  if (approval.kind === 'sampling') {
    const messages = Array.isArray(request.messages) ? request.messages : [];
    for (let index = messages.length - 1; index >= 0; index--) {
      const message: unknown = messages[index];
      const text = isObject(message) ? firstText(message.content) : undefined;
      if (text) return clip(text);
    }
    return messages.length > 0 ? `${messages.length} message(s) without text` : 'No messages';
  }
  const message = typeof request.message === 'string' ? request.message : '';
  if (approval.kind === 'elicitation-url') {
    const host = hostOf(request.url);
    return clip(host ? `${host}: ${message}` : message);
  }
  return clip(message || 'No message');
}

/** The keys the history filter understands. */
export const HISTORY_FILTER_KEYS: readonly FilterKey[] = [
  { key: 'server', detail: 'server name contains' },
  { key: 'kind', detail: 'Sampling, Elicitation or URL elicitation' },
  { key: 'status', detail: 'e.g. Accepted, Declined' },
  { key: 'by', detail: 'who answered: you, a rule, the timeout' },
  { key: 'text', detail: 'the request’s text contains' },
];

/** A decision as the history filter sees it: its fields by key. */
export function historyFields(approval: Approval): TextFields {
  return {
    server: approval.serverName,
    kind: KIND_LABELS[approval.kind],
    status: statusLabel(approval),
    by: decidedByText(approval),
    text: summaryOf(approval),
  };
}

/** The history filter: free text matches any field, `server:` `kind:` `status:` `by:` `text:` one. */
export function filterHistory(history: readonly Approval[], query: string): Approval[] {
  if (query.trim() === '') return [...history];
  const filter = compileTextFilter(query, HISTORY_FILTER_KEYS.map((key) => key.key));
  return history.filter((approval) => filter.matches(historyFields(approval)));
}

/** The values of one field across the history, for the filter's suggestions. */
export function historyValues(history: readonly Approval[], key: string): string[] | undefined {
  if (!HISTORY_FILTER_KEYS.some((known) => known.key === key) || key === 'text') return undefined;
  return [...new Set(history.map((approval) => historyFields(approval)[key] ?? ''))].filter(Boolean);
}
