import { createElement, useEffect } from 'react';
import { TERMINAL_TASK_STATUSES } from '../../../../shared/tasks';
import { getApi } from '../../bridge/api';
import { formatClockTime } from '../../ui/format';
import { RefreshIcon } from '../../ui/icons';
import { statusOf, useConnection } from '../../state/connections/connections-store';
import { findServer, useServersStore } from '../../state/servers';
import { useTasksStore } from '../../state/tasks/tasks-store';
import { TaskStatusLine } from '../../ui/TaskStatusLine';
import { tasksSlots } from './slots';
import './tasks.css';

/** The selected server's tasks (Tasks extension): the ones Loupe started and the server's own list. */
export function TasksPanel() {
  const api = getApi();
  const server = useServersStore((state) => findServer(state.servers, state.selectedServerId));
  const connection = useConnection(server?.id);
  const connected = statusOf(connection) === 'connected';
  const tasks = useTasksStore((state) => (server ? state.byServer[server.id] : undefined));
  const error = useTasksStore((state) => (server ? state.listErrors[server.id] : undefined));
  const serverId = server?.id;
  const connectionId = connection?.connectionId;
  const offered = connection?.server?.capabilities.tasks !== undefined;

  useEffect(() => {
    if (serverId && connectionId && connected && offered) void useTasksStore.getState().load(serverId);
  }, [api, serverId, connectionId, connected, offered]);

  const list = Object.values(tasks ?? {}).filter((task) => task.connectionId === connectionId || !connected);
  return (
    <section className="tasks panel" aria-label="Tasks">
      <header className="panel-header">
        <h2 className="panel-header__title">Tasks</h2>
        <span className="panel-header__count">{list.length > 0 ? `${list.length} ${list.length === 1 ? 'task' : 'tasks'}` : ''}</span>
        <span className="panel-header__spacer" />
        <button
          type="button"
          className="icon-button"
          aria-label="Refresh tasks"
          title="Refresh tasks"
          disabled={!connected || !serverId}
          onClick={() => serverId && void useTasksStore.getState().load(serverId)}
        >
          <RefreshIcon />
        </button>
      </header>
      {error && (
        <p className="empty-state empty-state--error" role="alert">
          {error}
        </p>
      )}
      {!server ? (
        <p className="empty-state">Select a server to see its tasks.</p>
      ) : !connected ? (
        <p className="empty-state">Connect {server.name} to see its tasks.</p>
      ) : !offered ? (
        <p className="empty-state capability-absent" role="note">
          This server does not offer tasks: it did not announce the tasks capability.
        </p>
      ) : list.length === 0 ? (
        <p className="empty-state">No tasks yet. A tool that supports tasks runs as one from the Tools tab.</p>
      ) : (
        <ul className="tasks__list" aria-label="Tasks of this server">
          {list.map((task) => (
            <li key={task.taskId} className="tasks__item">
              <div className="tasks__item-head">
                <strong>{task.toolName ?? 'task'}</strong>
                {task.lastUpdatedAt && !Number.isNaN(Date.parse(task.lastUpdatedAt)) && <span className="muted">updated {formatClockTime(Date.parse(task.lastUpdatedAt))}</span>}
                <span className="panel-header__spacer" />
                {!TERMINAL_TASK_STATUSES.includes(task.status) && (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Cancel task ${task.taskId}`}
                    onClick={() => void useTasksStore.getState().cancel(task.serverId, task.taskId)}
                  >
                    Cancel
                  </button>
                )}
              </div>
              <TaskStatusLine task={task} />
              {task.callId && TERMINAL_TASK_STATUSES.includes(task.status) && (
                <details className="tasks__result">
                  <summary>Result of task {task.taskId}</summary>
                  {createElement(tasksSlots.CallResult.get(), { serverId: task.serverId, callId: task.callId })}
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
