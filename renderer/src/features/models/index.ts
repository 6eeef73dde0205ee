/** The Models settings feature's public face: app/ imports it from here only. */
export { ModelsButton } from './ModelsButton';
export { ModelsSettingsDialog } from './ModelsSettingsDialog';
export { openModelsSettings } from './models-dialog-store';
