/** The traffic feature's public face: the app imports it from here only. */
export { TrafficPanel } from './TrafficPanel';
export { collectLiveExport, downloadLiveExport, downloadText, exportFileName } from './traffic-files';
export { useTrafficPanelStore } from './traffic-panel-store';
export { trafficSlots } from './slots';
