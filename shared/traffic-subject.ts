import { revealInvisible } from './reveal-invisible.js';

const MAX_SUBJECT_CHARS = 200;

/** Where each method keeps what it acts on: the tool, prompt or resource a user scans the log for. */
const SUBJECT_PARAMS: Record<string, readonly string[]> = {
  'tools/call': ['name'],
  'prompts/get': ['name'],
  'resources/read': ['uri'],
  'resources/subscribe': ['uri'],
  'resources/unsubscribe': ['uri'],
  'notifications/resources/updated': ['uri'],
  'completion/complete': ['ref', 'name'],
  'tasks/get': ['taskId'],
  'tasks/result': ['taskId'],
  'tasks/cancel': ['taskId'],
  'notifications/tasks/status': ['taskId'],
};

/**
 * The Name column: `tools/call` → the tool's name, `resources/read` → the URI, and so on. Shown
 * with invisible and bidi characters made visible, since it comes from whoever sent the message.
 */
export function callSubject(method: string | undefined, message: unknown): string | undefined {
  if (method === undefined) return undefined;
  const path = SUBJECT_PARAMS[method];
  const params = (message as { params?: unknown } | null | undefined)?.params;
  if (!path || typeof params !== 'object' || params === null) return undefined;
  if (method === 'completion/complete') return completionSubject(params);
  const value = (params as Record<string, unknown>)[path[0]!];
  return typeof value === 'string' && value.length > 0 ? shown(value) : undefined;
}

function completionSubject(params: object): string | undefined {
  const ref = (params as { ref?: { name?: unknown; uri?: unknown } }).ref;
  const value = typeof ref?.name === 'string' ? ref.name : typeof ref?.uri === 'string' ? ref.uri : undefined;
  return value ? shown(value) : undefined;
}

function shown(value: string): string {
  const cut = value.length > MAX_SUBJECT_CHARS ? `${value.slice(0, MAX_SUBJECT_CHARS)}…` : value;
  return revealInvisible(cut);
}
