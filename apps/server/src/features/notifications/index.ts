// The notifications feature as the rest of the server uses it (eslint.config.js: serverLayers).
export { exportNotificationData, forgetNotificationData } from './account-data';
export type { NotifyDeps } from './notify';
export {
  notifyImport,
  notifyProtocolSaved,
  type ImportOutcome,
  type Recomparison,
  type SavedComparison,
} from './producers';
export { syncReminders } from './reminders';
