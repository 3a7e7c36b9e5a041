// The official feature as the rest of the server uses it (eslint.config.js: serverLayers).
export { seedDemoDataIfEnabled } from './demo/demo-seed';
export { ImportRejected, issueText } from './import/import-issues';
export { importOfficialData, type ResultsChanged } from './import/official-import.service';
export {
  latestLineupNumbers,
  OFFICIAL_MATCH_NOT_FOUND,
  officialLineups,
  officialMatchForProtocol,
  playedMatches,
} from './official.service';
export { fillRiderIdentities } from './riders/assign-identities';
export { normalizeRiderName } from './riders/rider-name';
export { folderSource, SourceUnreadable } from './svemo-ta/ta-source';
export type { SyncLine } from './sync/sync-run';
export { claimRun, configuredSource, executeRun } from './sync/sync.service';
