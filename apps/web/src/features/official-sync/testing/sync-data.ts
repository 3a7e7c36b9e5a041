import type { SyncRun, SyncStatus, Team, TeamNameMapping } from '@speedway/contracts';
import { makeAccount, signInAs } from '@/testing/data';
import { stubFetch } from '@/testing/fetch-stub';
import { makeTeam } from '@/testing/protocol-data';

export const RUN_ID = '6c2f1e8a-4b3d-4e5f-9a1b-2c3d4e5f6a70';
export const TA_URL = 'https://ta.svemo.se';

export function makeRun(overrides: Partial<SyncRun> = {}): SyncRun {
  return {
    id: RUN_ID,
    trigger: 'schedule',
    origin: TA_URL,
    seasons: [2026],
    status: 'done',
    started_at: '2026-05-12T17:57:00Z',
    finished_at: '2026-05-12T17:58:30Z',
    error: null,
    counts: { seen: 14, imported: 3, updated: 2, unchanged: 8, refused: 1 },
    refusals: [],
    ...overrides,
  };
}

export function makeStatus(overrides: Partial<SyncStatus> = {}): SyncStatus {
  return {
    source: 'svemo-ta',
    url: TA_URL,
    seasons: [2026],
    series: 'Elitserien',
    running: null,
    last_run: makeRun(),
    next_run_at: '2026-05-12T19:00:00Z',
    ...overrides,
  };
}

export const TEAMS: Team[] = [
  makeTeam({ id: '0d6b5a3c-1e2f-4a3b-8c4d-5e6f7a8b9c01', slug: 'vargarna', name: 'Vargarna' }),
  makeTeam({ id: '0d6b5a3c-1e2f-4a3b-8c4d-5e6f7a8b9c02', slug: 'piraterna', name: 'Piraterna' }),
  makeTeam({ id: '0d6b5a3c-1e2f-4a3b-8c4d-5e6f7a8b9c03', slug: 'dackarna', name: 'Dackarna' }),
];

export function makeMapping(sourceName: string, team: Team, abbreviation: string | null) {
  return {
    source_name: sourceName,
    abbreviation,
    team: { id: team.id, slug: team.slug, name: team.name },
  } satisfies TeamNameMapping;
}

type Routes = Parameters<typeof stubFetch>[0];

/** A signed-in super_admin on /admin/official-data, with a quiet source unless a test says else. */
export function asSuperAdmin(routes: Routes = {}) {
  signInAs('super_admin');
  return stubFetch({
    'GET /api/account/me': { json: makeAccount({ role: 'super_admin' }) },
    'GET /api/admin/official-sync': { json: makeStatus() },
    'GET /api/admin/official-sync/runs': { json: { runs: [makeRun()] } },
    'GET /api/admin/official-sync/team-names': { json: { mappings: [] } },
    'GET /api/teams': { json: TEAMS },
    ...routes,
  });
}
