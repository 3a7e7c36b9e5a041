import {
  emptyTutorialState,
  isTutorialPageKey,
  type TutorialState,
  type TutorialStatus,
  type TutorialUpdateBody,
} from '@speedway/contracts';
import type { AppContext, Auth } from '../../context';
import type { Executor } from '../../db/client';
import { INTRO_GUIDE, tutorialsRepository, type ProgressReport } from './tutorials.repository';

async function readState(db: Executor, userId: string): Promise<TutorialState> {
  const state = emptyTutorialState();
  for (const row of await tutorialsRepository.list(db, userId)) {
    if (row.guide === INTRO_GUIDE) state.introCompleted = row.completed;
    else if (isTutorialPageKey(row.guide)) {
      state.pages[row.guide] = { completed: row.completed, step: row.step };
    }
  }
  return state;
}

export async function getStatus(ctx: AppContext, { user }: Auth): Promise<TutorialStatus> {
  return { tutorial: await readState(ctx.db, user.id) };
}

/** The reports a `{ tutorial }` body makes; a field left out (or a false completion) changes nothing. */
function reportsOf(tutorial: NonNullable<TutorialUpdateBody['tutorial']>): ProgressReport[] {
  const reports: ProgressReport[] = [];
  if (tutorial.introCompleted === true) reports.push({ guide: INTRO_GUIDE, completed: true });
  for (const [guide, page] of Object.entries(tutorial.pages ?? {})) {
    if (!page || (page.completed !== true && page.step === undefined)) continue;
    reports.push({ guide, completed: page.completed, step: page.step });
  }
  return reports;
}

/** One of the four update forms (contracts/tutorials.ts), then the state as it now stands. */
export async function updateStatus(
  ctx: AppContext,
  { user }: Auth,
  body: TutorialUpdateBody,
): Promise<TutorialStatus> {
  const tutorial = await ctx.db.transaction(async (tx) => {
    if (body.tutorial) {
      await tutorialsRepository.report(tx, user.id, reportsOf(body.tutorial));
    } else if (body.resetAllPages) {
      await tutorialsRepository.resetAllPages(tx, user.id);
      if (body.resetIntro) await tutorialsRepository.reset(tx, user.id, INTRO_GUIDE);
    } else if (body.pageName) {
      await tutorialsRepository.reset(tx, user.id, body.pageName);
    } else if (body.resetIntro) {
      await tutorialsRepository.reset(tx, user.id, INTRO_GUIDE);
    }
    return readState(tx, user.id);
  });
  return { tutorial };
}

/** The user's progress for the account export: every guide with a row, as stored. */
export async function exportProgress(ctx: AppContext, userId: string) {
  const rows = await tutorialsRepository.list(ctx.db, userId);
  return rows.map((row) => ({
    guide: row.guide,
    completed: row.completed,
    step: row.step,
    updated_at: row.updatedAt.toISOString(),
  }));
}
