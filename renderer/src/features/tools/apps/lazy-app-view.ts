import { lazy } from 'react';

/** The app host (ext-apps' AppBridge and its schemas) loads only when an app is first shown. */
export const LazyAppView = lazy(() => import('./AppView').then((module) => ({ default: module.AppView })));
