/** The network feature as other folders see it: import from here, never from its other files. */
export { OfflineBanner } from './offline-banner';
export { OfflineState } from './offline-state';
