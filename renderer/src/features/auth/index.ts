/** The auth feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { AuthPanel } from './AuthPanel';
export { authSlots } from './slots';
