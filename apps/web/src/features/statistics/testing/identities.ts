import type { RiderIdentity } from '@speedway/contracts';
import { DACKARNA, VARGARNA } from './data';

// Rider identities as GET /api/admin/riders sends them, for the admin screen's tests: one rider in
// two entries (a merge that may be wrong), one printed two ways, and entries without a season.

const entryId = (n: number) => `0e000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const identityId = (n: number) => `0d000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Anton Rosén: Vargarna 2012 and Dackarna 2011, one person across two clubs. */
export const ROSEN: RiderIdentity = {
  id: identityId(1),
  name: 'Anton Rosén',
  entries: [
    { entry_id: entryId(1), name: 'Anton Rosén', team: VARGARNA, season: 2012, heats: 14 },
    { entry_id: entryId(2), name: 'Anton Rosen', team: DACKARNA, season: 2011, heats: 9 },
  ],
};

/** The same man, printed without the accent by a file of 2010 without a season. */
export const ROSEN_TOO: RiderIdentity = {
  id: identityId(2),
  name: 'A. Rosen',
  entries: [{ entry_id: entryId(3), name: 'A. Rosen', team: DACKARNA, season: null, heats: 4 }],
};

/** Leon Madsen, who rode beside Rosén in Vargarna 2012: never the same person. */
export const MADSEN_IDENTITY: RiderIdentity = {
  id: identityId(3),
  name: 'Leon Madsen',
  entries: [{ entry_id: entryId(4), name: 'Leon Madsen', team: VARGARNA, season: 2012, heats: 86 }],
};

export const IDENTITIES: RiderIdentity[] = [ROSEN_TOO, ROSEN, MADSEN_IDENTITY];
