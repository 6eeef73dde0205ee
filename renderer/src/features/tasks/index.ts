/** The tasks feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { TasksPanel } from './TasksPanel';
export { tasksSlots } from './slots';
