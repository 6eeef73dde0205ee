/** The load feature's public face: app/ imports it from here only. */
export { LoadButton } from './LoadButton';
