/** The compare feature's public face: app/ imports it from here only. */
export { CompareButton } from './CompareButton';
