/** The traffic feature's public face: other features and the app import it from here only. */
export * from './CopyButton';
export * from './TrafficPanel';
export * from './compact-traffic-log';
export * from './traffic-files';
export * from '../../../../shared/filter/traffic-filter';
export * from './traffic-store';
export * from './traffic-view';
export * from './use-traffic-view';
