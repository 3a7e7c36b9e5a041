// The auth feature as the rest of the server uses it (eslint.config.js: serverLayers).
export { enqueueAuthMail, enqueueNotice } from './auth-mail';
export { toUserDto } from './auth.mapper';
export { countVerificationMail, createSession, queueVerification } from './auth.service';
export type { SessionRow, UserRow } from './sessions.repository';
export {
  endOtherSessions,
  endSession,
  liveSessions,
  pruneExpired,
  signedIn,
} from './sessions.service';
export { turnOffTwoFactor } from './two-factor-state';
export {
  deleteUser,
  enableTwoFactor,
  findUserByEmail,
  newRecoveryCodes,
  queueAddressRevert,
  saveProfile,
  setPassword,
  setPendingTwoFactor,
  upsertUser,
  voidAddressVerification,
} from './users.service';
