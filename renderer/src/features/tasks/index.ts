/** The tasks feature's public face: other features and the app import it from here only. */
export * from './TaskStatusLine';
export * from './TasksPanel';
export * from './tasks-store';
export * from './tasks-sync';
