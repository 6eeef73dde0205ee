/** The tools feature's public face: other features and the app import it from here only. */
export * from './ToolsPanel';
export * from './run-history';
export * from './tools-store';
export * from './tools-sync';
