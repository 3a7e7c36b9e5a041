// What the layout shows about the device's offline state, loaded as one chunk when first needed
// (offline, unsent changes or a full disk), never with the app's entry.
export { OfflineBanner } from './offline-banner';
export { StorageAlert } from './storage-alert';
export { SyncBadge } from './sync-badge';
