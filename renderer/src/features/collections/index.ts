/** The collections feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { CollectionsPanel } from './CollectionsPanel';
export { collectionsSlots } from './slots';
export { startCollectionsSync } from './runs-store';
export { SaveRequestDialog } from './SaveRequestDialog';
export { askToSaveRequest } from './save-request-store';
