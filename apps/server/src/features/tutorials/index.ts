// The tutorials feature as the rest of the server uses it (eslint.config.js: serverLayers).
export { exportProgress } from './tutorials.service';
