import type { FastifyBaseLogger } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import type { Database } from '../db/client';
import { recompareSavedMatches } from '../features/protocol/index';
import { notifyImport } from '../features/notifications/index';
import { ImportRejected, importOfficialData, issueText } from '../features/official/index';
import { startJobs } from '../jobs/jobs';

/**
 * `npm run import -- FILE.json`: imports a `speedway-official/1` file in one transaction. A file
 * that breaks any rule is rejected whole, with every problem named by match and field. Users hear
 * of it as from the API's import (reminders, results, new matches): the jobs are queued in the
 * import's transaction for the server's workers to send.
 */
export async function importCommand(
  args: string[],
  db: Database,
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the command was typed.
  cwd = process.env.INIT_CWD ?? process.cwd(),
  log: FastifyBaseLogger = pino({ level: 'silent' }),
): Promise<string> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0) throw new Error('Usage: npm run import -- FILE.json');
  const fullPath = path.resolve(cwd, file);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(fullPath, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  const jobs = await startJobs(db, log, { runWorkers: false });
  try {
    const summary = await importOfficialData(db, raw, {
      resultsChanged: recompareSavedMatches,
      onImported: (tx, outcome) => notifyImport({ jobs, log }, tx, outcome),
    });
    return summary.message;
  } catch (err) {
    if (!(err instanceof ImportRejected)) throw err;
    throw new Error(
      [
        `${file} avvisades, inget importerades (${err.issues.length} fel):`,
        ...err.issues.map(issueText),
      ].join('\n'),
      { cause: err },
    );
  } finally {
    await jobs.stop();
  }
}
