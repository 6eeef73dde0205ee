/** The console feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { ConsolePanel } from './ConsolePanel';
