/** The connections feature's public face: other features and the app import it from here only. */
export * from './ConnectionProblem';
export * from './StatusBadge';
export * from './connections-store';
export * from './server-capabilities';
