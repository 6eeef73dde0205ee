/** The servers feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { ServerFormDialog } from './ServerFormDialog';
export { ServersPanel } from './ServersPanel';
export { serversSlots } from './slots';
