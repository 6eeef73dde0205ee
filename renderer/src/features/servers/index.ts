/** The servers feature's public face: other features and the app import it from here only. */
export * from './ServerFormDialog';
export * from './ServersPanel';
export * from './servers-store';
