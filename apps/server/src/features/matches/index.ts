// The matches feature as the rest of the server uses it (eslint.config.js: serverLayers).
export { toMatch } from './matches.mapper';
export { getMatch, officialForProtocol, protocolLineups } from './matches.service';
export { PROTOCOL_NOT_FOUND } from './protocol-transaction';
export { recompareSavedMatches } from './saved/saved-matches.service';
