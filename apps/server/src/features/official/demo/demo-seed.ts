import type { OfficialImportSummary } from '@speedway/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { officialImportRepository } from '../import/official-import.repository';
import { importOfficialData, type ResultsChanged } from '../import/official-import.service';
import { buildDemoSeason } from './demo-season';

/**
 * Seeds the demo season through the ordinary import, once: only into a database without teams.
 * Concurrent starts on one database seed once (the import lock is taken before the check).
 */
export async function seedDemoData(
  db: Database,
  resultsChanged: ResultsChanged,
  now = new Date(),
): Promise<OfficialImportSummary | null> {
  return db.transaction(async (tx) => {
    await officialImportRepository.lockImports(tx);
    if ((await officialImportRepository.countTeams(tx)) > 0) return null;
    return importOfficialData(tx, buildDemoSeason(now), { resultsChanged });
  });
}

/** Server start: DEMO_DATA on → seed a fresh database. */
export async function seedDemoDataIfEnabled(
  config: Pick<Config, 'demoData'>,
  db: Database,
  resultsChanged: ResultsChanged,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<void> {
  if (!config.demoData) return;
  const seeded = await seedDemoData(db, resultsChanged);
  if (seeded) log.info(`DEMO_DATA: ${seeded.message}`);
}
