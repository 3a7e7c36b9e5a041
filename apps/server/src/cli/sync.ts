import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { OfficialSyncConfig } from '../config';
import type { Database } from '../db/client';
import { recompareSavedMatches } from '../features/protocol/index';
import {
  claimRun,
  configuredSource,
  executeRun,
  folderSource,
  SourceUnreadable,
  type SyncLine,
} from '../features/official/index';
import { startJobs } from '../jobs/jobs';

export const SYNC_USAGE =
  'npm run sync -- [--season YEAR]... [--url URL | --dir FOLDER]   (Svemo TA; default SVEMO_TA_URL and SVEMO_TA_SEASONS)';

const OUTCOME_WORDS: Record<SyncLine['outcome'], string> = {
  imported: 'importerad',
  updated: 'uppdaterad',
  unchanged: 'oförändrad',
  refused: 'avvisad',
};

export function lineText(line: SyncLine): string {
  const what = `${line.externalId ?? '(utan id)'}  ${line.title}`;
  return line.outcome === 'refused'
    ? `${what}: avvisad: ${line.reason}`
    : `${what}: ${OUTCOME_WORDS[line.outcome]}`;
}

/** The command failed as a whole: the source could not be read at all, or a run is going on. */
export class SyncCommandFailed extends Error {}

/**
 * `npm run sync`: one run now, against TA (SVEMO_TA_URL or --url) or a folder of saved pages
 * (--dir). Prints a line per match and a summary; fails (non-zero) only when the source could not
 * be read at all. Users hear of what it imported as from any import (the jobs are queued for the
 * server's workers).
 */
export async function syncCommand(
  args: string[],
  db: Database,
  options: {
    config: OfficialSyncConfig;
    appUrl: string;
    print?: (line: string) => void;
    cwd?: string;
  },
  log: FastifyBaseLogger = pino({ level: 'silent' }),
): Promise<string> {
  const { values } = parseArgs({
    args,
    options: {
      season: { type: 'string', multiple: true },
      url: { type: 'string' },
      dir: { type: 'string' },
    },
    strict: true,
  });
  if (values.url && values.dir)
    throw new SyncCommandFailed(`--url och --dir går inte ihop.\n${SYNC_USAGE}`);
  const seasons = values.season?.length
    ? values.season.map((season) => {
        if (!/^\d{4}$/.test(season))
          throw new SyncCommandFailed(`--season ska vara ett år: ${season}`);
        return Number(season);
      })
    : options.config.seasons;
  if (values.url && !/^https?:\/\//.test(values.url)) {
    throw new SyncCommandFailed(`--url ska vara en http- eller https-adress: ${values.url}`);
  }
  const cwd = options.cwd ?? process.env.INIT_CWD ?? process.cwd();
  let source;
  try {
    source = values.dir
      ? await folderSource(path.resolve(cwd, values.dir))
      : configuredSource(options.config, options.appUrl, values.url?.replace(/\/+$/, ''));
  } catch (err) {
    throw new SyncCommandFailed(
      `Mappen ${values.dir} gick inte att läsa: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const runId = await claimRun({ db }, { trigger: 'command', origin: source.origin, seasons });
  if (!runId) throw new SyncCommandFailed('En synkning pågår redan. Försök igen när den är klar.');
  const jobs = await startJobs(db, log, { runWorkers: false });
  try {
    const print = options.print ?? ((line: string) => console.log(line));
    const run = await executeRun(
      { db, log, jobs, officialResultsChanged: recompareSavedMatches },
      runId,
      { source, seasons, series: options.config.series, scope: 'all' },
      (line) => print(lineText(line)),
    );
    if (run.status === 'failed')
      throw new SyncCommandFailed(`Synkningen misslyckades: ${run.error}`);
    const c = run.counts;
    return (
      `Synkningen är klar (${source.origin}, ${seasons.join(', ')}): ${c.seen} matcher sedda, ` +
      `${c.imported} importerade, ${c.updated} uppdaterade, ${c.unchanged} oförändrade, ${c.refused} avvisade.`
    );
  } catch (err) {
    if (err instanceof SourceUnreadable) throw new SyncCommandFailed(err.message);
    throw err;
  } finally {
    await jobs.stop();
  }
}
