import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Single-use links sent by mail (verification, password reset, undoing an e-mail change,
 * cancelling a removal of 2FA); only hashes are stored. A row is written with the change that
 * asks for the mail, in its transaction; the token itself is made by the mail job when it sends
 * the mail, so no usable link ever sits in the database or the job queue (token_hash is null
 * until then).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({
      enum: ['verify_email', 'reset_password', 'revert_email', 'cancel_two_factor_removal'],
    }).notNull(),
    tokenHash: text().unique(),
    // Where the mail goes: the address a verification link confirms (a later e-mail change voids
    // older links), or for revert_email the old address that the link restores. A
    // cancel_two_factor_removal row is a pending removal of 2FA asked for from the sign-in step
    // (features/auth/two-factor-removal.ts): it expires when the removal is due.
    email: text().notNull(),
    // A registration's own password (argon2id hash): verifying that registration's link makes it
    // the account's password, so only the person who reads the mailbox decides the credential.
    passwordHash: text(),
    // Which device asked (e.g. 'Chrome på Windows'), named in the mail.
    requestedFrom: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

/** The second step of a login with 2FA: single-use, five minutes. */
export const loginTickets = pgTable('login_tickets', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  ticketHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
