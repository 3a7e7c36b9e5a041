import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { clock } from './clock';
import { notificationsRepository } from './notifications.repository';
import { notify, type NotifyDeps } from './notify';
import {
  remindersRepository as repo,
  type Interest,
  type ReminderRow,
  type ReminderScope,
} from './reminders.repository';

// Match reminders (push.match_reminder): minutesBefore the start of every official match a user
// follows or has a protocol of, once per user and match. A row per reminder in match_reminders
// says when it is due; a pg-boss job fires it then. Whatever can change the time (the import's
// start times, the user's minutes, a follow) calls syncReminders for what it touched, in its own
// transaction; a moved reminder gets a new job and the old one is cancelled (and would find its
// time changed and do nothing if it ran anyway).

export type ReminderJob = { reminderId: string; fireAt: string };

type Deps = NotifyDeps;

/** When the reminder is due: minutesBefore the start, or now when that has passed already. */
function dueAt(interest: Interest, now: Date): Date | null {
  if (!interest.enabled || !interest.startsAt || interest.startsAt <= now) return null;
  const at = new Date(interest.startsAt.getTime() - interest.minutesBefore * 60_000);
  return at > now ? at : now;
}

/** Both due already (firing now), or the same moment. */
function sameTime(a: Date, b: Date, now: Date): boolean {
  return a.getTime() === b.getTime() || (a <= now && b <= now);
}

async function schedule(deps: Deps, tx: Executor, row: ReminderRow, fireAt: Date) {
  const job: ReminderJob = { reminderId: row.id, fireAt: fireAt.toISOString() };
  // Due already: now (by the database's clock too, whatever the feature's clock says).
  const due = fireAt <= clock.now();
  const jobId = await deps.jobs.send('match-reminder', job, {
    tx,
    ...(due ? {} : { startAfter: fireAt }),
  });
  await repo.reschedule(tx, row.id, fireAt, jobId);
  if (row.jobId) await deps.jobs.cancel('match-reminder', [row.jobId], { tx });
}

/**
 * Brings the reminders in scope in line with follows, protocols, start times and settings:
 * creates the missing, moves the changed and removes those no longer wanted (and their jobs).
 * Sent reminders stay as they are: a reminder is sent once.
 */
export async function syncReminders(deps: Deps, tx: Executor, scope: ReminderScope) {
  if (scope.officialMatchIds?.length === 0) return;
  const now = clock.now();
  const existing = new Map(
    (await repo.lockInScope(tx, scope)).map((r) => [`${r.userId}:${r.officialMatchId}`, r]),
  );
  const stale: ReminderRow[] = [];
  const wanted = new Map<string, { interest: Interest; at: Date }>();
  for (const interest of await repo.interests(tx, scope)) {
    const at = dueAt(interest, now);
    if (at) wanted.set(`${interest.userId}:${interest.officialMatchId}`, { interest, at });
  }
  for (const [key, row] of existing) {
    if (row.sentAt) continue;
    const want = wanted.get(key);
    if (!want) stale.push(row);
    else if (!sameTime(row.fireAt, want.at, now)) await schedule(deps, tx, row, want.at);
  }
  for (const [key, { interest, at }] of wanted) {
    if (existing.has(key)) continue;
    const row = await repo.insert(tx, {
      userId: interest.userId,
      officialMatchId: interest.officialMatchId,
      fireAt: at,
    });
    if (row) await schedule(deps, tx, row, at);
  }
  await repo.deleteUnsent(
    tx,
    stale.map((r) => r.id),
  );
  const jobs = stale.flatMap((r) => (r.jobId ? [r.jobId] : []));
  await deps.jobs.cancel('match-reminder', jobs, { tx });
}

/** How long past its time an unsent reminder may be before the sweep looks at it. */
const SWEEP_GRACE_MS = 2 * 60_000;
export const SWEEP_CRON = '*/5 * * * *';

/** Sent reminders are kept this long (so that each is sent once), then forgotten. */
const SENT_KEPT_MS = 30 * 24 * 60 * 60_000;

/**
 * The safety net of notification-sweep: a reminder overdue without a live job (its job failed
 * for good, or was lost) gets a new one at once. Its worker then sends it or, if the match has
 * started, drops it. Returns how many were queued again. Reminders sent a month ago go.
 */
export async function sweepReminders(deps: Deps & Pick<AppContext, 'db'>): Promise<number> {
  await repo.pruneSent(deps.db, new Date(clock.now().getTime() - SENT_KEPT_MS));
  return deps.db.transaction(async (tx) => {
    const orphans = await repo.lockOrphans(tx, clock.now(), SWEEP_GRACE_MS);
    for (const row of orphans) await schedule(deps, tx, { ...row, jobId: null }, row.fireAt);
    if (orphans.length > 0) {
      deps.log.warn({ reminders: orphans.length }, 'overdue match reminders queued again');
    }
    return orphans.length;
  });
}

/** Cancels every reminder job of a user (the account is being deleted). */
export async function cancelUserReminders(deps: Deps, tx: Executor, userId: string) {
  await deps.jobs.cancel('match-reminder', await repo.pendingJobIds(tx, userId), { tx });
}

const KICKOFF = new Intl.DateTimeFormat('sv-SE', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Stockholm',
});

function inMinutes(start: Date, now: Date): string {
  const minutes = Math.max(1, Math.round((start.getTime() - now.getTime()) / 60_000));
  if (minutes === 1) return 'om 1 minut';
  if (minutes < 120) return `om ${minutes} minuter`;
  const hours = Math.round(minutes / 60);
  return `om ${hours} timmar`;
}

/**
 * The worker of match-reminder. In one transaction with the reminder locked: a job whose time
 * is no longer the reminder's (moved) or that was sent already does nothing; otherwise the
 * inbox item and the push are made and the reminder marked sent. A match that has started
 * meanwhile is not reminded of (logged).
 */
export function reminderWorker(ctx: AppContext) {
  return (job: ReminderJob) =>
    ctx.db.transaction(async (tx) => {
      const found = await repo.lockForFiring(tx, job.reminderId);
      if (!found) return;
      const { reminder, startsAt, home, away, venue } = found;
      if (reminder.sentAt || reminder.fireAt.getTime() !== Date.parse(job.fireAt)) return;
      const now = clock.now();
      if (!startsAt || startsAt <= now) {
        ctx.log.info(
          { reminder: reminder.id, startsAt },
          'match reminder dropped: the match has started',
        );
        await repo.markSent(tx, reminder.id, now);
        return;
      }
      // Still wanted? (A protocol deleted since, with no follow, ends the interest.)
      const [interest] = await repo.interests(tx, {
        userId: reminder.userId,
        officialMatchIds: [reminder.officialMatchId],
      });
      if (!interest?.enabled) {
        await repo.deleteUnsent(tx, [reminder.id]);
        return;
      }
      const settings = await notificationsRepository.settings(tx, reminder.userId);
      await notify(
        ctx,
        tx,
        {
          userId: reminder.userId,
          kind: 'match_reminder',
          eventKey: `match_reminder:${reminder.officialMatchId}`,
          title: 'Matchen börjar snart',
          body: `${home} – ${away} börjar kl. ${KICKOFF.format(startsAt)} (${inMinutes(startsAt, now)})${venue ? ` på ${venue}` : ''}.`,
          deeplink: `/matches/official/${reminder.officialMatchId}`,
          extra: { official_match_id: reminder.officialMatchId, starts_at: startsAt.toISOString() },
          staleAt: startsAt,
        },
        settings,
      );
      await repo.markSent(tx, reminder.id, now);
    });
}
