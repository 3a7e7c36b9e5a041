import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  displayName: text(),
  username: text(),
  role: text({ enum: ['user', 'club_admin', 'super_admin'] })
    .notNull()
    .default('user'),
  clubSlug: text(),
  avatarUrl: text(),
  // Whether `email` is verified: it stays the sign-in and mail address during a change.
  emailVerifiedAt: timestamp({ withTimezone: true }),
  // The address an e-mail change waits to move to (features/account/account.service.ts): set for
  // a free and a taken address alike, moved into `email` only by its verification link. Not
  // unique: several accounts may ask for one address, and none of them learns about the others.
  pendingEmail: text(),
  // TOTP secrets are stored encrypted with APP_SECRET (AES-256-GCM).
  twoFactorSecret: text(),
  twoFactorPendingSecret: text(),
  twoFactorEnabled: boolean().notNull().default(false),
  // When 2FA was last turned on: an e-mail change undone removes 2FA set up after the change.
  twoFactorEnabledAt: timestamp({ withTimezone: true }),
  // The last TOTP time step accepted, so that a code can never be used twice.
  lastTotpStep: integer(),
  // Raised by triggers (migration 0005) whenever the user's protocols, saved protocols or follows
  // change: a per-instance cache of what the user has is current exactly at this version.
  relationsVersion: bigint({ mode: 'number' }).notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
