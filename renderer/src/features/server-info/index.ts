/** The server-info feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { ServerInfoPanel } from './ServerInfoPanel';
export { serverInfoSlots } from './slots';
