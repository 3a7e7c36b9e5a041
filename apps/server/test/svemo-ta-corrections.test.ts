import { describe, expect, it } from 'vitest';
import { userWithRole } from './official-data';
import { eventually, inbox } from './notification-helpers';
import { api, completeProtocol } from './protocol-api';
import { withSwappedPoints } from './svemo-ta/derived-pages';
import { pirHamReference } from './svemo-ta/pir-ham-reference';
import { PIR_HAM_ID, savedPages } from './svemo-ta/saved-pages';
import { serve2012, syncOnce, taTestBed } from './svemo-ta/sync-harness';

// A result TA corrects after it was synced reaches the owners of saved protocols of the match as
// a file import's does: the comparison runs again and a differing protocol's owner is told.

const bed = taTestBed();

describe('a corrected scorecard on a later run', () => {
  it('updates the match, and the owner of a protocol that agreed before hears of the difference', async () => {
    serve2012(bed.standIn, { [PIR_HAM_ID]: savedPages.pirHam() });
    expect((await syncOnce(bed.ctx, bed.standIn)).byId('svemo-ta-1259')!.outcome).toBe('imported');

    const token = await userWithRole(bed.t, 'protokollforare@example.se', 'user');
    const call = api(bed.t, token);
    const list = (await call('GET', '/api/official-matches?season=2012')).json() as {
      id: string;
      external_id: string;
    }[];
    const officialId = list.find((m) => m.external_id === 'svemo-ta-1259')!.id;
    const heats = pirHamReference().matches[0]!.result.heats;
    const match = await completeProtocol(bed.t, token, officialId, heats);
    const confirmed = await call('PUT', `/api/matches/${match.id}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [saved] = (await call('GET', '/api/user/matches')).json() as {
      id: string;
      status: string;
    }[];
    expect(saved!.status).toBe('validated');

    // TA corrects heat 1: Holder (1) first and Sundström (2) third; each rider's S:a follows.
    bed.standIn.scorecards.set(PIR_HAM_ID, withSwappedPoints(savedPages.pirHam(), 0, 1, 2, 1));
    const { byId } = await syncOnce(bed.ctx, bed.standIn);
    expect(byId('svemo-ta-1259')!.outcome).toBe('updated');

    // The final score still agrees (the spec's discrepancy): validated, and the heat told.
    const notice = await eventually(
      async () =>
        (await inbox(bed.t, token)).find(
          (item) => item.kind === 'result_validation' && /Heat 1/.test(item.body),
        ),
      'the notice of the corrected heat',
    );
    expect(notice).toMatchObject({
      title: 'Protokoll validerat',
      deeplink: `/my-matches/saved/${saved!.id}`,
    });
    expect(notice.body).toBe(
      'Piraterna – Hammarby: ditt protokoll stämmer med det officiella resultatet 56–34. Heat 1 skiljer sig.',
    );
    const copy = (await call('GET', `/api/user/matches/${saved!.id}`)).json();
    expect(copy.status).toBe('validated');
    expect(copy.heat_discrepancies.map((d: { heat_number: number }) => d.heat_number)).toEqual([1]);
  });
});
