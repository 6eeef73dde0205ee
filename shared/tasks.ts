/** A task (the MCP Tasks extension): a tool call that runs on the server and is polled for its result. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];

export interface TaskInfo {
  serverId: string;
  connectionId: string;
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO timestamps, as the server sent them. */
  createdAt?: string;
  lastUpdatedAt?: string;
  /** How often the server asks to be polled. */
  pollIntervalMs?: number;
  /** How long the server keeps the task after it ends; null when it keeps it indefinitely. */
  ttlMs?: number | null;
  /** Set for tasks Loupe started: the tool, and the call it belongs to. */
  toolName?: string;
  callId?: string;
  /** Why a task failed, in one sentence. */
  error?: string;
}
