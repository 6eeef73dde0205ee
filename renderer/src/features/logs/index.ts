/** The logs feature's public face: other features and the app import it from here only. */
export * from './LogLevelControl';
export * from './LogsPanel';
export * from './logs-store';
export * from './logs-sync';
