/** The resources feature's public face: other features and the app import it from here only. */
export * from './ResourceRows';
export * from './ResourcesPanel';
export * from './resources-store';
export * from './resources-sync';
