/** The resources feature's public face: app/ imports it from here only (named exports, nothing internal). */
export { ResourcesPanel } from './ResourcesPanel';
export { useResourcesStore } from './resources-store';
export { resourcesSlots } from './slots';
export { startResourcesSync } from './resources-sync';
