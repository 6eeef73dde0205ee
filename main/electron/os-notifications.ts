import { Notification } from 'electron';
import type { Approval } from '../../shared/approvals.js';
import type { Core } from '../core/core.js';
import { isObject } from '../../shared/is-object.js';

/** Requests that arrive this close together share one notification (a flood is one alert, not a hundred). */
export const COALESCE_MS = 400;
const BODY_LIMIT = 140;

export interface ApprovalNotifierOptions {
  /** Brings the app window to the front: what clicking the notification does. */
  focusWindow(): void;
  /** While the person is in the app, the Approvals panel opening by itself is enough. */
  isWindowFocused(): boolean;
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > BODY_LIMIT ? `${line.slice(0, BODY_LIMIT - 1)}…` : line;
}

function lastMessageText(request: Record<string, unknown>): string | undefined {
  const messages = Array.isArray(request.messages) ? request.messages : [];
  for (let index = messages.length - 1; index >= 0; index--) {
    const message: unknown = messages[index];
    const content = isObject(message) ? message.content : undefined;
    for (const block of Array.isArray(content) ? content : [content]) {
      if (isObject(block) && block.type === 'text' && typeof block.text === 'string' && block.text.trim()) return block.text;
    }
  }
  return undefined;
}

function hostOf(url: unknown): string | undefined {
  try {
    return typeof url === 'string' ? new URL(url).host : undefined;
  } catch {
    return undefined;
  }
}

/** The title and body announcing these new requests (plain text: the OS renders it, never as HTML). */
export function notificationText(approvals: readonly Approval[]): { title: string; body: string } {
  const [first] = approvals;
  if (!first) return { title: 'MCP Loupe', body: '' };
  if (approvals.length > 1) {
    const servers = [...new Set(approvals.map((approval) => approval.serverName))];
    return { title: `${approvals.length} requests wait for your approval`, body: clip(`From ${servers.join(', ')}`) };
  }
  const message = typeof first.request.message === 'string' ? first.request.message : '';
  switch (first.kind) {
    case 'sampling':
      return { title: `${first.serverName} asks for a sampling reply`, body: clip(lastMessageText(first.request) ?? 'Open MCP Loupe to review the request.') };
    case 'elicitation-url': {
      const host = hostOf(first.request.url);
      return { title: `${first.serverName} wants you to open ${host ?? 'a page'}`, body: clip(message || 'Open MCP Loupe to review the request.') };
    }
    default:
      return { title: `${first.serverName} asks for information`, body: clip(message || 'Open MCP Loupe to answer.') };
  }
}

/**
 * Raises an OS notification when a server's sampling or elicitation request starts waiting for
 * the person and the app is not in front. Clicking it focuses the window. Returns a function that stops it.
 */
export function notifyPendingApprovals(core: Pick<Core, 'subscribe'>, options: ApprovalNotifierOptions): () => void {
  /** Ids announced as pending and not yet answered. */
  const pending = new Set<string>();
  let batch: Approval[] = [];
  let timer: NodeJS.Timeout | undefined;
  // Kept referenced: a notification that is garbage-collected loses its click handler.
  let shown: Notification | null = null;

  const flush = () => {
    timer = undefined;
    const fresh = batch.filter((approval) => pending.has(approval.id));
    batch = [];
    if (fresh.length === 0 || options.isWindowFocused() || !Notification.isSupported()) return;
    shown?.close();
    const notification = new Notification(notificationText(fresh));
    notification.on('click', () => options.focusWindow());
    notification.show();
    shown = notification;
  };

  const unsubscribe = core.subscribe((name, payload) => {
    if (name !== 'approvals.changed') return;
    const approval = payload as Approval;
    if (approval.status !== 'pending') {
      pending.delete(approval.id);
      return;
    }
    if (pending.has(approval.id)) return;
    pending.add(approval.id);
    batch.push(approval);
    timer ??= setTimeout(flush, COALESCE_MS);
  });

  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    shown?.close();
    shown = null;
  };
}
