import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real TA pages saved in shared/sources/svemo-ta (beside the repository, as in CI).
const here = path.dirname(fileURLToPath(import.meta.url));
export const SAVED_2012 = path.resolve(here, '../../../../../shared/sources/svemo-ta/2012');

const read = (name: string) => readFileSync(path.join(SAVED_2012, name), 'utf8');

export const savedPages = {
  listPage1: () => read('events_2012_pg1.html'),
  listPage2: () => read('events_2012_pg2.html'),
  /** Piraterna 56–34 Hammarby, 2012-07-24, round 11 (CompetitionId 1259). */
  pirHam: () => read('scorecard_pir_ham_2012.html'),
  standings: () => read('standings_2012.html'),
};

export const PIR_HAM_ID = 1259;
