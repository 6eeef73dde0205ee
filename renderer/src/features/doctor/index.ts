/** The doctor feature's public face: app/ imports it from here only. */
export { DiagnoseButton } from './DiagnoseButton';
