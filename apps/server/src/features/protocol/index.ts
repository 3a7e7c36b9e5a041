// The protocol feature as the rest of the server uses it (eslint.config.js: serverFeatures).
export { toMatch } from './protocol.mapper';
export { getMatch, officialForProtocol, protocolLineups } from './protocol.service';
export { PROTOCOL_NOT_FOUND } from './protocol-transaction';
export { recompareSavedMatches } from './saved/saved-matches.service';
