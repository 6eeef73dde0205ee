/** The logs feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { LogLevelControl } from './LogLevelControl';
export { LogsPanel } from './LogsPanel';
export { useLogsStore } from './logs-store';
export { startLogsSync } from './logs-sync';
