// The push feature as the rest of the server uses it (eslint.config.js: serverLayers).
export { countDevices, exportDevices, pushToDevice, userDevices } from './devices';
export type { PushUrgency } from './push-sender';
export { vapidKeys } from './vapid';
