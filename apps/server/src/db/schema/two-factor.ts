import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Recovery codes for 2FA (features/account/recovery-codes.ts): shown once when 2FA is turned on
 * or the codes are renewed; only SHA-256 hashes are stored. Each signs in once, in place of a
 * TOTP code; turning 2FA off or renewing the codes deletes the old ones.
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.userId, t.codeHash)],
);
