import type { TaskInfo } from '../../../shared/tasks';
import './task-line.css';

/** One task in a line: its id, status and the server's status message. */
export function TaskStatusLine({ task }: { task: TaskInfo }) {
  return (
    <p className="task-line" role="status" aria-label={`Task ${task.taskId}`}>
      <span className={`task-status task-status--${task.status}`}>{task.status.replace('_', ' ')}</span>
      <span className="mono">task {task.taskId}</span>
      {task.statusMessage && <span>{task.statusMessage}</span>}
      {task.pollIntervalMs !== undefined && <span className="muted">polled every {task.pollIntervalMs} ms</span>}
      {task.error && <span className="field-error">{task.error}</span>}
    </p>
  );
}
