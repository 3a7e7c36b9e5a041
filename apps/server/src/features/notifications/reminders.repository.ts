import { DEFAULT_NOTIFICATION_SETTINGS } from '@speedway/contracts';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { follows, matches, matchReminders, officialMatches, teams } from '../../db/schema/index';

export type ReminderScope = { userId?: string; officialMatchIds?: readonly string[] };
export type ReminderRow = typeof matchReminders.$inferSelect;

/** A user's interest in an official match (a follow or a protocol of it) with what decides when. */
export type Interest = {
  userId: string;
  officialMatchId: string;
  startsAt: Date | null;
  enabled: boolean;
  minutesBefore: number;
};

const homeTeams = alias(teams, 'home_teams');
const awayTeams = alias(teams, 'away_teams');

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

function scopeOf(scope: ReminderScope, userColumn: SQL, matchColumn: SQL): SQL {
  const parts: SQL[] = [sql`true`];
  if (scope.userId) parts.push(sql`${userColumn} = ${scope.userId}`);
  if (scope.officialMatchIds)
    parts.push(sql`${matchColumn} = ANY(${uuidArray(scope.officialMatchIds)})`);
  return sql.join(parts, sql` AND `);
}

const DEFAULT_REMINDER = DEFAULT_NOTIFICATION_SETTINGS.push.match_reminder;

export const remindersRepository = {
  /** Who follows or has a protocol of the matches in scope, with their reminder settings. */
  async interests(db: Executor, scope: ReminderScope): Promise<Interest[]> {
    const result = await db.execute<{
      user_id: string;
      official_match_id: string;
      starts_at: string | Date | null;
      enabled: boolean;
      minutes: number;
    }>(sql`
      SELECT i.user_id, i.official_match_id, om.starts_at,
        COALESCE((ns.settings->'push'->'match_reminder'->>'enabled')::boolean,
          ${DEFAULT_REMINDER.enabled}) AS enabled,
        COALESCE((ns.settings->'push'->'match_reminder'->>'minutesBefore')::int,
          ${DEFAULT_REMINDER.minutesBefore}) AS minutes
      FROM (
        SELECT user_id, official_match_id FROM ${follows}
          WHERE ${scopeOf(scope, sql`user_id`, sql`official_match_id`)}
        UNION
        SELECT created_by, official_match_id FROM ${matches}
          WHERE official_match_id IS NOT NULL
            AND ${scopeOf(scope, sql`created_by`, sql`official_match_id`)}
      ) i
      JOIN ${officialMatches} om ON om.id = i.official_match_id
      LEFT JOIN notification_settings ns ON ns.user_id = i.user_id`);
    return result.rows.map((r) => ({
      userId: r.user_id,
      officialMatchId: r.official_match_id,
      startsAt: r.starts_at === null ? null : new Date(r.starts_at),
      enabled: r.enabled,
      minutesBefore: Number(r.minutes),
    }));
  },

  /** The reminders in scope, locked while they are brought up to date. */
  async lockInScope(db: Executor, scope: ReminderScope): Promise<ReminderRow[]> {
    const where: SQL[] = [];
    if (scope.userId) where.push(eq(matchReminders.userId, scope.userId));
    if (scope.officialMatchIds) {
      where.push(
        sql`${matchReminders.officialMatchId} = ANY(${uuidArray(scope.officialMatchIds)})`,
      );
    }
    return db
      .select()
      .from(matchReminders)
      .where(and(...where))
      .for('update');
  },

  /** A new reminder; undefined when the user already has one for the match (sent or not). */
  async insert(
    db: Executor,
    values: { userId: string; officialMatchId: string; fireAt: Date },
  ): Promise<ReminderRow | undefined> {
    const [row] = await db
      .insert(matchReminders)
      .values(values)
      .onConflictDoNothing({ target: [matchReminders.userId, matchReminders.officialMatchId] })
      .returning();
    return row;
  },

  async reschedule(db: Executor, id: string, fireAt: Date, jobId: string | null): Promise<void> {
    await db
      .update(matchReminders)
      .set({ fireAt, jobId })
      .where(and(eq(matchReminders.id, id), isNull(matchReminders.sentAt)));
  },

  async deleteUnsent(db: Executor, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .delete(matchReminders)
      .where(and(inArray(matchReminders.id, ids), isNull(matchReminders.sentAt)));
  },

  async markSent(db: Executor, id: string, at: Date): Promise<void> {
    await db.update(matchReminders).set({ sentAt: at }).where(eq(matchReminders.id, id));
  },

  /** A reminder with its match, locked for firing. */
  async lockForFiring(db: Executor, id: string) {
    const [row] = await db
      .select({
        reminder: matchReminders,
        startsAt: officialMatches.startsAt,
        venue: officialMatches.venue,
        home: homeTeams.name,
        away: awayTeams.name,
      })
      .from(matchReminders)
      .innerJoin(officialMatches, eq(officialMatches.id, matchReminders.officialMatchId))
      .innerJoin(homeTeams, eq(homeTeams.id, officialMatches.homeTeamId))
      .innerJoin(awayTeams, eq(awayTeams.id, officialMatches.awayTeamId))
      .where(eq(matchReminders.id, id))
      .for('update', { of: matchReminders });
    return row;
  },

  /**
   * Unsent reminders overdue by `graceMs` whose job is gone or finished (failed for good,
   * cancelled, deleted): locked, skipping those another instance is sweeping. Reads pg-boss's
   * own table, the one place outside jobs/jobs.ts that does.
   */
  async lockOrphans(db: Executor, now: Date, graceMs: number): Promise<ReminderRow[]> {
    const result = await db.execute<{ id: string }>(sql`
      SELECT r.id FROM match_reminders r
      LEFT JOIN pgboss.job j ON j.id = r.job_id AND j.name = 'match-reminder'
      WHERE r.sent_at IS NULL
        AND r.fire_at < ${new Date(now.getTime() - graceMs).toISOString()}::timestamptz
        AND (j.id IS NULL OR j.state IN ('completed', 'failed', 'cancelled'))
      ORDER BY r.fire_at
      LIMIT 500
      FOR UPDATE OF r SKIP LOCKED`);
    const ids = result.rows.map((r) => r.id);
    if (ids.length === 0) return [];
    return db.select().from(matchReminders).where(inArray(matchReminders.id, ids));
  },

  /** Forgets reminders sent before `before` (their matches are long over). */
  async pruneSent(db: Executor, before: Date): Promise<number> {
    const rows = await db
      .delete(matchReminders)
      .where(sql`${matchReminders.sentAt} < ${before.toISOString()}::timestamptz`)
      .returning({ id: matchReminders.id });
    return rows.length;
  },

  /** The unsent reminders' jobs of a user (to cancel with the account). */
  async pendingJobIds(db: Executor, userId: string): Promise<string[]> {
    const rows = await db
      .select({ jobId: matchReminders.jobId })
      .from(matchReminders)
      .where(and(eq(matchReminders.userId, userId), isNull(matchReminders.sentAt)));
    return rows.flatMap((r) => (r.jobId ? [r.jobId] : []));
  },

  async exportOf(db: Executor, userId: string) {
    const rows = await db.select().from(matchReminders).where(eq(matchReminders.userId, userId));
    return rows.map((r) => ({
      official_match_id: r.officialMatchId,
      fire_at: r.fireAt.toISOString(),
      sent_at: r.sentAt?.toISOString() ?? null,
    }));
  },
};
