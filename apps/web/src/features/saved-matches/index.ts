// What other parts of the app take from saved matches. Only the save button: the protocol page
// imports this, and the list and detail screens stay out of its chunk (routes import them directly).
export {
  SaveProtocolButton,
  type SaveProtocolButtonProps,
} from './components/save-protocol-button';
export { useSaveProtocol } from './api/save-protocol';
