import type { NotificationSettings } from '@speedway/contracts';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { notificationsRepository } from './notifications.repository';
import { notify, type Notice } from './notify';
import {
  heatsNote,
  savedLink,
  type ImportNotificationsJob,
  type ToldComparison,
} from './producers';
import { producersRepository as repo } from './producers.repository';
import { syncReminders } from './reminders';
import { describeDifferences, fixtureLine, matchName } from './texts';

// The worker of `import-notifications` (one job per official import, queued in the import's
// transaction by notifyImport): moves the reminders of the updated matches, tells saved protocols'
// owners how they compare with the new results and sends the digest of new matches, each in its
// own transactions, after the import has committed.
//
// Retry-safe: every item has an event key naming the import (`conflict_detected:<saved>:<import>`,
// `result_validation:<saved>:<import>`, `match_created:<import>`) and notifications has a unique
// (user_id, event_key); notify inserts ON CONFLICT DO NOTHING and queues mail and push only for a
// row it inserted, in the same transaction. So a retried job, or the same job run on two instances
// at once, makes each item (and its mail and pushes) once. syncReminders brings reminders in line
// with the stored start times, which is the same however often it runs.

/** Users told per transaction: small enough to keep locks short, large enough to be quick. */
const USERS_PER_TRANSACTION = 200;

type Ctx = Pick<AppContext, 'db' | 'jobs' | 'log'>;

/** SQLSTATEs of a race with an account deletion: a foreign key gone, a deadlock. */
const RACE_CODES = new Set(['23503', '40P01']);

function raceCode(err: unknown): string | undefined {
  const { code, cause } = (err ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const found = typeof code === 'string' ? code : cause?.code;
  return typeof found === 'string' && RACE_CODES.has(found) ? found : undefined;
}

/** Runs `work` again (at most three times) when it lost a race with an account deletion. */
async function retryingRaces<T>(ctx: Ctx, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const code = raceCode(err);
      if (!code || attempt >= 3) throw err;
      ctx.log.info({ code, attempt }, 'import notifications: raced an account deletion; again');
    }
  }
}

/**
 * Notices for many users, USERS_PER_TRANSACTION users a transaction: the users still there are
 * locked first (a deleted one is skipped), then each of theirs is made by notify.
 */
async function notifyLiveUsers(
  ctx: Ctx,
  notices: readonly Notice[],
  settingsOf?: (tx: Executor, userIds: string[]) => Promise<Map<string, NotificationSettings>>,
): Promise<number> {
  let made = 0;
  for (let i = 0; i < notices.length; i += USERS_PER_TRANSACTION) {
    const batch = notices.slice(i, i + USERS_PER_TRANSACTION);
    made += await retryingRaces(ctx, () =>
      ctx.db.transaction(async (tx) => {
        const live = await repo.lockLiveUsers(
          tx,
          batch.map((n) => n.userId),
        );
        const settings = settingsOf ? await settingsOf(tx, [...live]) : undefined;
        let inserted = 0;
        for (const notice of batch) {
          if (!live.has(notice.userId)) continue;
          if (await notify(ctx, tx, notice, settings?.get(notice.userId))) inserted++;
        }
        return inserted;
      }),
    );
  }
  return made;
}

/** conflict_detected or result_validation for each saved copy the import told of. */
async function resultNotices(ctx: Ctx, job: ImportNotificationsJob): Promise<Notice[]> {
  const teams = await repo.protocolTeams(
    ctx.db,
    job.recompared.map((c) => c.matchId),
  );
  return job.recompared.map((c: ToldComparison): Notice => {
    const names = teams.get(c.matchId) ?? { homeTeam: 'Hemmalag', awayTeam: 'Bortalag' };
    const common = {
      userId: c.userId,
      deeplink: savedLink(c.userMatchId),
      extra: { user_match_id: c.userMatchId, status: c.after.status },
    };
    if (c.after.status === 'disputed') {
      return {
        ...common,
        kind: 'conflict_detected',
        eventKey: `conflict_detected:${c.userMatchId}:${job.importId}`,
        title: 'Skillnader mot officiella resultat',
        body: `${matchName(names)}: ditt protokoll skiljer sig från det officiella resultatet. ${describeDifferences(names, c.after.discrepancies, c.after.heatDiscrepancies)}`,
      };
    }
    return {
      ...common,
      kind: 'result_validation',
      eventKey: `result_validation:${c.userMatchId}:${job.importId}`,
      title: 'Protokoll validerat',
      body: `${matchName(names)}: ditt protokoll stämmer med det officiella resultatet ${c.after.homeScore}–${c.after.awayScore}.${heatsNote(names, c.after)}`,
    };
  });
}

/** How many new matches a digest names before "och N till". */
const DIGEST_LINES = 5;

/**
 * match_created: one digest per import that published new matches, to every verified user who
 * either turned on e-mail about new matches, or follows (or has a protocol of) a match of a team
 * that plays in one of them, as of the publication. Mail goes only to those who turned it on.
 */
async function digestNotices(ctx: Ctx, job: ImportNotificationsJob): Promise<Notice[]> {
  const ids = job.createdMatchIds;
  if (ids.length === 0) return [];
  const digest = await repo.newMatches(ctx.db, ids, DIGEST_LINES);
  const recipients = await repo.matchCreatedRecipients(ctx.db, digest.teamIds, digest.publishedAt);
  const lines = digest.first.map(fixtureLine);
  const more = ids.length - lines.length;
  const common = {
    kind: 'match_created' as const,
    eventKey: `match_created:${job.importId}`,
    title: ids.length === 1 ? 'Ny match publicerad' : `${ids.length} nya matcher publicerade`,
    body: `${lines.join('\n')}${more > 0 ? `\noch ${more} till` : ''}`,
    deeplink: ids.length === 1 ? `/matches/official/${ids[0]}` : '/matches',
    extra: { official_match_ids: ids.slice(0, 50), count: ids.length },
  };
  return recipients.map((userId) => ({ ...common, userId }));
}

/** Makes what an import tells; returns how many inbox items it made (0 when all existed). */
export async function produceImportNotifications(
  ctx: Ctx,
  job: ImportNotificationsJob,
): Promise<number> {
  if (job.updatedMatchIds.length > 0) {
    await retryingRaces(ctx, () =>
      ctx.db.transaction((tx) => syncReminders(ctx, tx, { officialMatchIds: job.updatedMatchIds })),
    );
  }
  const results = await notifyLiveUsers(ctx, await resultNotices(ctx, job));
  const digests = await notifyLiveUsers(ctx, await digestNotices(ctx, job), (tx, ids) =>
    notificationsRepository.settingsOf(tx, ids),
  );
  return results + digests;
}

export function importNotificationsWorker(ctx: Ctx) {
  return async (job: ImportNotificationsJob) => {
    await produceImportNotifications(ctx, job);
  };
}
